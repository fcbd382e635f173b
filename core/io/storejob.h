#pragma once

#include "nativejsonl.h"

#include <QObject>
#include <QString>

#include <atomic>
#include <functional>
#include <memory>
#include <thread>

namespace kwb {

class Store;

// Long store work (an import, an export) on a thread of its own with its own connection to the store file, so the
// window stays responsive and its connection untouched; with progress and cancel. The work returns false with a
// sentence when it failed or was cancelled (an importer's transaction is then rolled back: nothing lands).
class StoreJob : public QObject
{
    Q_OBJECT
public:
    using Progress = NativeJsonl::Progress;
    using Work = std::function<bool(Store& store, const Progress& progress, QString* message)>;

    explicit StoreJob(QObject* parent = nullptr);
    ~StoreJob() override; // a running job is cancelled and waited for

    // False when a job is running. finished() follows from the event loop.
    bool start(const QString& storePath, Work work);
    void cancel();
    bool isRunning() const { return m_thread != nullptr; }

Q_SIGNALS:
    void progressed(qint64 done, qint64 total);
    // `message`: what the work said (its sentence on failure, a summary on success).
    void finished(bool ok, const QString& message);

private:
    void join();

    std::unique_ptr<std::thread> m_thread;
    std::shared_ptr<std::atomic<bool>> m_cancelled;
};

} // namespace kwb
