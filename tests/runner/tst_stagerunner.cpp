// StageRunner on real processes: a stand-in harness (fakeharness.h) ends each way a stage can end, and the status and
// message must say whose failure it was; a candidate stage that writes the run's protected copies is flagged and
// undone; candidate and trusted stages get the environments they must.
#include "fakeharness.h"
#include "runner/jsonvalue.h"
#include "runner/stagerunner.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace kwb::runner;

class TestStageRunner : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void ends_data();
    void ends();
    void candidateStageThatWritesProtectedFilesIsFlagged();
    void environments();

private:
    EvalRequest request(const QString& dir) const;
    QTemporaryDir m_dir;
    QString m_harness;
};

void TestStageRunner::initTestCase()
{
    qputenv("KWB_SANDBOX", "rlimits"); // a candidate stage can then reach the protected copy, as without bubblewrap
    QVERIFY(m_dir.isValid());
    // `case` on the subcommand: each test row picks how its stage ends.
    m_harness = kwb::test::writeFakeHarness(m_dir.path() + QStringLiteral("/cache"),
        "case \"$cmd\" in\n"
        "  passes) echo '{\"ok\": true, \"value\": 7}' > \"$out/$STAGE.json\" ;;\n"
        "  task-error) echo '{\"ok\": false, \"task_error\": true, \"reason\": \"The task has no get_inputs.\"}' > \"$out/$STAGE.json\" ;;\n"
        "  crashes) echo 'loading'; echo 'RuntimeError: CUDA out of memory.' >&2; exit 3 ;;\n"
        "  silent) echo 'done' ;;\n"
        "  hangs) sleep 30 ;;\n"
        "  writes-protected) echo changed > \"$PROTECTED\"; echo '{\"ok\": true}' > \"$out/$STAGE.json\" ;;\n"
        "esac\n");
    QVERIFY(!m_harness.isEmpty());
}

EvalRequest TestStageRunner::request(const QString& dir) const
{
    EvalRequest r;
    r.device = "cpu";
    r.python = "/bin/sh";
    r.harnessPath = m_harness.toStdString();
    r.runDirectory = dir.toStdString();
    r.cacheDirectory = QString(m_dir.path() + QStringLiteral("/cache")).toStdString();
    return r;
}

void TestStageRunner::ends_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<bool>("candidateCode");
    QTest::addColumn<QString>("status");
    QTest::addColumn<QString>("message"); // a part of it; "-" where there is none

    QTest::newRow("passed") << "passes" << false << "passed" << "-";
    QTest::newRow("the task's error, said by a trusted stage") << "task-error" << false << "error" << "The task has no get_inputs.";
    // Candidate code could have written that file itself: its word on whose failure it was is not taken.
    QTest::newRow("the task's error, said by a candidate stage") << "task-error" << true << "failed" << "The task has no get_inputs.";
    QTest::newRow("a trusted stage's last words say why") << "crashes" << false << "error" << "exited with status 3: RuntimeError: CUDA out of memory.";
    QTest::newRow("a candidate's last words are its own") << "crashes" << true << "failed" << "exited with status 3.";
    QTest::newRow("no result file") << "silent" << false << "error" << "without writing its result";
    QTest::newRow("timed out") << "hangs" << false << "timed-out" << "timed out after 1 s.";
}

void TestStageRunner::ends()
{
    QFETCH(QString, command);
    QFETCH(bool, candidateCode);
    QFETCH(QString, status);
    QFETCH(QString, message);
    const QString run = m_dir.path() + QStringLiteral("/run-") + QString::number(qHash(QString::fromLatin1(QTest::currentDataTag())));
    const EvalRequest r = request(run);
    HackFlags flags;
    StageRunner runner(r, flags);
    ProcessLimits limits = r.runLimits;
    limits.wallSeconds = 1;
    StageRecord stage;
    const bool passed = runner.runHarness("probe", { command.toStdString() }, limits, candidateCode, stage,
        { "STAGE=probe" });
    QCOMPARE(QString::fromStdString(stage.status), status);
    QCOMPARE(passed, status == QLatin1String("passed"));
    if (message == QLatin1String("-"))
        QVERIFY2(stage.message.empty(), stage.message.c_str());
    else
        QVERIFY2(QString::fromStdString(stage.message).contains(message), stage.message.c_str());
    if (status == QLatin1String("passed"))
        QCOMPARE(stage.result["value"].toNumber(0), 7.0);
    QVERIFY(QFile::exists(QString::fromStdString(runner.stageDirectory("probe")) + QStringLiteral("/log.txt")));
    if (command == QLatin1String("crashes"))
        QVERIFY(QString::fromStdString(stage.log).contains(QStringLiteral("loading")));
}

