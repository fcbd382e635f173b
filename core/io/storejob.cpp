#include "storejob.h"

#include "store/store.h"

#include <QMetaObject>

namespace kwb {

StoreJob::StoreJob(QObject* parent)
    : QObject(parent)
{
}

StoreJob::~StoreJob()
{
    cancel();
    join();
}

bool StoreJob::start(const QString& storePath, Work work)
{
    if (m_thread)
        return false;
    m_cancelled = std::make_shared<std::atomic<bool>>(false);
    m_thread = std::make_unique<std::thread>([this, storePath, work = std::move(work), cancelled = m_cancelled] {
        QString message;
        bool ok = false;
        {
            auto store = Store::open(storePath, &message, Store::OpenMode::MustExist);
            if (store) {
                const Progress progress = [this, cancelled](qint64 done, qint64 total) {
                    Q_EMIT progressed(done, total); // queued to the window's thread
                    return !cancelled->load();
                };
                ok = work(*store, progress, &message);
            }
        } // the connection closes on this thread, which opened it
        QMetaObject::invokeMethod(
            this,
            [this, ok, message] {
                join();
                Q_EMIT finished(ok, message);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void StoreJob::cancel()
{
    if (m_cancelled)
        m_cancelled->store(true);
}

void StoreJob::join()
{
    if (m_thread && m_thread->joinable())
        m_thread->join();
    m_thread.reset();
}

} // namespace kwb
