#include "storeaccess.h"
#include "testutils.h"

#include "store/schema.h"
#include "store/store.h"

#include <QFile>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestStore : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void roundTrip();
    void headersLeaveMessagesAndFilesOut();
    void forkAddsAndNeverOverwrites();
    void forkRejectsUnknownParentAndDuplicates();
    void promptIsSetOnceWhereThereIsNone();
    void blobsAreSharedBetweenTurns();
    void summaryAndFilters();
    void fullTextSearchFindsMessagesAndCode();
    void failedWriteLeavesNothing();
    void migratesVersion1();
    void migratesVersion2SearchKeys();
    void bestRooflineOfCorrectTurns();
    void migratesVersion3Roofline();
    void migratesVersion5EnvironmentErrors();
    void ncuProfilesAddToATurn();
    void refusesBadFilesUntouched_data();
    void refusesBadFilesUntouched();
    void detectsDamagedBlob();
    void nestedTransactionsRollBackTheirPartOnly();
    void secretsOfThisProcessAreNeverStored();

private:
    QString path(const QString& name) const { return m_dir->filePath(name); }
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestStore::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestStore::roundTrip()
{
    QString error;
    const Trajectory t = test::forkedTrajectory(QStringLiteral("rt"));
    qint64 id = 0;
    {
        auto store = Store::open(path(QStringLiteral("a.kwb")), &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
        const auto added = store->addTrajectory(t, &error);
        QVERIFY2(added, qPrintable(error));
        id = *added;
    }
    auto store = Store::open(path(QStringLiteral("a.kwb")), &error, Store::OpenMode::MustExist);
    QVERIFY2(store, qPrintable(error));
    const auto back = store->trajectory(id, Store::Depth::Full, &error);
    QVERIFY2(back, qPrintable(error));
    QVERIFY(*back == t);
    QCOMPARE(back->storeId, id);
    QVERIFY(back->turns.at(0).storeId > 0);
    QCOMPARE(store->trajectoryId(t.uuid, &error), std::optional<qint64>(id));
    QCOMPARE(store->trajectoryId(QStringLiteral("no-such-uuid"), &error), std::optional<qint64>(0));
}

void TestStore::headersLeaveMessagesAndFilesOut()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("h.kwb")), &error);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("h")), &error);
    QVERIFY(id);
    const auto headers = store->trajectory(*id, Store::Depth::Headers, &error);
    QVERIFY2(headers, qPrintable(error));
    QCOMPARE(headers->turns.size(), 3);
    QVERIFY(headers->turns.at(1).messages.isEmpty());
    QVERIFY(headers->turns.at(1).workspace.isEmpty());
    QCOMPARE(headers->turns.at(1).eval->reward, 3.0);
    QCOMPARE(headers->turns.at(2).parentUuid, QStringLiteral("h-t0"));

    const auto turn = store->turn(headers->turns.at(1).storeId, false, &error);
    QVERIFY2(turn, qPrintable(error));
    QCOMPARE(turn->messages.size(), 1);
    QCOMPARE(turn->workspace.size(), 2);
    QVERIFY(!turn->workspace.hasContent(QStringLiteral("model_new.py")));
    const auto withFiles = store->turn(headers->turns.at(1).storeId, true, &error);
    QCOMPARE(withFiles->workspace.content(QStringLiteral("model_new.py")), QByteArrayLiteral("import torch\n"));
}