void TestStageRunner::candidateStageThatWritesProtectedFilesIsFlagged()
{
    const QString run = m_dir.path() + QStringLiteral("/run-protected");
    const QString task = run + QStringLiteral("/protected/task.py");
    QVERIFY(kwb::test::writeText(task, "class Model: pass\n"));
    const EvalRequest r = request(run);
    HackFlags flags;
    StageRunner runner(r, flags);
    runner.protect(task.toStdString());
    StageRecord trusted;
    // A trusted stage may write there (none does): only candidate stages are checked.
    QVERIFY(runner.runHarness("trusted", { "passes" }, r.runLimits, false, trusted, { "STAGE=trusted" }));
    QVERIFY(!flags.contains("wrote-protected-file"));
    StageRecord stage;
    QVERIFY(runner.runHarness("candidate", { "writes-protected" }, r.runLimits, true, stage,
        { "STAGE=candidate", "PROTECTED=" + task.toStdString() }));
    QVERIFY(flags.contains("wrote-protected-file"));
    QFile file(task);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("class Model: pass\n")); // put back
}

void TestStageRunner::environments()
{
    const QString run = m_dir.path() + QStringLiteral("/run-env");
    EvalRequest r = request(run);
    r.cudaArch = "9.0";
    HackFlags flags;
    StageRunner runner(r, flags);
    const auto has = [](const ProcessSpec& spec, const std::string& entry) {
        return std::find(spec.environment.begin(), spec.environment.end(), entry) != spec.environment.end();
    };
    const auto value = [](const ProcessSpec& spec, const std::string& key) {
        for (const std::string& e : spec.environment) {
            if (e.rfind(key + "=", 0) == 0)
                return QString::fromStdString(e.substr(key.size() + 1));
        }
        return QString();
    };
    const ProcessSpec candidate = runner.spec("compile", { "true" }, r.compileLimits, true, { "EXTRA=1" });
    const ProcessSpec trusted = runner.spec("evaluate", { "true" }, r.runLimits, false);
    QVERIFY(candidate.onlyToolEnvironment); // no token of the user's reaches candidate code
    QVERIFY(!trusted.onlyToolEnvironment);
    QVERIFY(value(candidate, "TMPDIR").endsWith(QStringLiteral("/run-env/tmp")));
    QVERIFY(value(trusted, "TMPDIR").endsWith(QStringLiteral("/run-env/trusted-tmp")));
    // torch.compile's caches for the trusted stages only, in the baselines cache that candidate stages cannot see.
    QVERIFY(value(candidate, "TORCHINDUCTOR_CACHE_DIR").isEmpty());
    QVERIFY(value(trusted, "TORCHINDUCTOR_CACHE_DIR").startsWith(QString::fromStdString(runner.baselineCache())));
    QVERIFY(has(candidate, "EXTRA=1"));
    QVERIFY(has(candidate, "TORCH_CUDA_ARCH_LIST=9.0"));
    QCOMPARE(candidate.logPath, runner.stageDirectory("compile") + "/log.txt");
    QVERIFY(QFileInfo(QString::fromStdString(runner.stageDirectory("compile"))).isDir());
    // A single file's builds in a folder of their own, by its key.
    const QString root = value(trusted, "TORCH_EXTENSIONS_DIR");
    QVERIFY(root.endsWith(QStringLiteral("/torch_extensions")));
    runner.setSingleFileBuild("0123abcd");
    QCOMPARE(value(runner.spec("evaluate", { "true" }, r.runLimits, false), "TORCH_EXTENSIONS_DIR"),
        root + QStringLiteral("/0123abcd"));
}

QTEST_GUILESS_MAIN(TestStageRunner)
#include "tst_stagerunner.moc"
