#pragma once

#include <QObject>
#include <QString>

namespace kwb {

class CurrentTurn;
class TracePanel;

// The Timeline dock's traces: the current turn's, and beside it the trace of the turn it is compared with, each read
// from the store by the panel's own loader (TraceLoadJob). Follows CurrentTurn; the same trace again keeps the view,
// its zoom and its selection.
class TraceController : public QObject
{
    Q_OBJECT
public:
    TraceController(const CurrentTurn* current, TracePanel* panel, QObject* parent = nullptr);

private:
    void showCurrent();
    void showCompared();

    const CurrentTurn* m_current;
    TracePanel* m_panel;
    QString m_shown; // blob hash of the trace in the panel
};

} // namespace kwb