void TestStore::forkAddsAndNeverOverwrites()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("f.kwb")), &error);
    const Trajectory t = test::forkedTrajectory(QStringLiteral("f"));
    const auto id = store->addTrajectory(t, &error);
    QVERIFY(id);

    Turn steer;
    steer.uuid = QStringLiteral("f-steer");
    steer.parentUuid = QStringLiteral("f-t1");
    steer.messages = { Message::of(Message::Role::User, QStringLiteral("use float4 loads")),
        test::assistant(QStringLiteral("vectorized")) };
    steer.workspace = t.turns.at(1).workspace;
    steer.workspace.setFile(QStringLiteral("kernels/softmax.cu"), QByteArrayLiteral("__global__ void vec4() {}\n"));
    steer.eval = test::evalWith(StageStatus::Passed, StageStatus::Passed, 25, 100, 3);
    steer.provenance.kind = Provenance::Kind::HumanEdit;
    QVERIFY2(store->addTurn(*id, steer, &error), qPrintable(error));

    const auto back = store->trajectory(*id, Store::Depth::Full, &error);
    QVERIFY2(back, qPrintable(error));
    QCOMPARE(back->turns.size(), 4);
    for (int i = 0; i < 3; ++i)
        QVERIFY(back->turns.at(i) == t.turns.at(i)); // history untouched
    QVERIFY(back->turns.at(3) == steer);
    QCOMPARE(back->branch(QStringLiteral("f-steer")).size(), 3);

    const auto summaries = store->summaries({ *id }, &error);
    QCOMPARE(summaries->first().turns, 4);
    QCOMPARE(summaries->first().branches, 2); // f-t1 is no longer a leaf; f-t2 and f-steer are
    QCOMPARE(summaries->first().bestSpeedup, 4.0);
}

void TestStore::forkRejectsUnknownParentAndDuplicates()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("r.kwb")), &error);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("r")), &error);
    Turn orphan;
    orphan.uuid = QStringLiteral("orphan");
    orphan.parentUuid = QStringLiteral("nowhere");
    QVERIFY(!store->addTurn(*id, orphan, &error));
    QVERIFY2(error.contains(QStringLiteral("nowhere")), qPrintable(error));
    Turn again;
    again.uuid = QStringLiteral("r-t1");
    again.parentUuid = QStringLiteral("r-t0");
    QVERIFY(!store->addTurn(*id, again, &error));
    QVERIFY2(error.contains(QStringLiteral("already in")), qPrintable(error));
    QVERIFY(!store->addTrajectory(test::forkedTrajectory(QStringLiteral("r")), &error));
    QVERIFY2(error.contains(QStringLiteral("already in")), qPrintable(error));
    QCOMPARE(store->info(&error)->turns, 3);
}

void TestStore::promptIsSetOnceWhereThereIsNone()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("p.kwb")), &error);
    QVERIFY2(store, qPrintable(error));
    Trajectory t = test::forkedTrajectory(QStringLiteral("p"));
    const QList<Message> recorded = t.prompt;
    t.prompt.clear();
    const auto id = store->addTrajectory(t, &error);
    QVERIFY2(id, qPrintable(error));
    Message system;
    system.role = Message::Role::System;
    system.text = QStringLiteral("You write CUDA kernels.");
    QVERIFY2(store->setPrompt(*id, { system }, &error), qPrintable(error));
    QCOMPARE(store->trajectory(*id, Store::Depth::Headers, &error)->prompt, QList<Message>({ system }));
    // Set once: a second prompt, or one for a trajectory that was stored with its own, is refused.
    Message other = system;
    other.text = QStringLiteral("Something else.");
    QVERIFY(!store->setPrompt(*id, { other }, &error));
    QVERIFY2(error.contains(QStringLiteral("never replaced")), qPrintable(error));
    QCOMPARE(store->trajectory(*id, Store::Depth::Headers, &error)->prompt, QList<Message>({ system }));
    QVERIFY(!store->setPrompt(*id + 1, { other }, &error));
    QVERIFY(!recorded.isEmpty());
    const auto withPrompt = store->addTrajectory(test::forkedTrajectory(QStringLiteral("q")), &error);
    QVERIFY2(withPrompt, qPrintable(error));
    QVERIFY(!store->setPrompt(*withPrompt, { other }, &error));
    QCOMPARE(store->trajectory(*withPrompt, Store::Depth::Headers, &error)->prompt, recorded);
}

void TestStore::blobsAreSharedBetweenTurns()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("b.kwb")), &error);
    QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b1")), &error));
    QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("b2")), &error));
    // 3 distinct kernels + model_new.py + the task source, whatever the number of turns and trajectories
    QCOMPARE(store->info(&error)->blobs, 5);
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    QVERIFY(q.exec(QStringLiteral("SELECT count(DISTINCT manifest) FROM manifest_entries")) && q.next());
    QCOMPARE(q.value(0).toInt(), 3);
}

