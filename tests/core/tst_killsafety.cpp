// The real kwb binary killed with SIGKILL in the middle of its work: the store it wrote to still opens, passes
// Store::verify, keeps every change that was committed and holds nothing half-written.
#include "store/store.h"
#include "store/trajectoryfilter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <functional>
#include <memory>

using namespace kwb;

namespace {

constexpr int kBigTrajectories = 240;
constexpr int kBigTurns = 20;
constexpr int kSyntheticTrajectories = 2500;
constexpr int kSyntheticTurns = 3;
constexpr int kSyntheticBatch = 500; // gen-synthetic commits this many trajectories at a time
constexpr int kAgentSteps = 40;
constexpr int kLabelTrajectories = 3000; // labelled in one transaction by kwb label

QByteArray fileHash(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&f);
    return hash.result();
}

// What a process has read or written so far ("rchar:", "wchar:"; Linux), to see that it is under way: an import
// holds its transaction in memory until it commits, and an export's output may be an unnamed temporary file.
qint64 ioBytes(qint64 pid, const QByteArray& counter)
{
    QFile io(QStringLiteral("/proc/%1/io").arg(pid));
    if (!io.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : io.readAll().split('\n')) {
        if (line.startsWith(counter))
            return line.mid(counter.size()).trimmed().toLongLong();
    }
    return 0;
}

} // namespace

class TestKillSafety : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void killDuringImport_data();
    void killDuringImport();
    void killDuringExport_data();
    void killDuringExport();
    void killDuringSyntheticGeneration_data();
    void killDuringSyntheticGeneration();
    void killDuringAgentRun_data();
    void killDuringAgentRun();
    void killDuringBulkLabel_data();
    void killDuringBulkLabel();

private:
    // Starts kwb, waits until `ready` holds (polled), then `delayMs` more, and kills it. True when the kill
    // found kwb still at work.
    bool killMidWork(QProcess& process, const QStringList& args, const std::function<bool()>& ready, int delayMs);
    std::unique_ptr<Store> openAndVerify(const QString& path);
    QString shared(const QString& name) const { return m_shared.filePath(name); }
    QString path(const QString& name) const { return m_dir->filePath(name); }
    bool runKwb(const QStringList& args);

    QTemporaryDir m_shared;
    std::unique_ptr<QTemporaryDir> m_dir;
    QByteArray m_bigExport;
    qint64 m_baseTrajectories = 0;
    qint64 m_baseTurns = 0;
};

bool TestKillSafety::runKwb(const QStringList& args)
{
    QProcess p;
    p.start(QStringLiteral(KWB_CLI), args);
    if (!p.waitForFinished(120000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        qWarning() << "kwb" << args << "failed:" << p.readAllStandardError();
        return false;
    }
    return true;
}

void TestKillSafety::initTestCase()
{
    QVERIFY(m_shared.isValid());
    QVERIFY(runKwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), shared(QStringLiteral("big.kwb")),
        QStringLiteral("--trajectories"), QString::number(kBigTrajectories), QStringLiteral("--turns"),
        QString::number(kBigTurns), QStringLiteral("--seed"), QStringLiteral("3") }));
    QVERIFY(runKwb({ QStringLiteral("export"), shared(QStringLiteral("big.kwb")), QStringLiteral("--format"),
        QStringLiteral("jsonl"), QStringLiteral("-o"), shared(QStringLiteral("big.jsonl")) }));
    QFile exported(shared(QStringLiteral("big.jsonl")));
    QVERIFY(exported.open(QIODevice::ReadOnly));
    m_bigExport = exported.readAll();
    QCOMPARE(m_bigExport.count('\n'), kBigTrajectories);

    QVERIFY(runKwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), shared(QStringLiteral("base.kwb")),
        QStringLiteral("--trajectories"), QStringLiteral("4"), QStringLiteral("--turns"), QStringLiteral("5"),
        QStringLiteral("--seed"), QStringLiteral("77") }));
    const auto base = openAndVerify(shared(QStringLiteral("base.kwb")));
    QVERIFY(base);
    QString error;
    const auto info = base->info(&error);
    QVERIFY2(info, qPrintable(error));
    m_baseTrajectories = info->trajectories;
    m_baseTurns = info->turns;
    QCOMPARE(m_baseTrajectories, 4);
    QVERIFY(runKwb({ QStringLiteral("gen-synthetic"), QStringLiteral("--store"), shared(QStringLiteral("labels.kwb")),
        QStringLiteral("--trajectories"), QString::number(kLabelTrajectories), QStringLiteral("--turns"), QStringLiteral("1"),
        QStringLiteral("--seed"), QStringLiteral("5") }));
}

