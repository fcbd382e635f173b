// RunnerJob against fake runners (canned JSON, crash, garbage, sleeping with a grandchild) and the real kwb-runner.
#include "env/processtree.h"
#include "env/runnerjob.h"
#include "env/runnerservice.h"
#include "fakerunner.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;

class TestRunnerJob : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void streamsStderrLinesAndEndsWithTheResult();
    void failuresAreOneSentence_data();
    void failuresAreOneSentence();
    void notInstalled();
    void credentialsStayOutOfTheRunner();
    void startWhileRunningIsRefused();
    void cancelKillsTheRunnerAndWhatItStarted();
    void runnerPathBesideTheApplication();
    void realRunnerFingerprint();
    void realRunnerErrorAndUsage();
    void warmServiceAnswersEvaluationsAndSurvivesCancel();

private:
    struct Outcome
    {
        QStringList progress;
        QList<QJsonObject> results;
        QStringList failures;
        int ends() const { return int(results.size() + failures.size()); }
    };
    static void watch(RunnerJob& job, Outcome* outcome);

    QTemporaryDir m_dir;
};

void TestRunnerJob::watch(RunnerJob& job, Outcome* outcome)
{
    connect(&job, &RunnerJob::progress, &job, [outcome](const QString& line) { outcome->progress.append(line); });
    connect(
        &job, &RunnerJob::finished, &job, [outcome](const QJsonObject& result) { outcome->results.append(result); });
    connect(&job, &RunnerJob::failed, &job, [outcome](const QString& sentence) { outcome->failures.append(sentence); });
}

void TestRunnerJob::streamsStderrLinesAndEndsWithTheResult()
{
    const QJsonObject canned { { QStringLiteral("compile"),
                                   QJsonObject { { QStringLiteral("status"), QStringLiteral("passed") } } },
        { QStringLiteral("reward"), QJsonObject { { QStringLiteral("value"), 3 } } } };
    QFile result(m_dir.filePath(QStringLiteral("result.json")));
    QVERIFY(result.open(QIODevice::WriteOnly));
    result.write(QJsonDocument(canned).toJson());
    result.close();
    // A line split across two writes, an empty line, and a last line without a newline.
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("canned.sh"),
        "printf 'compile: started\\n' >&2\nprintf 'verify: trial 1' >&2\nsleep 0.2\nprintf ' of 3\\n\\n' >&2\ncat "
            + test::shellQuoted(result.fileName()) + "\nprintf 'done' >&2\n");
    RunnerJob job;
    job.setRunnerPath(runner);
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({ QStringLiteral("eval") }));
    QVERIFY(job.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QVERIFY(!job.isRunning());
    QCOMPARE(outcome.failures, QStringList());
    QCOMPARE(outcome.results.first(), canned);
    QCOMPARE(outcome.progress,
        (QStringList {
            QStringLiteral("compile: started"), QStringLiteral("verify: trial 1 of 3"), QStringLiteral("done") }));
    QTest::qWait(100);
    QCOMPARE(outcome.ends(), 1); // exactly one end
}

void TestRunnerJob::failuresAreOneSentence_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    QTest::newRow("crash")
        << QByteArray("echo 'loading the harness' >&2\nkill -SEGV $$\n")
        << QStringLiteral("kwb-runner crashed with signal 11 (Segmentation fault) after printing: loading the harness");
    QTest::newRow("not JSON") << QByteArray("echo 'Traceback (most recent call last):'\n")
                              << QStringLiteral("kwb-runner's output is not JSON (");
    QTest::newRow("not an object") << QByteArray("echo '[1, 2]'\n")
                                   << QStringLiteral("kwb-runner's output is JSON but not an object.");
    QTest::newRow("error member") << QByteArray(
        "echo '{\"error\": \"The task file /x/task.py does not exist.\"}'\nexit 1\n")
                                  << QStringLiteral("The task file /x/task.py does not exist.");
    QTest::newRow("status without output")
        << QByteArray("echo \"kwb-runner: unknown option '--bogus'; see --help.\" >&2\nexit 2\n")
        << QStringLiteral("kwb-runner exited with status 2: unknown option '--bogus'; see --help.");
    QTest::newRow("silent status") << QByteArray("exit 3\n")
                                   << QStringLiteral("kwb-runner exited with status 3 and printed no result.");
    QTest::newRow("nothing") << QByteArray("exit 0\n") << QStringLiteral("kwb-runner printed no result.");
}

void TestRunnerJob::failuresAreOneSentence()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    RunnerJob job;
    job.setRunnerPath(test::writeFakeRunner(
        m_dir.path(), QString::fromLatin1(QTest::currentDataTag()).replace(QLatin1Char(' '), QLatin1Char('_')), body));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({}));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QCOMPARE(outcome.results.size(), 0);
    QVERIFY2(outcome.failures.first().startsWith(expected), qPrintable(outcome.failures.first()));
    QVERIFY(!job.wasCancelled());
}

