#pragma once

#include "model/trajectory.h"
#include "turngraph.h"
#include "turnnavigator.h"

#include <QObject>

namespace kwb {

class Store;

// A controller's copy of what CurrentTurn last announced: a trajectory, its current turn and the compared one.
struct ShownTurns
{
    const Trajectory* trajectory = nullptr;
    int turn = -1; // index into trajectory->turns; -1 for none
    int compared = -1; // likewise
    QString comparedLabel;

    const Turn* at(int index) const; // the turn at index, or null when there is none
    qint64 storeIdOf(int index) const; // that turn's id in the store, or 0
};

// The store, trajectory and turn the window shows, read by its controllers and panes, which follow its signals
// rather than being handed each turn. The window owns the state and is the only one that changes it: it names the
// open store, and announces a new trajectory (or new turns and marks on the same one) and each new current turn.
class CurrentTurn : public QObject
{
    Q_OBJECT
public:
    // Views of the window's own trajectory, fork tree and navigator (not owned; they outlive this object).
    CurrentTurn(const Trajectory* trajectory, const TurnGraph* graph, const TurnNavigator* navigator, QObject* parent = nullptr);

    Store* store() const { return m_store; } // null while none is open
    const Trajectory& trajectory() const { return *m_trajectory; }
    const TurnGraph& graph() const { return *m_graph; }
    const TurnNavigator& navigator() const { return *m_navigator; }
    int turn() const { return m_navigator->current(); } // index into trajectory().turns; -1 for none
    const Turn* header() const; // the current turn's header, or null
    const EvalResult* eval() const; // the current turn's evaluation, or null
    // The number a turn is shown with (the toolbar's "Turn N"): its depth in the fork tree, from 1; 0 for none.
    int turnNumber(int turn) const;
    // "Turn N", with "(another branch)" when the turn is off the branch being stepped through; empty for none.
    QString turnLabel(int turn) const;
    // The turn the current one is compared with ("Compare with this turn"), -1 for none.
    int comparedTurn() const { return m_compared; }

    // The window's, as its state changes.
    void setStore(Store* store);
    void announceTrajectory();
    void announceTurn();
    void setComparedTurn(int turn); // announced every time, so that -1 also resets what the panes compare with

Q_SIGNALS:
    void storeChanged(Store* store);
    void trajectoryChanged(); // another trajectory, or the same one with new turns or marks
    void turnChanged(int turn);
    void comparedTurnChanged(int turn);

private:
    Store* m_store = nullptr;
    const Trajectory* m_trajectory;
    const TurnGraph* m_graph;
    const TurnNavigator* m_navigator;
    int m_compared = -1;
};

} // namespace kwb