void TestKillSafety::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(QDir(m_dir->path()).mkpath(QStringLiteral("tmp")));
}

bool TestKillSafety::killMidWork(
    QProcess& process, const QStringList& args, const std::function<bool()>& ready, int delayMs)
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("TMPDIR"),
        path(QStringLiteral("tmp"))); // what a killed agent leaves goes with the test's folder
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(KWB_CLI), args);
    if (!process.waitForStarted(10000))
        return false;
    QElapsedTimer clock;
    clock.start();
    while (!ready() && process.state() == QProcess::Running && clock.elapsed() < 60000)
        process.waitForFinished(5);
    if (delayMs > 0)
        process.waitForFinished(delayMs);
    const bool running = process.state() == QProcess::Running;
    process.kill();
    process.waitForFinished(10000);
    if (running && process.exitStatus() != QProcess::CrashExit)
        return false;
    if (!running)
        qWarning("kwb finished before the kill");
    return running;
}

std::unique_ptr<Store> TestKillSafety::openAndVerify(const QString& storePath)
{
    QString error;
    auto store = Store::open(storePath, &error, Store::OpenMode::MustExist);
    if (!store) {
        qWarning() << "the store does not open:" << error;
        return nullptr;
    }
    if (!store->verify(&error)) {
        qWarning() << "the store does not verify:" << error;
        return nullptr;
    }
    return store;
}

void TestKillSafety::killDuringImport_data()
{
    QTest::addColumn<int>("percent"); // of the file read when the kill comes; -1, -2: see the rows
    for (int percent : { 10, 35, 70, 90, 100 })
        QTest::addRow("after %d%% read", percent) << percent;
    QTest::addRow("while committing") << -1;
    QTest::addRow("as it reports success") << -2; // committed: all of it must be there
}

// The import is one transaction: after the kill the store has all of the file or none of it.
void TestKillSafety::killDuringImport()
{
    QFETCH(int, percent);
    const QString store = path(QStringLiteral("s.kwb"));
    QVERIFY(QFile::copy(shared(QStringLiteral("base.kwb")), store));
    const qint64 threshold = m_bigExport.size() * percent / 100;
    QProcess kwb;
    const bool midWork = killMidWork(
        kwb, { QStringLiteral("import"), shared(QStringLiteral("big.jsonl")), QStringLiteral("--store"), store },
        [&] {
            if (percent == -2)
                return kwb.canReadLine();
            return percent == -1 ? QFileInfo(store + QStringLiteral("-wal")).size() > 1024 * 1024
                                 : ioBytes(kwb.processId(), "rchar:") >= threshold;
        },
        0);
    QVERIFY2(midWork || percent == 100 || percent == -2, "the kill did not land during the import");
    const bool committed = kwb.readAll().startsWith("Imported");
    QVERIFY(committed || percent != -2);

    const auto opened = openAndVerify(store);
    QVERIFY(opened);
    QString error;
    const auto info = opened->info(&error);
    QVERIFY2(info, qPrintable(error));
    const bool none = info->trajectories == m_baseTrajectories && info->turns == m_baseTurns;
    const bool all = info->trajectories == m_baseTrajectories + kBigTrajectories
        && info->turns == m_baseTurns + qint64(kBigTrajectories) * kBigTurns;
    QVERIFY2(committed ? all : none || all,
        qPrintable(
            QStringLiteral("%1 trajectories and %2 turns after the kill").arg(info->trajectories).arg(info->turns)));
    qInfo("the store holds %s of the file", all ? "all" : "none");
}

void TestKillSafety::killDuringExport_data()
{
    QTest::addColumn<int>("percent"); // of the output written when the kill comes; at 100 it is being committed
    for (int percent : { 10, 35, 70, 90, 100 })
        QTest::addRow("after %d%% written", percent) << percent;
}

// Export writes nothing to the store, and its output file is either absent or whole.
void TestKillSafety::killDuringExport()
{
    QFETCH(int, percent);
    const QString store = path(QStringLiteral("s.kwb"));
    QVERIFY(QFile::copy(shared(QStringLiteral("big.kwb")), store));
    const qint64 threshold = m_bigExport.size() * percent / 100;
    const QByteArray before = fileHash(store);
    const QString output = path(QStringLiteral("out.jsonl"));
    QProcess kwb;
    const auto written = [&] { return ioBytes(kwb.processId(), "wchar:") >= threshold; };
    const bool midWork = killMidWork(kwb,
        { QStringLiteral("export"), store, QStringLiteral("--format"), QStringLiteral("jsonl"), QStringLiteral("-o"),
            output },
        written, 0);
    QVERIFY2(midWork || percent == 100, "the kill did not land during the export");

    QCOMPARE(fileHash(store), before);
    if (QFileInfo::exists(output)) {
        QFile out(output);
        QVERIFY(out.open(QIODevice::ReadOnly));
        QVERIFY2(out.readAll() == m_bigExport, "a killed export left a partial output file");
    }
    qInfo("the output is %s", QFileInfo::exists(output) ? "complete" : "absent");
    const auto opened = openAndVerify(store);
    QVERIFY(opened);
    QString error;
    const auto info = opened->info(&error);
    QVERIFY2(info, qPrintable(error));
    QCOMPARE(info->trajectories, kBigTrajectories);
}

