#include "annotationcommand.h"

namespace kwb {

AnnotationCommand::AnnotationCommand(Curation& curation, const Curation::Target& target, const Annotation& annotation,
    const QString& text, Report report)
    : QUndoCommand(text)
    , m_curation(curation)
    , m_target(target)
    , m_annotation(annotation)
    , m_report(std::move(report))
{
}

void AnnotationCommand::redo()
{
    QString error;
    bool ok = m_curation.add(m_target, m_annotation, &error);
    if (ok && !m_stored) {
        const auto stored = m_curation.annotations(m_target, &error);
        ok = stored && !stored->isEmpty();
        if (ok) {
            m_annotation = stored->last();
            m_stored = true;
        }
    }
    if (!ok)
        setObsolete(true);
    m_report(m_target.trajectoryId, error);
}

void AnnotationCommand::undo()
{
    QString error;
    if (!m_curation.remove(m_target, m_annotation, &error))
        setObsolete(true);
    m_report(m_target.trajectoryId, error);
}

} // namespace kwb
