#pragma once

#include "curate/curation.h"

#include <QElapsedTimer>
#include <QList>
#include <QObject>

#include <functional>

#include <memory>
#include <optional>

class QMenu;
class QUndoStack;

class QTimer;
class QWidget;

namespace kwb {

class CurrentTurn;
class Store;
class TrajectoryPanel;
class WorkbenchActions;

// Curation in the window: Accept, Reject, Star, a label, a tag, a note and a human score on the current turn, the
// branch it is on or the shown trajectory (Curate menu and the fork tree's context menu), and one label on every
// trajectory in view. Each edit is stored at once through Curation as a command on the window's undo stack.
class CurationController : public QObject
{
    Q_OBJECT
public:
    // It edits `current`'s store on its turn, branch or trajectory; its dialogs open over `dialogParent`, which owns it.
    CurationController(const CurrentTurn* current, WorkbenchActions* actions, TrajectoryPanel* trajectories, QWidget* dialogParent);
    ~CurationController() override;

    QUndoStack* undoStack() const { return m_stack; }
    Annotation::Scope scope() const; // what the Curate menu applies to

    // Stores an annotation on this turn (an index into the window's trajectory), the branch through it or the
    // trajectory, as one undoable edit. False when nothing was stored (errorOccurred says why, if it failed).
    bool annotate(int turn, Annotation::Scope scope, Annotation::Kind kind, const QString& value);
    bool labelAllInView(const QString& label);
    QStringList labelChoices() const; // accept, reject, star and every label in the store
    void addMenuEntries(QMenu* menu, int turn);
    void updateActions();

Q_SIGNALS:
    void errorOccurred(const QString& sentence);
    void statusMessage(const QString& sentence);
    void edited(qint64 trajectoryId); // annotations changed on this trajectory (0: on several)
    // A curation edit was made and can be undone: "Starred turn 5", for a transient confirmation with Undo.
    void confirmed(const QString& sentence);

private:
    void setStore(Store* store); // clears the undo stack: its edits belong to the store that was open
    void ask(Annotation::Kind kind, int turn, Annotation::Scope scope);
    void askLabelAllInView();
    std::optional<Curation::Target> target(int turn, Annotation::Scope scope) const;
    QString describe(int turn, Annotation::Scope scope) const; // "turn 3", "the branch through turn 3", …
    void report(qint64 trajectoryId, const QString& error);
    // Runs `edit` now, or, while another connection (an import) holds the store's write lock, queues it and runs it
    // when the lock is free, in order; the window neither freezes nor fails meanwhile.
    void whenWritable(const std::function<void()>& edit);
    void retryQueued();

    const CurrentTurn* m_current;
    QWidget* m_dialogParent;
    WorkbenchActions* m_actions;
    TrajectoryPanel* m_trajectories;
    QUndoStack* m_stack;
    std::unique_ptr<Curation> m_curation;
    Store* m_store = nullptr;
    QList<std::function<void()>> m_queued; // edits waiting for another connection's transaction
    QTimer* m_retry;
    QElapsedTimer m_waiting;
    QString m_lastError; // of the command just pushed
};

} // namespace kwb