void TestStore::summaryAndFilters()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("s.kwb")), &error);
    Trajectory flagged = test::forkedTrajectory(QStringLiteral("s1"), QStringLiteral("softmax_rows"));
    flagged.turns[1].eval->hackFlags = { QStringLiteral("excessive-speedup"), QStringLiteral("side-stream") };
    QVERIFY(store->addTrajectory(flagged, &error));
    Trajectory failing = test::forkedTrajectory(QStringLiteral("s2"), QStringLiteral("layernorm"));
    failing.task.level = 2;
    failing.labels = { QStringLiteral("reject") };
    for (Turn& turn : failing.turns)
        turn.eval = test::evalWith(StageStatus::Failed, StageStatus::NotRun, 0, 0, -1);
    QVERIFY(store->addTrajectory(failing, &error));

    auto count = [&](const TrajectoryFilter& f) { return store->trajectoryIds(f, TrajectoryColumn::Task, false, &error)->size(); };
    QCOMPARE(count({}), 2);
    TrajectoryFilter f;
    f.taskContains = QStringLiteral("SOFT");
    QCOMPARE(count(f), 1);
    f = {};
    f.level = 2;
    QCOMPARE(count(f), 1);
    f = {};
    f.status = QStringLiteral("compile-error");
    QCOMPARE(count(f), 1);
    f = {};
    f.minReward = 2;
    QCOMPARE(count(f), 1);
    f = {};
    f.minSpeedup = 1.5;
    f.maxSpeedup = 2.5;
    QCOMPARE(count(f), 1);
    f = {};
    f.label = QStringLiteral("reject");
    QCOMPARE(count(f), 1);
    f = {};
    f.synthetic = 1;
    QCOMPARE(count(f), 0);
    f = {};
    f.hackFlag = QStringLiteral("side-stream");
    QCOMPARE(count(f), 1);
    f.hackFlag = QStringLiteral("any");
    QCOMPARE(count(f), 1);
    f.hackFlag = QStringLiteral("result-reuse");
    QCOMPARE(count(f), 0);

    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Task, false, &error);
    const auto rows = store->summaries(*ids, &error);
    QCOMPARE(rows->at(0).task, QStringLiteral("layernorm"));
    QCOMPARE(rows->at(0).status, QStringLiteral("compile-error"));
    QVERIFY(std::isnan(rows->at(0).bestSpeedup));
    QCOMPARE(rows->at(1).status, QStringLiteral("correct"));
    QCOMPARE(rows->at(1).bestReward, 3.0);
    QCOMPARE(rows->at(1).branches, 2);
    const auto descending = store->trajectoryIds({}, TrajectoryColumn::Task, true, &error);
    QCOMPARE(descending->first(), ids->last());
}

void TestStore::fullTextSearchFindsMessagesAndCode()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("t.kwb")), &error);
    QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("x1")), &error));
    Trajectory other = test::forkedTrajectory(QStringLiteral("x2"));
    other.turns[1].workspace.setFile(QStringLiteral("kernels/softmax.cu"), QByteArrayLiteral("__global__ void shfl_reduce() {}\n"));
    QVERIFY(store->addTrajectory(other, &error));
    TrajectoryFilter f;
    f.text = QStringLiteral("warpshuffle");
    QCOMPARE(store->trajectoryIds(f, TrajectoryColumn::Created, false, &error)->size(), 2); // message text
    f.text = QStringLiteral("shfl_reduce");
    QCOMPARE(store->trajectoryIds(f, TrajectoryColumn::Created, false, &error)->size(), 1); // code
    f.text = QStringLiteral("\"unbalanced");
    QVERIFY(!store->trajectoryIds(f, TrajectoryColumn::Created, false, &error));
    QVERIFY2(error.startsWith(QStringLiteral("The filter could not be applied")), qPrintable(error));
}