void TestKillSafety::killDuringSyntheticGeneration_data()
{
    QTest::addColumn<int>("batches");
    QTest::addColumn<int>("delayMs");
    QTest::addRow("as batch 1 is reported") << 1 << 0;
    QTest::addRow("40 ms after batch 2") << 2 << 40;
    QTest::addRow("100 ms after batch 3") << 3 << 100;
}

// Many transactions: what was reported committed is there, and every trajectory is whole.
void TestKillSafety::killDuringSyntheticGeneration()
{
    QFETCH(int, batches);
    QFETCH(int, delayMs);
    const QString store = path(QStringLiteral("s.kwb"));
    QProcess kwb;
    QByteArray progress;
    const QByteArray reportedBatch = QByteArray::number(batches * kSyntheticBatch) + " / ";
    const bool midWork = killMidWork(
        kwb,
        { QStringLiteral("gen-synthetic"), QStringLiteral("--store"), store, QStringLiteral("--trajectories"),
            QString::number(kSyntheticTrajectories), QStringLiteral("--turns"), QString::number(kSyntheticTurns),
            QStringLiteral("--seed"), QStringLiteral("9") },
        [&] {
            progress += kwb.readAllStandardError();
            return progress.contains(reportedBatch);
        },
        delayMs);
    QVERIFY2(midWork, "the kill did not land during the generation");
    progress += kwb.readAllStandardError();
    qint64 reported = 0; // the progress line is printed after each commit
    const QRegularExpression line(QStringLiteral("(\\d+) / \\d+ trajectories"));
    for (auto it = line.globalMatch(QString::fromUtf8(progress)); it.hasNext();)
        reported = it.next().captured(1).toLongLong();
    QVERIFY(reported >= batches * kSyntheticBatch);

    const auto opened = openAndVerify(store);
    QVERIFY(opened);
    QString error;
    const auto ids = opened->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QVERIFY2(ids, qPrintable(error));
    QVERIFY2(
        ids->size() >= reported, qPrintable(QStringLiteral("%1 reported, %2 stored").arg(reported).arg(ids->size())));
    QVERIFY(ids->size() == kSyntheticTrajectories || ids->size() % kSyntheticBatch == 0);
    for (qint64 id : *ids) {
        const auto t = opened->trajectory(id, Store::Depth::Headers, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->turns.size(), kSyntheticTurns);
    }
    qInfo("%lld trajectories reported committed, %lld stored", reported, qint64(ids->size()));
}

void TestKillSafety::killDuringAgentRun_data()
{
    QTest::addColumn<int>("delayMs");
    for (int delay : { 0, 70, 160, 290 })
        QTest::addRow("%d ms after turn 2", delay) << delay;
}

