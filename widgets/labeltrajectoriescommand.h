#pragma once

#include "curate/curation.h"

#include <QUndoCommand>

#include <functional>

namespace kwb {

// One label on many trajectories at once (Label All in View): redo labels them, undo takes the label off the same
// ids again, each in one transaction. The ids are those that did not carry the label yet, so undo leaves the rest.
class LabelTrajectoriesCommand : public QUndoCommand
{
public:
    using Report = std::function<void(const QString& error)>; // error empty: it worked

    LabelTrajectoriesCommand(Curation& curation, const QList<qint64>& trajectoryIds, const QString& label, const QString& author,
        const QString& text, Report report);

    void redo() override;
    void undo() override;

private:
    void apply(bool add);

    Curation& m_curation;
    QList<qint64> m_ids;
    QString m_label;
    QString m_author;
    Report m_report;
};

} // namespace kwb