void TestStore::failedWriteLeavesNothing()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("w.kwb")), &error);
    Trajectory t = test::forkedTrajectory(QStringLiteral("w"));
    t.turns[2].uuid = t.turns[1].uuid; // duplicate: rejected before any row is written
    QVERIFY(!store->addTrajectory(t, &error));
    Trajectory dangling = test::forkedTrajectory(QStringLiteral("d"));
    dangling.turns[1].workspace.setFileRef(QStringLiteral("missing.cu"), QString(64, QLatin1Char('a')));
    QVERIFY(!store->addTrajectory(dangling, &error)); // fails after the root turn was written
    QVERIFY2(error.contains(QStringLiteral("not in the store")), qPrintable(error));
    const auto info = store->info(&error);
    QCOMPARE(info->trajectories, 0);
    QCOMPARE(info->turns, 0);
    QCOMPARE(info->blobs, 0);
}

void TestStore::migratesVersion1()
{
    const QString file = path(QStringLiteral("v1.kwb"));
    QString error;
    {
        auto old = Store::createAtVersion(file, 1, &error);
        QVERIFY2(old, qPrintable(error));
        QFile fixture(QFINDTESTDATA("data/store-v1.sql"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QSqlQuery q(kwb::StoreTestAccess::database(*old));
        for (const QByteArray& statement : fixture.readAll().split(';')) {
            if (!statement.trimmed().isEmpty())
                QVERIFY2(q.exec(QString::fromUtf8(statement)), qPrintable(q.lastError().text()));
        }
    }
    auto store = Store::open(file, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    QVERIFY(q.exec(QStringLiteral("PRAGMA user_version")) && q.next());
    QCOMPARE(q.value(0).toInt(), Schema::kCurrentVersion);
    const auto ids = store->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QCOMPARE(ids->size(), 1);
    QCOMPARE(store->summaries(*ids, &error)->first().status, QStringLiteral("correct"));
    const auto t = store->trajectory(ids->first(), Store::Depth::Full, &error);
    QVERIFY2(t, qPrintable(error));
    QCOMPARE(t->turns.size(), 2);
    QCOMPARE(t->turns.at(1).workspace.content(QStringLiteral("k.cu")), QByteArrayLiteral("__global__ void tiled() {}\n"));
    TrajectoryFilter f;
    f.text = QStringLiteral("tiled");
    QCOMPARE(store->trajectoryIds(f, TrajectoryColumn::Created, false, &error)->size(), 1); // indexed by the migration
    f.text = QStringLiteral("shared memory");
    QCOMPARE(store->trajectoryIds(f, TrajectoryColumn::Created, false, &error)->size(), 1);
}

// A version-2 store keyed its message index by turn id; version 3 keys it by trajectory and position. Search
// in a migrated version-2 store must still name the trajectory.
void TestStore::migratesVersion2SearchKeys()
{
    const QString file = path(QStringLiteral("v2.kwb"));
    QString error;
    {
        auto old = Store::createAtVersion(file, 2, &error);
        QVERIFY2(old, qPrintable(error));
        QFile fixture(QFINDTESTDATA("data/store-v1.sql"));
        QVERIFY(fixture.open(QIODevice::ReadOnly));
        QSqlQuery q(kwb::StoreTestAccess::database(*old));
        for (const QByteArray& statement : fixture.readAll().split(';')) {
            if (!statement.trimmed().isEmpty())
                QVERIFY2(q.exec(QString::fromUtf8(statement)), qPrintable(q.lastError().text()));
        }
        QVERIFY2(q.exec(QStringLiteral("INSERT INTO turn_text(rowid, body) SELECT id, messages FROM turns")),
                 qPrintable(q.lastError().text()));
    }
    auto store = Store::open(file, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
    TrajectoryFilter f;
    f.text = QStringLiteral("shared memory"); // in a message, so found through turn_text
    const auto ids = store->trajectoryIds(f, TrajectoryColumn::Created, false, &error);
    QVERIFY2(ids, qPrintable(error));
    QCOMPARE(ids->size(), 1);
    QCOMPARE(*store->trajectoryIds({}, TrajectoryColumn::Created, false, &error), *ids);
}

void TestStore::bestRooflineOfCorrectTurns()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("roof.kwb")), &error);
    Trajectory t = test::forkedTrajectory(QStringLiteral("roof"));
    test::addRoofline(t);
    const auto id = store->addTrajectory(t, &error);
    QVERIFY2(id, qPrintable(error));
    QCOMPARE(store->summaries({ *id }, &error)->first().bestRoofline, 1.0); // the child: 50 µs, at the roof
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    QVERIFY(q.exec(QStringLiteral("SELECT roofline FROM turns ORDER BY seq")));
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toDouble(), 0.25); // the root: 200 µs
    QVERIFY(q.next());
    QCOMPARE(q.value(0).toDouble(), 1.0);
    QVERIFY(q.next() && q.value(0).isNull()); // the fork did not compile
    // A faster turn that fails verification is no better roofline figure.
    Turn wrong = t.turns.at(1);
    wrong.uuid = QStringLiteral("roof-wrong");
    wrong.parentUuid = t.turns.at(1).uuid;
    wrong.eval->verify.status = StageStatus::Failed;
    wrong.eval->timing.candidate = { 10, 10, 10, 10, 0.01, 10 };
    QVERIFY2(store->addTurn(*id, wrong, &error), qPrintable(error));
    QCOMPARE(store->summaries({ *id }, &error)->first().bestRoofline, 1.0);
    // Without floors (evaluations from before they were counted) the figure stays unknown.
    const auto plain = store->addTrajectory(test::forkedTrajectory(QStringLiteral("plain")), &error);
    QVERIFY(std::isnan(store->summaries({ *plain }, &error)->first().bestRoofline));
    const auto sorted = store->trajectoryIds({}, TrajectoryColumn::BestRoofline, true, &error);
    QVERIFY2(sorted, qPrintable(error));
    QCOMPARE(sorted->first(), *id);
}

