#pragma once

#include "curate/curation.h"

#include <QUndoCommand>

#include <functional>

namespace kwb {

// One annotation on a trajectory, a turn or a branch: redo adds it through Curation, undo removes exactly what was
// added (with the time stamp and the overridden reward the store gave it). A lesson replaces the lesson of the same
// scope that was there, and undo puts that one back. A failed step reports its sentence and leaves the stack.
class AnnotationCommand : public QUndoCommand
{
public:
    using Report = std::function<void(qint64 trajectoryId, const QString& error)>; // error empty: it worked

    AnnotationCommand(Curation& curation, const Curation::Target& target, const Annotation& annotation, const QString& text,
        Report report);

    void redo() override;
    void undo() override;

    const Annotation& annotation() const { return m_annotation; }

private:
    Curation& m_curation;
    Curation::Target m_target;
    Annotation m_annotation;
    bool m_stored = false; // m_annotation is what the store holds, read back after the first redo
    QList<Annotation> m_replaced; // a lesson's predecessors of its scope, read at the first redo
    Report m_report;
};

} // namespace kwb
