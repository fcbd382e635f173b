#include "traceloadjob.h"

#include "store/store.h"
#include "trace/tracereader.h"

#include <QThread>

namespace kwb {

TraceLoadJob::TraceLoadJob(QObject* parent)
    : QObject(parent)
{
}

TraceLoadJob::~TraceLoadJob()
{
    cancel(); // the thread stops at its next check and its result goes nowhere
}

void TraceLoadJob::start(const QByteArray& json, const QString& label)
{
    run({}, {}, json, label);
}

void TraceLoadJob::startFromStore(const QString& storePath, const QString& sha256, const QString& label)
{
    run(storePath, sha256, {}, label);
}

void TraceLoadJob::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
    ++m_generation;
    m_running = false;
}

void TraceLoadJob::run(const QString& storePath, const QString& sha256, const QByteArray& json, const QString& label)
{
    cancel();
    const int generation = m_generation;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_progress = std::make_shared<std::atomic<int>>(0);
    auto loaded = std::make_shared<Loaded>();
    loaded->json = json;
    // The worker fills `loaded` through its own references; the queued call below hands it over once the thread has
    // finished (dropped when the job is gone).
    QThread* worker = QThread::create([storePath, sha256, label, loaded, cancel = m_cancel, progress = m_progress] {
        if (!sha256.isEmpty()) {
            QString error;
            const auto store = Store::open(storePath, &error, Store::OpenMode::MustExist);
            const auto blob = store ? store->blob(sha256, &error) : std::nullopt;
            if (!blob) {
                loaded->error = QStringLiteral("The trace cannot be read from the store: %1").arg(error);
                return;
            }
            loaded->json = *blob;
        }
        trace::TraceReader::Result r = trace::TraceReader::parse(std::string_view(loaded->json.constData(), size_t(loaded->json.size())),
            label.toStdString(), [&](double fraction) { progress->store(int(fraction * 100)); }, cancel.get());
        loaded->complete = r.complete;
        loaded->error = QString::fromStdString(r.error);
        if (r.complete) {
            loaded->model = std::shared_ptr<const trace::TraceModel>(std::move(r.model));
            loaded->lod = std::make_shared<const trace::TraceLod>(*loaded->model);
        }
    });
    connect(worker, &QThread::finished, this, [this, generation, loaded] {
        if (generation != m_generation)
            return; // a newer start or a cancel came first
        m_running = false;
        Q_EMIT finished(loaded);
    });
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

} // namespace kwb
