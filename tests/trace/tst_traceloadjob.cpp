// TraceLoadJob: a trace kept in a real store is read with the job's own connection and parsed off the UI thread;
// a broken or missing blob says why; a newer start drops the older load, whose result never arrives.
#include "io/traceloadjob.h"
#include "store/store.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTraceLoadJob : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void loadsAStoredTraceOffTheUiThread();
    void aMissingBlobSaysSo();
    void aTruncatedTraceIsNotComplete();
    void aNewerStartDropsTheOlderLoad();

private:
    using Loaded = std::shared_ptr<const TraceLoadJob::Loaded>;
    Loaded waitFor(TraceLoadJob& job);
    QTemporaryDir m_dir;
    QString m_storePath;
    QByteArray m_json;
    QString m_hash;
};

void TestTraceLoadJob::initTestCase()
{
    QFile f(QFINDTESTDATA("fixtures/kineto_mlp_h200.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    m_json = f.readAll();
    QVERIFY(m_json.size() > 1000);
    m_storePath = m_dir.filePath(QStringLiteral("traces.kwb"));
    QString error;
    auto store = Store::open(m_storePath, &error);
    QVERIFY2(store, qPrintable(error));
    const auto hash = store->addBlob(m_json, &error);
    QVERIFY2(hash, qPrintable(error));
    m_hash = *hash;
}

TestTraceLoadJob::Loaded TestTraceLoadJob::waitFor(TraceLoadJob& job)
{
    Loaded got;
    connect(&job, &TraceLoadJob::finished, this, [&got](const Loaded& l) { got = l; });
    QElapsedTimer clock;
    clock.start();
    while (!got && clock.elapsed() < 60000)
        QTest::qWait(10);
    return got ? got : std::make_shared<const TraceLoadJob::Loaded>(TraceLoadJob::Loaded { {}, {}, {}, false, QStringLiteral("timed out") });
}

void TestTraceLoadJob::loadsAStoredTraceOffTheUiThread()
{
    TraceLoadJob job;
    job.startFromStore(m_storePath, m_hash, QStringLiteral("turn 1"));
    QVERIFY(job.isRunning());
    const Loaded loaded = waitFor(job);
    QVERIFY(!job.isRunning());
    QVERIFY2(loaded->complete, qPrintable(loaded->error));
    QCOMPARE(loaded->json, m_json); // the bytes the store holds, for export and an event's details
    QVERIFY(loaded->model && loaded->model->eventCount() > 0);
    QVERIFY(loaded->lod);
}

void TestTraceLoadJob::aMissingBlobSaysSo()
{
    TraceLoadJob job;
    job.startFromStore(m_storePath, QString(64, QLatin1Char('0')), QStringLiteral("turn 2"));
    const Loaded loaded = waitFor(job);
    QVERIFY(!loaded->complete);
    QVERIFY(!loaded->model);
    QVERIFY2(loaded->error.startsWith(QLatin1String("The trace cannot be read from the store")), qPrintable(loaded->error));

    TraceLoadJob nowhere;
    nowhere.startFromStore(m_dir.filePath(QStringLiteral("absent.kwb")), m_hash, QStringLiteral("turn 2"));
    const Loaded none = waitFor(nowhere);
    QVERIFY(!none->complete);
    QVERIFY(!none->error.isEmpty());
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("absent.kwb")))); // reading never creates a store
}

void TestTraceLoadJob::aTruncatedTraceIsNotComplete()
{
    TraceLoadJob job;
    job.start(m_json.left(m_json.size() / 2), QStringLiteral("half"));
    const Loaded loaded = waitFor(job);
    QVERIFY(!loaded->complete);
    QVERIFY(!loaded->model); // a partial model is never shown as the whole trace
    QVERIFY(!loaded->error.isEmpty());
}

void TestTraceLoadJob::aNewerStartDropsTheOlderLoad()
{
    TraceLoadJob job;
    QList<Loaded> got;
    connect(&job, &TraceLoadJob::finished, this, [&got](const Loaded& l) { got.append(l); });
    job.start(m_json, QStringLiteral("older"));
    job.start(m_json.left(m_json.size() / 3), QStringLiteral("newer"));
    QTRY_COMPARE_WITH_TIMEOUT(got.size(), 1, 60000);
    QTest::qWait(200); // the older thread has finished too by now; its result must not follow
    QCOMPARE(got.size(), 1);
    QVERIFY(!got.first()->complete); // the newer (truncated) one
    job.cancel();
    QVERIFY(!job.isRunning());
}

QTEST_GUILESS_MAIN(TestTraceLoadJob)
#include "tst_traceloadjob.moc"