// Version 4 adds each turn's fraction of the roofline; turns evaluated before it get theirs from their
// evaluation JSON, when it has a floor and a calibration.
void TestStore::migratesVersion3Roofline()
{
    const QString file = path(QStringLiteral("v3.kwb"));
    Trajectory t = test::forkedTrajectory(QStringLiteral("v3"));
    test::addRoofline(t);
    t.turns[2].eval = t.turns.at(1).eval; // a fork timed at 10 µs that failed verification
    t.turns[2].eval->verify.status = StageStatus::Failed;
    t.turns[2].eval->timing.candidate = { 10, 10, 10, 10, 0.01, 10 };
    QString error;
    {
        auto old = Store::createAtVersion(file, 3, &error);
        QVERIFY2(old, qPrintable(error));
        QSqlQuery q(kwb::StoreTestAccess::database(*old));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO tasks(id, name, level, source_blob) VALUES(1, 'copy', 1, 'none')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO trajectories(id, uuid, task_id) VALUES(1, 'v3', 1), (2, 'v3-plain', 1)")));
        QVERIFY(q.prepare(QStringLiteral("INSERT INTO turns(trajectory_id, uuid, seq, depth, messages, eval, compile_status,"
                                         " verify_status) VALUES(?, ?, ?, 0, '[]', ?, ?, ?)")));
        const auto addTurn = [&](int trajectory, const QString& uuid, int seq, const EvalResult& e) {
            q.addBindValue(trajectory);
            q.addBindValue(uuid);
            q.addBindValue(seq);
            q.addBindValue(QString::fromUtf8(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact)));
            q.addBindValue(stageStatusName(e.compile.status));
            q.addBindValue(stageStatusName(e.verify.status));
            return q.exec();
        };
        for (int i = 0; i < 3; ++i)
            QVERIFY2(addTurn(1, t.turns.at(i).uuid, i, *t.turns.at(i).eval), qPrintable(q.lastError().text()));
        QVERIFY(addTurn(2, QStringLiteral("plain-t0"), 0, test::evalWith(StageStatus::Passed, StageStatus::Passed, 50, 100, 3)));
    }
    auto store = Store::open(file, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
    const auto rows = store->summaries({ 1, 2 }, &error);
    QVERIFY2(rows, qPrintable(error));
    QCOMPARE(rows->at(0).bestRoofline, 1.0); // not the failed fork's 5.0
    QVERIFY(std::isnan(rows->at(1).bestRoofline));
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    QVERIFY(q.exec(QStringLiteral("SELECT uuid, roofline FROM turns ORDER BY id")));
    QVERIFY(q.next());
    QCOMPARE(q.value(1).toDouble(), 0.25);
    QVERIFY(q.next());
    QCOMPARE(q.value(1).toDouble(), 1.0);
    QVERIFY(q.next() && q.value(1).isNull());
    QVERIFY(q.next() && q.value(1).isNull());
    // New turns of a migrated store are written with theirs.
    Turn next = t.turns.at(1);
    next.uuid = QStringLiteral("v3-next");
    next.parentUuid.clear();
    QVERIFY2(store->addTurn(2, next, &error), qPrintable(error));
    QCOMPARE(store->summaries({ 2 }, &error)->first().bestRoofline, 1.0);
}

