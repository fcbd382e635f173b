#pragma once

#include "trace/tracelod.h"
#include "trace/tracemodel.h"

#include <QByteArray>
#include <QObject>
#include <QString>

#include <atomic>
#include <memory>

namespace kwb {

// A trace made ready to paint off the UI thread: read from the store (with a connection of its own) or taken as
// bytes, parsed with progress, and its zoom levels built. A newer start, cancel() or the job's end drops the load
// in flight; finished() comes from the event loop, for the latest start only.
class TraceLoadJob : public QObject
{
    Q_OBJECT
public:
    struct Loaded
    {
        QByteArray json; // the trace as it is (what an export writes and an event's details are read from)
        std::shared_ptr<const trace::TraceModel> model; // set when complete
        std::shared_ptr<const trace::TraceLod> lod;
        bool complete = false;
        QString error; // one sentence when not complete
    };

    explicit TraceLoadJob(QObject* parent = nullptr);
    ~TraceLoadJob() override;

    void start(const QByteArray& json, const QString& label);
    // The blob with this SHA-256 in the store at `storePath`.
    void startFromStore(const QString& storePath, const QString& sha256, const QString& label);
    void cancel();
    bool isRunning() const { return m_running; }
    int percent() const { return m_progress ? m_progress->load() : 0; } // of the trace's bytes parsed

Q_SIGNALS:
    void finished(const std::shared_ptr<const kwb::TraceLoadJob::Loaded>& loaded);

private:
    void run(const QString& storePath, const QString& sha256, const QByteArray& json, const QString& label);

    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::shared_ptr<std::atomic<int>> m_progress;
    int m_generation = 0;
    bool m_running = false;
};

} // namespace kwb
