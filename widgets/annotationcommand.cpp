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
    if (m_annotation.kind == Annotation::Kind::Lesson) {
        // Stored as given (scope and time are set by the controller), so that undo finds exactly this one.
        if (!m_stored) {
            const auto current = m_curation.annotations(m_target, &error);
            if (current)
                for (const Annotation& a : *current)
                    if (a.kind == Annotation::Kind::Lesson && a.scope == m_annotation.scope)
                        m_replaced.append(a);
            m_stored = current.has_value();
        }
        if (!m_stored || !m_curation.swap(m_target, m_replaced, { m_annotation }, &error))
            setObsolete(true);
        m_report(m_target.trajectoryId, error);
        return;
    }
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
    if (m_annotation.kind == Annotation::Kind::Lesson) {
        if (!m_curation.swap(m_target, { m_annotation }, m_replaced, &error))
            setObsolete(true);
        m_report(m_target.trajectoryId, error);
        return;
    }
    if (!m_curation.remove(m_target, m_annotation, &error))
        setObsolete(true);
    m_report(m_target.trajectoryId, error);
}

} // namespace kwb
