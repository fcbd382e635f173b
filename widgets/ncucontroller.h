#pragma once

#include "model/trajectory.h"
#include "models/currentturn.h"

#include <QObject>
#include <QStringList>

namespace kwb {

class NcuProfileJob;
class NcuView;
class Store;
class TracePanel;

// Nsight Compute on demand in the window: "Profile kernel with Nsight Compute" on a kernel of the timeline runs
// the current turn once more under ncu (through kwb-runner, off the UI thread), keeps the profile and its report
// with the turn in the store, and shows the turn's latest profile beside the compared turn's. Follows CurrentTurn.
class NcuController : public QObject
{
    Q_OBJECT
public:
    NcuController(const CurrentTurn* current, NcuView* view, TracePanel* trace, QObject* parent = nullptr);

    void setStore(Store* store);
    void setRunnerPath(const QString& path);
    void setRunnerArguments(const QStringList& arguments); // more kwb-runner eval options (--cache-dir, --ncu-path)
    // The turn shown (an index into trajectory->turns, -1 for none) and the turn it is compared with.
    void showTurn(const Trajectory* trajectory, int turn, int comparedTurn, const QString& comparedLabel);
    void profile(const QString& kernelName);
    bool isProfiling() const;

Q_SIGNALS:
    void errorOccurred(const QString& sentence);
    void profiled(qint64 turnStoreId); // a profile was stored for that turn
    void statusMessage(const QString& sentence); // news that is not an error (a cancel)

private:
    void refresh();
    void finished(const NcuProfile& profile, const QByteArray& report);
    void failed(const QString& sentence);
    const NcuProfile* latest(qint64 turnStoreId, NcuProfile* holder, QString* error) const;

    NcuView* m_view;
    NcuProfileJob* m_job;
    Store* m_store = nullptr;
    ShownTurns m_shown;
    qint64 m_profiling = 0; // store id of the turn being profiled
    bool m_cancelling = false;
};

} // namespace kwb
