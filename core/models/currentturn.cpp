#include "currentturn.h"

#include <QCoreApplication>

namespace kwb {

const Turn* ShownTurns::at(int index) const
{
    return trajectory ? trajectory->turnAt(index) : nullptr;
}

qint64 ShownTurns::storeIdOf(int index) const
{
    const Turn* t = at(index);
    return t ? t->storeId : 0;
}

CurrentTurn::CurrentTurn(const Trajectory* trajectory, const TurnGraph* graph, const TurnNavigator* navigator, QObject* parent)
    : QObject(parent)
    , m_trajectory(trajectory)
    , m_graph(graph)
    , m_navigator(navigator)
{
}

const Turn* CurrentTurn::header() const
{
    return m_trajectory->turnAt(turn());
}

const EvalResult* CurrentTurn::eval() const
{
    const Turn* h = header();
    return h && h->eval ? &*h->eval : nullptr;
}

int CurrentTurn::turnNumber(int turn) const
{
    return turn >= 0 && turn < m_trajectory->turns.size() && turn < m_graph->size() ? m_graph->depth(turn) + 1 : 0;
}

// The window's words (their translations are the window's).
QString CurrentTurn::turnLabel(int turn) const
{
    if (turn < 0)
        return {};
    const QString label = QCoreApplication::translate("kwb::MainWindow", "Turn %1").arg(turnNumber(turn));
    return m_navigator->branch().contains(turn) ? label
                                                : QCoreApplication::translate("kwb::MainWindow", "%1 (another branch)").arg(label);
}

void CurrentTurn::setComparedTurn(int turn)
{
    m_compared = turn;
    Q_EMIT comparedTurnChanged(turn);
}

void CurrentTurn::setStore(Store* store)
{
    if (store == m_store)
        return;
    m_store = store;
    Q_EMIT storeChanged(store);
}

void CurrentTurn::announceTrajectory()
{
    Q_EMIT trajectoryChanged();
}

void CurrentTurn::announceTurn()
{
    Q_EMIT turnChanged(turn());
}

} // namespace kwb
