#pragma once

#include <QHash>
#include <QWidget>

class QCustomPlot;
class QCPAbstractPlottable;
class QCPAxis;
class QCPGraph;
class QCPItemStraightLine;

namespace kwb {

class TurnGraph;
struct Trajectory;

// Reward per turn along the current branch, the other branches dimmed behind it, and the candidate's speedup
// vs eager and vs torch.compile on a log-scaled right axis. Clicking a point asks to go to its turn.
// QCustomPlot stays out of this header: its header needs foreach, which the project's QT_NO_FOREACH removes.
class RewardPlot : public QWidget
{
    Q_OBJECT
public:
    explicit RewardPlot(QWidget* parent = nullptr);

    // The trajectory and graph must outlive the next call. branch: root -> leaf; others: see TurnNavigator.
    void setBranches(const Trajectory* trajectory, const TurnGraph* graph, const QList<int>& branch,
        const QList<QList<int>>& others);
    void setCurrentTurn(int turn);
    void clearPlot();
    int currentTurn() const { return m_current; }
    QWidget* plotArea() const; // the widget that takes the clicks
    QPointF pixelOf(int turn) const; // where a turn's reward point is drawn, in plotArea() coordinates
    int otherBranchCount() const { return int(m_others.size()); }
    QList<double> rewardValues() const; // of the current branch, in order (for tests)

Q_SIGNALS:
    void turnClicked(int turn);

private:
    QCPGraph* addLine(QCPAxis* valueAxis, const QColor& colour, const QString& name, bool points);
    void plotPath(QCPGraph* graph, const QList<int>& path, int which);

    QCustomPlot* m_plot;
    const Trajectory* m_trajectory = nullptr;
    const TurnGraph* m_graph = nullptr;
    QCPGraph* m_reward = nullptr;
    QCPGraph* m_vsEager = nullptr;
    QCPGraph* m_vsCompile = nullptr;
    QCPGraph* m_marker = nullptr;
    QCPItemStraightLine* m_markerLine = nullptr;
    QList<QCPGraph*> m_others;
    QHash<QCPAbstractPlottable*, QList<int>> m_turnsOf; // data index -> turn, per graph
    int m_current = -1;
    bool m_fullReplotPending = false; // the curves changed: the next marker move replots everything
};

} // namespace kwb