// Turns are stored one at a time as they finish: each stored turn is whole, with its message and workspace.
void TestKillSafety::killDuringAgentRun()
{
    QFETCH(int, delayMs);
    QFile task(path(QStringLiteral("scale.py")));
    QVERIFY(task.open(QIODevice::WriteOnly));
    task.write("import torch\nclass Model(torch.nn.Module):\n    def forward(self, x):\n        return x * 2\n");
    task.close();
    QJsonArray actions;
    for (int i = 0; i < kAgentSteps; ++i) {
        const QJsonObject write { { QStringLiteral("name"), QStringLiteral("write_file") },
            { QStringLiteral("arguments"),
                QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/k.cu") },
                    { QStringLiteral("content"), QStringLiteral("// step %1\n").arg(i) } } } };
        const QJsonObject bash { { QStringLiteral("name"), QStringLiteral("bash") },
            { QStringLiteral("arguments"),
                QJsonObject { { QStringLiteral("command"), QStringLiteral("sleep 0.2") } } } };
        actions.append(QJsonObject { { QStringLiteral("text"), QStringLiteral("step %1").arg(i) },
            { QStringLiteral("tool_calls"), QJsonArray { write, bash } } });
    }
    actions.append(QJsonObject { { QStringLiteral("text"), QStringLiteral("Done.") } });
    QFile script(path(QStringLiteral("script.json")));
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QJsonDocument(actions).toJson());
    script.close();

    const QString store = path(QStringLiteral("s.kwb"));
    QProcess kwb;
    QByteArray printed;
    const bool midWork = killMidWork(
        kwb,
        { QStringLiteral("agent"), QStringLiteral("--store"), store, QStringLiteral("--task"), task.fileName(),
            QStringLiteral("--script"), script.fileName(), QStringLiteral("--device"), QStringLiteral("cpu"),
            QStringLiteral("--no-final-eval"), QStringLiteral("--max-turns"), QString::number(kAgentSteps + 1) },
        [&] {
            printed += kwb.readAllStandardOutput();
            return printed.contains("turn 2 stored");
        },
        delayMs);
    QVERIFY2(midWork, "the kill did not land during the agent run");
    printed += kwb.readAllStandardOutput();
    const qsizetype reported = printed.count(" stored: "); // printed after each turn is committed

    const auto opened = openAndVerify(store);
    QVERIFY(opened);
    QString error;
    const auto ids = opened->trajectoryIds({}, TrajectoryColumn::Created, false, &error);
    QVERIFY2(ids && ids->size() == 1, qPrintable(error));
    const auto t = opened->trajectory(ids->first(), Store::Depth::Full, &error);
    QVERIFY2(t, qPrintable(error));
    QVERIFY(!t->prompt.isEmpty());
    QVERIFY2(t->turns.size() >= reported && t->turns.size() <= reported + 1,
        qPrintable(QStringLiteral("%1 turns reported, %2 stored").arg(reported).arg(t->turns.size())));
    for (qsizetype i = 0; i < t->turns.size(); ++i) {
        const Turn& turn = t->turns.at(i);
        QCOMPARE(turn.parentUuid, i == 0 ? QString() : t->turns.at(i - 1).uuid);
        QCOMPARE(turn.messages.size(), 3); // the assistant's message and the results of its two tool calls
        QCOMPARE(turn.messages.first().text, QStringLiteral("step %1").arg(i));
        QCOMPARE(turn.messages.at(1).toolName, QStringLiteral("write_file"));
        QCOMPARE(turn.messages.at(2).toolName, QStringLiteral("bash"));
        QVERIFY(turn.workspace.hasContent(QStringLiteral("kernels/k.cu")));
        QCOMPARE(
            turn.workspace.content(QStringLiteral("kernels/k.cu")), QStringLiteral("// step %1\n").arg(i).toUtf8());
    }
    qInfo("%lld turns reported stored, %lld stored", qint64(reported), qint64(t->turns.size()));
}

void TestKillSafety::killDuringBulkLabel_data()
{
    QTest::addColumn<int>("delayMs");
    QTest::addRow("as it starts writing") << 0;
    QTest::addRow("50 ms in") << 50;
    QTest::addRow("100 ms in") << 100;
}

// A curation edit of thousands of trajectories is one transaction: after the kill, every trajectory carries the
// label or none does, and each label has its annotation.
void TestKillSafety::killDuringBulkLabel()
{
    QFETCH(int, delayMs);
    const QString store = path(QStringLiteral("labels.kwb"));
    QVERIFY(QFile::copy(shared(QStringLiteral("labels.kwb")), store));
    QProcess kwb;
    qint64 pid = 0;
    const bool midWork = killMidWork(
        kwb, { QStringLiteral("label"), store, QStringLiteral("--add"), QStringLiteral("accept") },
        [&] {
            pid = kwb.processId();
            return ioBytes(pid, "wchar:") > 0;
        },
        delayMs);
    if (!midWork)
        QSKIP("kwb label finished before the kill on this machine");
    const auto opened = openAndVerify(store);
    QVERIFY(opened);
    QString error;
    TrajectoryFilter labelled;
    labelled.label = QStringLiteral("accept");
    const auto ids = opened->trajectoryIds(labelled, TrajectoryColumn::Created, false, &error);
    QVERIFY2(ids, qPrintable(error));
    QVERIFY2(ids->isEmpty() || ids->size() == kLabelTrajectories, qPrintable(QString::number(ids->size())));
    for (qint64 id : ids->mid(0, 50)) {
        const auto t = opened->trajectory(id, Store::Depth::Headers, &error);
        QVERIFY2(t, qPrintable(error));
        QCOMPARE(t->annotations.size(), 1);
        QCOMPARE(t->annotations.front().value, QStringLiteral("accept"));
    }
    qInfo("%lld of %d trajectories labelled after the kill", qint64(ids->size()), kLabelTrajectories);
}

QTEST_GUILESS_MAIN(TestKillSafety)
#include "tst_killsafety.moc"