// Version 6: a trajectory whose evaluations ended in the environment's error (no GPU, a lost host) has a status of its
// own, no longer "compile-error" (error at the build) or "incorrect" (error at the judge after a build).
void TestStore::migratesVersion5EnvironmentErrors()
{
    const QString file = path(QStringLiteral("v5.kwb"));
    QString error;
    {
        auto old = Store::createAtVersion(file, 5, &error);
        QVERIFY2(old, qPrintable(error));
        QSqlQuery q(kwb::StoreTestAccess::database(*old));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO tasks(id, name, level, source_blob) VALUES(1, 'copy', 1, 'none')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO trajectories(id, uuid, task_id, status) VALUES(1, 'no-gpu', 1, 'compile-error'),"
                                      " (2, 'judge-lost', 1, 'incorrect'), (3, 'real', 1, 'compile-error'), (4, 'mixed', 1, 'incorrect')")));
        QVERIFY(q.exec(QStringLiteral("INSERT INTO turns(trajectory_id, uuid, seq, depth, messages, compile_status, verify_status) VALUES"
                                      " (1, 'a', 0, 0, '[]', 'error', 'not-run'), (2, 'b', 0, 0, '[]', 'passed', 'error'),"
                                      " (3, 'c', 0, 0, '[]', 'failed', 'not-run'), (4, 'd', 0, 0, '[]', 'error', 'not-run'),"
                                      " (4, 'e', 1, 1, '[]', 'passed', 'failed')")));
    }
    auto store = Store::open(file, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
    const auto rows = store->summaries({ 1, 2, 3, 4 }, &error);
    QVERIFY2(rows && rows->size() == 4, qPrintable(error));
    QStringList statuses;
    for (const TrajectorySummary& row : *rows)
        statuses << row.status;
    QCOMPARE(statuses, QStringList({ QStringLiteral("environment-error"), QStringLiteral("environment-error"),
                           QStringLiteral("compile-error"), QStringLiteral("incorrect") }));
    TrajectoryFilter filter;
    filter.status = QStringLiteral("environment-error");
    QCOMPARE(store->trajectoryIds(filter, TrajectoryColumn::Created, false, &error)->size(), 2);
}

