#include "tracecontroller.h"

#include "models/currentturn.h"
#include "store/store.h"
#include "tracepanel.h"

#include <QCoreApplication>

namespace kwb {

TraceController::TraceController(const CurrentTurn* current, TracePanel* panel, QObject* parent)
    : QObject(parent)
    , m_current(current)
    , m_panel(panel)
{
    connect(current, &CurrentTurn::turnChanged, this, &TraceController::showCurrent);
    connect(current, &CurrentTurn::comparedTurnChanged, this, &TraceController::showCompared);
}

void TraceController::showCurrent()
{
    const EvalResult* eval = m_current->eval();
    const QString hash = eval ? eval->traceBlob : QString();
    if (hash == m_shown)
        return; // the same trace: keep the view, its zoom and its selection
    m_shown = hash;
    if (hash.isEmpty()) {
        m_panel->clear();
        return;
    }
    if (!m_current->store())
        m_panel->clear(tr("The trace of this turn cannot be read: no store is open."));
    else
        m_panel->showStoredTrace(m_current->store()->path(), hash,
            QCoreApplication::translate("kwb::MainWindow", "Turn %1").arg(m_current->turnNumber(m_current->turn())));
}

// The compared turn's trace, when it has one, is offered for comparison; none clears what was compared.
void TraceController::showCompared()
{
    const int turn = m_current->comparedTurn();
    const Turn* compared = m_current->trajectory().turnAt(turn);
    const EvalResult* eval = compared && compared->eval ? &*compared->eval : nullptr;
    if (eval && !eval->traceBlob.isEmpty() && m_current->store())
        m_panel->setStoredComparison(m_current->store()->path(), eval->traceBlob, m_current->turnLabel(turn));
    else
        m_panel->clearComparison();
}

} // namespace kwb
