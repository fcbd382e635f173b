// Store work on a thread of its own: an import lands while the window's own connection stays open, progress
// arrives, and a cancelled import leaves nothing.
#include "io/nativejsonl.h"
#include "io/storejob.h"
#include "store/store.h"
#include "testutils.h"

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestStoreJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void importLandsWhileTheWindowsConnectionIsOpen();
    void cancelledImportLeavesNothing();
    void missingStoreIsASentence();

private:
    QTemporaryDir m_dir;
    QString m_input;
};

void TestStoreJob::initTestCase()
{
    m_input = m_dir.filePath(QStringLiteral("in.jsonl"));
    QFile f(m_input);
    QVERIFY(f.open(QIODevice::WriteOnly));
    for (int i = 0; i < 200; ++i)
        f.write(NativeJsonl::encode(test::forkedTrajectory(QStringLiteral("t%1").arg(i))) + '\n');
}

static StoreJob::Work importOf(const QString& input)
{
    return [input](Store& store, const StoreJob::Progress& progress, QString* message) {
        const auto counts = NativeJsonl::importFile(store, input, progress, message);
        if (counts)
            *message = QStringLiteral("%1 trajectories").arg(counts->trajectories);
        return counts.has_value();
    };
}

void TestStoreJob::importLandsWhileTheWindowsConnectionIsOpen()
{
    const QString path = m_dir.filePath(QStringLiteral("a.kwb"));
    QString error;
    auto window = Store::open(path, &error);
    QVERIFY2(window, qPrintable(error));
    StoreJob job;
    QSignalSpy progressed(&job, &StoreJob::progressed);
    QSignalSpy finished(&job, &StoreJob::finished);
    QVERIFY(job.start(path, importOf(m_input)));
    QVERIFY(job.isRunning());
    QVERIFY(!job.start(path, importOf(m_input))); // one at a time
    QVERIFY(finished.wait(60000));
    QVERIFY(!job.isRunning());
    QCOMPARE(finished.first().at(0).toBool(), true);
    QCOMPARE(finished.first().at(1).toString(), QStringLiteral("200 trajectories"));
    QVERIFY(progressed.count() > 0);
    const auto info = window->info(&error);
    QVERIFY(info);
    QCOMPARE(info->trajectories, 200);
}

void TestStoreJob::cancelledImportLeavesNothing()
{
    const QString path = m_dir.filePath(QStringLiteral("b.kwb"));
    QString error;
    auto window = Store::open(path, &error);
    QVERIFY(window);
    StoreJob job;
    QSignalSpy finished(&job, &StoreJob::finished);
    QVERIFY(job.start(path, importOf(m_input)));
    job.cancel();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(!finished.first().at(1).toString().isEmpty());
    QCOMPARE(window->info(&error)->trajectories, 0);
}

void TestStoreJob::missingStoreIsASentence()
{
    StoreJob job;
    QSignalSpy finished(&job, &StoreJob::finished);
    QVERIFY(job.start(m_dir.filePath(QStringLiteral("missing.kwb")), importOf(m_input)));
    QVERIFY(finished.wait(10000));
    QCOMPARE(finished.first().at(0).toBool(), false);
    QVERIFY(finished.first().at(1).toString().contains(QStringLiteral("missing.kwb")));
}

QTEST_GUILESS_MAIN(TestStoreJob)
#include "tst_storejob.moc"