// Nsight Compute profiles are attached after the evaluation: they add rows, keep the report as a blob, and
// leave the turn's evaluation as it was. A store at schema 4 gets the table on open.
void TestStore::ncuProfilesAddToATurn()
{
    const QString file = path(QStringLiteral("ncu.kwb"));
    QString error;
    {
        auto old = Store::createAtVersion(file, 4, &error);
        QVERIFY2(old, qPrintable(error));
    }
    auto store = Store::open(file, &error);
    QVERIFY2(store, qPrintable(error));
    QCOMPARE(store->schemaVersion(), Schema::kCurrentVersion);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("n")), &error);
    QVERIFY2(id, qPrintable(error));
    const Trajectory before = *store->trajectory(*id, Store::Depth::Full, &error);
    const qint64 turnId = before.turns.at(1).storeId;
    QCOMPARE(store->ncuProfiles(turnId, &error)->size(), 0);

    NcuProfile profile; // values of the softmax candidate's kernel on the H200 (bench/h200/roofline/ncu-softmax.json)
    profile.status = StageStatus::Passed;
    profile.kernelFilter = QStringLiteral("^softmax_rows_vec4_kernel$");
    NcuKernel k;
    k.name = QStringLiteral("void <unnamed>::softmax_rows_vec4_kernel<4>(const float4 *, float4 *, long, int)");
    k.metrics = { { QStringLiteral("gpu__time_duration.sum"), 1048352.0 },
        { QStringLiteral("dram__throughput.avg.pct_of_peak_sustained_elapsed"), 84.635004 },
        { QStringLiteral("l1tex__t_sector_hit_rate.pct"), kUnknown } };
    k.units = { QStringLiteral("ns"), QStringLiteral("%"), QStringLiteral("%") };
    profile.kernels = { k };
    const QByteArray report("NVIDIA Nsight Compute report bytes");
    QVERIFY2(store->addNcuProfile(turnId, profile, report, &error), qPrintable(error));
    NcuProfile failed;
    failed.status = StageStatus::Error;
    failed.message = QStringLiteral("No kernel whose name matches x ran in the profiled call.");
    QVERIFY2(store->addNcuProfile(turnId, failed, {}, &error), qPrintable(error));

    const auto profiles = store->ncuProfiles(turnId, &error);
    QVERIFY2(profiles, qPrintable(error));
    QCOMPARE(profiles->size(), 2);
    NcuProfile expected = profile;
    expected.reportBlob = WorkspaceSnapshot::sha256Hex(report);
    QCOMPARE(profiles->at(0), expected); // NaN metric included
    QCOMPARE(profiles->at(1), failed);
    QCOMPARE(*store->blob(expected.reportBlob, &error), report);
    QCOMPARE(*store->trajectory(*id, Store::Depth::Full, &error), before); // the turn itself is unchanged
    QVERIFY(!store->addNcuProfile(987654, profile, report, &error));
    QVERIFY2(error.contains(QStringLiteral("does not exist")), qPrintable(error));
}

void TestStore::refusesBadFilesUntouched_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("expected");
    QTest::newRow("text file") << QStringLiteral("text") << QStringLiteral("not an SQLite database");
    QTest::newRow("foreign sqlite") << QStringLiteral("foreign") << QStringLiteral("another application");
    QTest::newRow("newer schema") << QStringLiteral("newer") << QStringLiteral("newer Kernel Workbench (schema 99");
    QTest::newRow("truncated") << QStringLiteral("truncated") << QStringLiteral("is truncated");
}

void TestStore::refusesBadFilesUntouched()
{
    QFETCH(QString, kind);
    QFETCH(QString, expected);
    const QString file = path(QStringLiteral("bad.kwb"));
    QString error;
    if (kind == QLatin1String("text")) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"kwb-trajectory/1\"}\n");
    } else if (kind == QLatin1String("foreign")) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("foreign"));
        db.setDatabaseName(file);
        QVERIFY(db.open());
        QSqlQuery(db).exec(QStringLiteral("CREATE TABLE people(name TEXT)"));
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("foreign"));
    } else {
        {
            auto store = Store::open(file, &error);
            QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("n")), &error));
            if (kind == QLatin1String("newer"))
                QVERIFY(QSqlQuery(kwb::StoreTestAccess::database(*store)).exec(QStringLiteral("PRAGMA user_version = 99")));
        }
        if (kind == QLatin1String("truncated")) {
            QFile f(file);
            QVERIFY(f.resize(f.size() / 2));
        }
    }
    const QByteArray before = test::fileDigest(file);
    QVERIFY(!Store::open(file, &error));
    QVERIFY2(error.contains(expected), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("bad.kwb")), qPrintable(error));
    QCOMPARE(test::fileDigest(file), before);
    QVERIFY(!QFile::exists(file + QStringLiteral("-wal")) || kind == QLatin1String("newer"));
}