void TestRunnerJob::notInstalled()
{
    RunnerJob job;
    const QString missing = m_dir.filePath(QStringLiteral("no-such-dir/kwb-runner"));
    job.setRunnerPath(missing);
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({ QStringLiteral("fingerprint") }));
    QCOMPARE(outcome.ends(), 0); // never from inside start(): the caller may still be connecting
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 5000);
    const QString sentence = outcome.failures.value(0);
    QVERIFY2(
        sentence.startsWith(QStringLiteral("kwb-runner could not be started from ") + missing), qPrintable(sentence));
    QVERIFY(sentence.endsWith(QStringLiteral("beside the workbench or on the PATH.")));
    QVERIFY(!job.isRunning());
}

// A model's key (and any other credential) in the workbench's environment never reaches kwb-runner, the
// candidates it runs or the agent's bash.
void TestRunnerJob::credentialsStayOutOfTheRunner()
{
    // Several naming styles; the old filter (API_KEY, TOKEN, SECRET, PASSWORD in the name) let the last three through.
    const char* const secrets[] = { "OPENAI_API_KEY", "HF_TOKEN", "OPENAI_KEY", "AWS_ACCESS_KEY_ID", "GH_PAT" };
    for (const char* name : secrets)
        qputenv(name, "test-never-leaks");
    qputenv("KWB_TEST_PLAIN", "kept");
    RunnerJob job;
    job.setRunnerPath(test::writeFakeRunner(m_dir.path(), QStringLiteral("env.sh"),
        "printf '{\"env\": \"%s\"}' \"$(env | tr '\\n\"' ' _')\"\n"));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({ QStringLiteral("fingerprint") }));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QCOMPARE(outcome.failures, QStringList());
    const QString env = outcome.results.first().value(QLatin1String("env")).toString();
    QVERIFY2(env.contains(QStringLiteral("KWB_TEST_PLAIN=kept")), qPrintable(env));
    QVERIFY(!env.contains(QStringLiteral("never-leaks")));
    for (const char* name : secrets) {
        QVERIFY2(!RunnerJob::childEnvironment().contains(QString::fromLatin1(name)), name);
        qunsetenv(name);
    }
    qunsetenv("KWB_TEST_PLAIN");
}

void TestRunnerJob::startWhileRunningIsRefused()
{
    RunnerJob job;
    job.setRunnerPath(test::writeFakeRunner(m_dir.path(), QStringLiteral("slow.sh"), "sleep 0.5\necho '{\"n\": 1}'\n"));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({}));
    QVERIFY(!job.start({}));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QCOMPARE(outcome.results.value(0).value(QStringLiteral("n")).toInt(), 1);
    QVERIFY(job.start({})); // free again once it ended
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 2, 10000);
}

void TestRunnerJob::cancelKillsTheRunnerAndWhatItStarted()
{
    if (QStandardPaths::findExecutable(QStringLiteral("setsid")).isEmpty())
        QSKIP("needs setsid(1) to start a grandchild in a session of its own, as kwb-runner's stages are");
    const QString pids = m_dir.filePath(QStringLiteral("pids"));
    // Like kwb-runner: the stage (here a sleep) runs in a session of its own, out of the runner's group.
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("sleeper.sh"),
        "setsid sleep 300 &\necho \"$$ $!\" > " + test::shellQuoted(pids) + "\necho 'stage started' >&2\nwait\n");
    RunnerJob job;
    job.setRunnerPath(runner);
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({}));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.progress, QStringList { QStringLiteral("stage started") }, 10000);
    QFile file(pids);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QList<QByteArray> ids = file.readAll().trimmed().split(' ');
    QCOMPARE(ids.size(), 2);
    const qint64 script = ids[0].toLongLong();
    const qint64 stage = ids[1].toLongLong();
    QVERIFY(test::processAlive(script) && test::processAlive(stage));
    QVERIFY(ProcessTree::descendants(script).contains(stage));
    QVERIFY(ProcessTree::descendants(QCoreApplication::applicationPid()).contains(stage));

    job.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 10000);
    QCOMPARE(outcome.failures, QStringList { QStringLiteral("The kwb-runner run was cancelled.") });
    QVERIFY(job.wasCancelled());
    QVERIFY(!job.isRunning());
    QTRY_VERIFY_WITH_TIMEOUT(!test::processAlive(stage), 5000);
    QVERIFY(!test::processAlive(script));
    job.cancel(); // nothing running: no second end
    QTest::qWait(50);
    QCOMPARE(outcome.ends(), 1);
}

void TestRunnerJob::runnerPathBesideTheApplication()
{
    // The tests are built beside kwb-runner, as the window is.
    const QString beside = QCoreApplication::applicationDirPath() + QStringLiteral("/kwb-runner");
    if (!QFileInfo::exists(beside))
        QSKIP("this build puts the tests elsewhere than kwb-runner");
    QCOMPARE(QFileInfo(RunnerJob::defaultRunnerPath()).canonicalFilePath(),
        QFileInfo(QStringLiteral(KWB_RUNNER)).canonicalFilePath());
    QCOMPARE(RunnerJob().runnerPath(), RunnerJob::defaultRunnerPath());
}

