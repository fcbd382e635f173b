#include "labeltrajectoriescommand.h"

namespace kwb {

LabelTrajectoriesCommand::LabelTrajectoriesCommand(Curation& curation, const QList<qint64>& trajectoryIds, const QString& label,
    const QString& author, const QString& text, Report report)
    : QUndoCommand(text)
    , m_curation(curation)
    , m_ids(trajectoryIds)
    , m_label(label)
    , m_author(author)
    , m_report(std::move(report))
{
}

void LabelTrajectoriesCommand::redo()
{
    apply(true);
}

void LabelTrajectoriesCommand::undo()
{
    apply(false);
}

void LabelTrajectoriesCommand::apply(bool add)
{
    QString error;
    if (!m_curation.labelTrajectories(m_ids, m_label, add, m_author, &error))
        setObsolete(true);
    m_report(error);
}

} // namespace kwb
