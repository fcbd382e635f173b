#include "storeaccess.h"
#include "testutils.h"

#include "models/turncache.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestTurnCache : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void loadsMessagesAndFiles();
    void missingBlobSpoilsOnlyItsFile();
    void unknownTurnIsAnError();
};

void TestTurnCache::loadsMessagesAndFiles()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("c.kwb")), &error);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("c")), &error);
    QVERIFY2(id, qPrintable(error));
    const auto t = store->trajectory(*id, Store::Depth::Headers, &error);
    TurnCache cache;
    cache.setStore(store.get());
    const auto content = cache.content(t->turns.at(1).storeId);
    QVERIFY2(content->error.isEmpty(), qPrintable(content->error));
    QCOMPARE(content->turn.messages.first().text, QStringLiteral("coalesced loads"));
    QCOMPARE(content->files.size(), 2);
    QCOMPARE(content->files.at(0).path, QStringLiteral("kernels/softmax.cu"));
    QCOMPARE(content->files.at(0).data, QByteArrayLiteral("__global__ void coalesced() {}\n"));
    QVERIFY(cache.contains(t->turns.at(1).storeId));
    QCOMPARE(cache.content(t->turns.at(1).storeId).get(), content.get()); // served from the cache
}

void TestTurnCache::missingBlobSpoilsOnlyItsFile()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("m.kwb")), &error);
    const Trajectory source = test::forkedTrajectory(QStringLiteral("m"));
    const auto id = store->addTrajectory(source, &error);
    const auto t = store->trajectory(*id, Store::Depth::Headers, &error);
    const Turn& turn = t->turns.at(1);
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    QVERIFY(q.exec(QStringLiteral("PRAGMA foreign_keys = OFF")));
    q.prepare(QStringLiteral("DELETE FROM blobs WHERE hash = ?"));
    q.addBindValue(source.turns.at(1).workspace.hash(QStringLiteral("kernels/softmax.cu")));
    QVERIFY2(q.exec(), qPrintable(q.lastError().text()));
    QCOMPARE(q.numRowsAffected(), 1);
    TurnCache cache;
    cache.setStore(store.get());
    const auto content = cache.content(turn.storeId);
    QVERIFY2(content->error.isEmpty(), qPrintable(content->error));
    QCOMPARE(content->turn.messages.size(), 1);
    QVERIFY(content->files.at(0).error.contains(QStringLiteral("kernels/softmax.cu")));
    QVERIFY(content->files.at(0).error.contains(QStringLiteral("missing")));
    QVERIFY(content->files.at(1).error.isEmpty());
}

void TestTurnCache::unknownTurnIsAnError()
{
    QTemporaryDir dir;
    QString error;
    auto store = Store::open(dir.filePath(QStringLiteral("u.kwb")), &error);
    TurnCache cache;
    cache.setStore(store.get());
    const auto content = cache.content(4711);
    QVERIFY(!content->error.isEmpty());
    QVERIFY(!cache.contains(4711));
    TurnCache closed;
    QVERIFY(!closed.content(1)->error.isEmpty());
}

QTEST_GUILESS_MAIN(TestTurnCache)
#include "tst_turncache.moc"