void TestStore::detectsDamagedBlob()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("c.kwb")), &error);
    const auto id = store->addTrajectory(test::forkedTrajectory(QStringLiteral("c")), &error);
    const QString hash = WorkspaceSnapshot::sha256Hex(QByteArrayLiteral("__global__ void coalesced() {}\n"));
    QSqlQuery q(kwb::StoreTestAccess::database(*store));
    q.prepare(QStringLiteral("UPDATE blobs SET data = ? WHERE hash = ?"));
    q.addBindValue(QByteArrayLiteral("__global__ void tampered() {}\n"));
    q.addBindValue(hash);
    QVERIFY(q.exec());
    QVERIFY(store->trajectory(*id, Store::Depth::Headers, &error)); // headers do not touch file contents
    QVERIFY(!store->trajectory(*id, Store::Depth::Full, &error));
    QVERIFY2(error.contains(hash) && error.contains(QStringLiteral("does not match its hash")), qPrintable(error));
    QVERIFY(!store->verify(&error));
    QVERIFY2(error.contains(QStringLiteral("does not match its hash")), qPrintable(error));
}

void TestStore::nestedTransactionsRollBackTheirPartOnly()
{
    QString error;
    auto store = Store::open(path(QStringLiteral("n.kwb")), &error);
    {
        Store::Transaction outer(*store);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("keep")), &error));
        {
            Store::Transaction inner(*store);
            QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("drop")), &error));
        } // not committed
        QVERIFY(outer.commit(&error));
    }
    QCOMPARE(store->info(&error)->trajectories, 1);
    {
        Store::Transaction outer(*store);
        QVERIFY(store->addTrajectory(test::forkedTrajectory(QStringLiteral("gone")), &error));
    }
    QCOMPARE(store->info(&error)->trajectories, 1);
}

// A tool result, an evaluation's message and a title that hold this process's secrets (several naming styles) are
// stored with the values redacted: no byte of any value is in the files, and the redaction says which variable.
void TestStore::secretsOfThisProcessAreNeverStored()
{
    const QList<QPair<QByteArray, QByteArray>> secrets = { { "KWB_TEST_OPENAI_KEY", "sk-kwbtest-9f8e7d6c5b4a" },
        { "KWB_TEST_GH_PAT", "ghp_kwbtestAAAABBBBCCCC" }, { "KWB_TEST_AWS_SECRET_ACCESS_KEY", "kwbtestSecretValue/+=123" },
        { "kwb_test_authToken", "kwbtest-npm-auth-0042" } };
    for (const auto& [name, value] : secrets)
        qputenv(name.constData(), value);
    Trajectory t = test::forkedTrajectory(QStringLiteral("secrets"));
    QString all;
    for (const auto& [name, value] : secrets)
        all += QString::fromUtf8(name + "=" + value + "\n");
    Message tool = Message::of(Message::Role::Tool, all);
    tool.toolCallId = QStringLiteral("call-1");
    tool.toolName = QStringLiteral("bash");
    t.turns[0].messages.append(tool);
    t.turns[0].eval->verify.message = QStringLiteral("failed near ") + QString::fromUtf8(secrets.at(1).second);
    t.title = QStringLiteral("run with ") + QString::fromUtf8(secrets.at(2).second);
    QString error;
    {
        auto store = Store::open(path(QStringLiteral("s.kwb")), &error);
        QVERIFY2(store, qPrintable(error));
        const auto id = store->addTrajectory(t, &error);
        QVERIFY2(id, qPrintable(error));
        const auto back = store->trajectory(*id, Store::Depth::Full, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(back->turns.at(0).messages.last().text.contains(QStringLiteral("[redacted KWB_TEST_GH_PAT]")));
        QVERIFY(back->turns.at(0).eval->verify.message.contains(QStringLiteral("[redacted KWB_TEST_GH_PAT]")));
    }
    for (const auto& [name, value] : secrets)
        qunsetenv(name.constData());
    QByteArray bytes;
    for (const QString& suffix : { QString(), QStringLiteral("-wal") }) {
        QFile file(path(QStringLiteral("s.kwb") + suffix));
        if (file.open(QIODevice::ReadOnly))
            bytes += file.readAll();
    }
    QVERIFY(bytes.contains("[redacted kwb_test_authToken]"));
    for (const auto& [name, value] : secrets)
        QVERIFY2(!bytes.contains(value), value.constData());
}

QTEST_GUILESS_MAIN(TestStore)
#include "tst_store.moc"