void TestRunnerJob::realRunnerFingerprint()
{
    RunnerJob job;
    job.setRunnerPath(QStringLiteral(KWB_RUNNER));
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start({ QStringLiteral("fingerprint") }));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 60000);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.value(0)));
    const QJsonObject fingerprint = outcome.results.first();
    QVERIFY(!fingerprint.value(QStringLiteral("runner_version")).toString().isEmpty());
    QCOMPARE(fingerprint.value(QStringLiteral("host_name")).toString(), QSysInfo::machineHostName());
    QVERIFY(fingerprint.value(QStringLiteral("cuda")).isObject());
}

void TestRunnerJob::realRunnerErrorAndUsage()
{
    RunnerJob job;
    job.setRunnerPath(QStringLiteral(KWB_RUNNER));
    Outcome outcome;
    watch(job, &outcome);
    const QString task = m_dir.filePath(QStringLiteral("missing/task.py"));
    QVERIFY(job.start({ QStringLiteral("eval"), QStringLiteral("--task"), task, QStringLiteral("--candidate"),
        m_dir.path(), QStringLiteral("--device"), QStringLiteral("cpu") }));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 60000);
    QVERIFY2(outcome.failures.value(0).contains(task)
            && outcome.failures.value(0).contains(QStringLiteral("does not exist")),
        qPrintable(outcome.failures.value(0)));

    QVERIFY(job.start({ QStringLiteral("no-such-command") }));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 2, 60000);
    QVERIFY2(outcome.failures.value(1).startsWith(
                 QStringLiteral("kwb-runner exited with status 2: unknown command 'no-such-command'")),
        qPrintable(outcome.failures.value(1)));
}

// Evaluations through one `kwb-runner serve` (warm workers): a pass, then a candidate that hangs and is cancelled
// (the service's whole tree goes, and the job says it was cancelled), then a pass again on a serve started anew;
// when the service goes, nothing it started is left.
void TestRunnerJob::warmServiceAnswersEvaluationsAndSurvivesCancel()
{
    if (!KWB_RUNNER_EVALUATES)
        QSKIP("this kwb-runner was built without LibTorch and cannot evaluate");
    const QString fixtures = QStringLiteral(KWB_EVAL_FIXTURES);
    const QStringList options { QStringLiteral("--device"), QStringLiteral("cpu"), QStringLiteral("--no-baselines"),
        QStringLiteral("--trials"), QStringLiteral("2"), QStringLiteral("--input-sets"), QStringLiteral("2"),
        QStringLiteral("--min-calls"), QStringLiteral("3"), QStringLiteral("--cache-dir"), m_dir.filePath(QStringLiteral("serve-cache")) };
    const auto eval = [&](const QString& candidate) {
        return QStringList { QStringLiteral("eval"), QStringLiteral("--task"), fixtures + QStringLiteral("/task_scale_add.py"),
            QStringLiteral("--candidate"), fixtures + QLatin1Char('/') + candidate };
    };
    auto* service = new RunnerService(QStringLiteral(KWB_RUNNER), options);
    const qint64 firstServe = service->processId();
    QVERIFY(firstServe > 0);
    RunnerJob job;
    job.setService(service);
    Outcome outcome;
    watch(job, &outcome);
    QVERIFY(job.start(eval(QStringLiteral("plain_torch.py"))));
    QVERIFY(job.isRunning());
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 1, 300000);
    QVERIFY2(outcome.failures.isEmpty(), qPrintable(outcome.failures.value(0)));
    QCOMPARE(outcome.results.at(0).value(QStringLiteral("verify")).toObject().value(QStringLiteral("status")).toString(),
        QStringLiteral("passed"));
    QCOMPARE(service->processId(), firstServe); // the same serve, still there for the next one

    QVERIFY(job.start(eval(QStringLiteral("hang.py"))));
    QTest::qWait(3000);
    QVERIFY(job.isRunning());
    const QList<qint64> tree = ProcessTree::descendants(firstServe);
    QVERIFY(!tree.isEmpty());
    job.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 2, 20000);
    QCOMPARE(outcome.failures.value(0), QStringLiteral("The kwb-runner run was cancelled."));
    QVERIFY(job.wasCancelled());
    for (qint64 pid : tree)
        QTRY_VERIFY_WITH_TIMEOUT(!test::processAlive(pid), 10000);

    QVERIFY(job.start(eval(QStringLiteral("plain_torch.py"))));
    QTRY_COMPARE_WITH_TIMEOUT(outcome.ends(), 3, 300000);
    QCOMPARE(outcome.results.size(), 2);
    const qint64 secondServe = service->processId();
    QVERIFY(secondServe > 0 && secondServe != firstServe);
    const QList<qint64> secondTree = ProcessTree::descendants(secondServe);
    delete service;
    QVERIFY(!test::processAlive(secondServe));
    for (qint64 pid : secondTree)
        QTRY_VERIFY_WITH_TIMEOUT(!test::processAlive(pid), 10000);
}

QTEST_GUILESS_MAIN(TestRunnerJob)
#include "tst_runnerjob.moc"
