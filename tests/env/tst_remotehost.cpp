// A GPU host over SSH, against a real OpenSSH server on 127.0.0.1 (this machine as the host, --device cpu): an
// evaluation whose inputs go there and whose run folder comes back, the paths in its result made local again; a
// cancel and a dropped connection that leave nothing running on the host and are no verdict; a runner of another
// version; a host that cannot be reached; the agent's tools on the host; the user's secrets on this path.
#include "agent/scriptedpolicy.h"
#include "agent/toolbox.h"
#include "agent/turnengine.h"
#include "store/store.h"
#include "env/processtree.h"
#include "env/remoterun.h"
#include "env/runnerjob.h"
#include "fakerunner.h"
#include "loopbacksshd.h"

#include <QDateTime>
#include <QDirIterator>
#include <QJsonArray>
#include <QUuid>
#include <QEventLoop>
#include <QJsonDocument>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <optional>

using namespace kwb;
using namespace Qt::StringLiterals;

class TestRemoteHost : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void urlsAndQuoting();
    void savedHostsResolveByName();
    void evaluatesOnTheHost();
    void outputFolderAndItsPathsComeBack();
    void cancelStopsTheHostsRun();
    void droppedConnectionIsNoVerdict();
    void otherVersionSaysHowToUpdate();
    void missingRunnerSaysWhere();
    void unreachableHost();
    void agentToolsRunOnTheHost();
    void agentBashRunsOnTheHost();
    void agentRunOnTheHost();

private:
    struct Ended
    {
        std::optional<QJsonObject> result;
        QString failure;
        QStringList progress;
    };
    Ended run(RunnerJob& job, const QStringList& arguments, int timeoutMs = 300000,
        const std::function<void(RunnerJob&, const QString&)>& onProgress = {});
    RunnerHost host(const QString& runner = QStringLiteral(KWB_RUNNER)) const;
    QStringList evalArguments(const QString& candidate) const;
    // Processes of this machine whose command line names the host's work folder: the host's runs still alive.
    QList<qint64> hostRuns() const;
    bool workerRuns() const; // the candidate's worker is running on the host
    bool workFolderEmpty() const;
    // One tool call through the box, waited for; nothing when it did not end in time.
    static std::optional<agent::ToolOutcome> callTool(agent::Toolbox& box, const QString& name, const QJsonObject& arguments,
        int timeoutMs);

    QTemporaryDir m_dir;
    test::LoopbackSshd m_sshd;
    QString m_work; // the host's folder for evaluations
};

void TestRemoteHost::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString why = m_sshd.start();
    QVERIFY2(why.isEmpty(), qPrintable(why));
    m_work = m_dir.filePath(QStringLiteral("host-work"));
}

void TestRemoteHost::cleanupTestCase()
{
    m_sshd.stop();
}

RunnerHost TestRemoteHost::host(const QString& runner) const
{
    return m_sshd.host(QStringLiteral("loopback"), runner, QStringLiteral(KWB_PYTHON), m_work);
}

QStringList TestRemoteHost::evalArguments(const QString& candidate) const
{
    const QString fixtures = QStringLiteral(KWB_EVAL_FIXTURES);
    return { u"eval"_s, u"--task"_s, fixtures + u"/task_scale_add.py"_s, u"--candidate"_s, fixtures + u'/' + candidate,
        u"--device"_s, u"cpu"_s, u"--no-baselines"_s, u"--trials"_s, u"2"_s, u"--input-sets"_s, u"2"_s,
        u"--min-calls"_s, u"3"_s, u"--min-ms"_s, u"5"_s, u"--warmup-ms"_s, u"5"_s,
        // This machine's cache path: not passed on (the host keeps its own).
        u"--cache-dir"_s, m_dir.filePath(u"local-cache"_s) };
}

TestRemoteHost::Ended TestRemoteHost::run(RunnerJob& job, const QStringList& arguments, int timeoutMs,
    const std::function<void(RunnerJob&, const QString&)>& onProgress)
{
    Ended ended;
    QEventLoop loop;
    connect(&job, &RunnerJob::progress, &loop, [&](const QString& line) { ended.progress.append(line); });
    QTimer poll; // the host's state is looked at twice a second, whether the runner prints or not
    connect(&poll, &QTimer::timeout, &loop, [&] {
        if (onProgress)
            onProgress(job, ended.progress.value(ended.progress.size() - 1));
    });
    poll.start(500);
    connect(&job, &RunnerJob::finished, &loop, [&](const QJsonObject& r) {
        ended.result = r;
        loop.quit();
    });
    connect(&job, &RunnerJob::failed, &loop, [&](const QString& why) {
        ended.failure = why;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, [&] {
        ended.failure = u"<the test's time ran out>"_s;
        loop.quit();
    });
    if (!job.start(arguments))
        return { {}, u"<not started>"_s, {} };
    loop.exec();
    return ended;
}

QList<qint64> TestRemoteHost::hostRuns() const
{
    QList<qint64> found;
    QDirIterator it(u"/proc"_s, QDir::Dirs | QDir::NoDotAndDotDot);
    while (it.hasNext()) {
        bool numeric = false;
        const qint64 pid = it.next().section(u'/', -1).toLongLong(&numeric);
        if (!numeric || pid == QCoreApplication::applicationPid())
            continue;
        QFile cmdline(u"/proc/%1/cmdline"_s.arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains(QByteArray(m_work.toUtf8() + '/'))
            && test::processAlive(pid))
            found.append(pid);
    }
    return found;
}

std::optional<agent::ToolOutcome> TestRemoteHost::callTool(
    agent::Toolbox& box, const QString& name, const QJsonObject& arguments, int timeoutMs)
{
    std::optional<agent::ToolOutcome> outcome;
    QEventLoop loop;
    connect(&box, &agent::Toolbox::finished, &loop, [&](const QString&, const agent::ToolOutcome& o) {
        outcome = o;
        loop.quit();
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!box.run(ToolCall { u"call-1"_s, name, arguments, {} }))
        return std::nullopt;
    if (!outcome)
        loop.exec();
    return outcome;
}

bool TestRemoteHost::workerRuns() const
{
    for (qint64 pid : hostRuns()) {
        QFile cmdline(u"/proc/%1/cmdline"_s.arg(pid));
        if (cmdline.open(QIODevice::ReadOnly) && cmdline.readAll().contains("kwb_worker.py"))
            return true;
    }
    return false;
}

bool TestRemoteHost::workFolderEmpty() const
{
    return QDir(m_work).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty();
}

void TestRemoteHost::urlsAndQuoting()
{
    QString error;
    const auto parsed = RunnerHost::fromUrl(u"ssh://gpu@box.example:2222/opt/kwb/bin/kwb-runner?python=/opt/py/bin/python3"_s, &error);
    QVERIFY2(parsed, qPrintable(error));
    QCOMPARE(parsed->user, u"gpu"_s);
    QCOMPARE(parsed->address, u"box.example"_s);
    QCOMPARE(parsed->port, 2222);
    QCOMPARE(parsed->runnerPath, u"/opt/kwb/bin/kwb-runner"_s);
    QCOMPARE(parsed->python, u"/opt/py/bin/python3"_s);
    QCOMPARE(parsed->url(), u"ssh://gpu@box.example:2222"_s);
    QVERIFY(RunnerHost::fromUrl(u"local"_s, &error)->isLocal());
    QVERIFY(!RunnerHost::fromUrl(u"http://box"_s, &error));
    QVERIFY2(error.contains(u"ssh://user@host"_s), qPrintable(error));
    QCOMPARE(RunnerHost::shellQuote(u"plain/path-1.py"_s), u"plain/path-1.py"_s);
    QCOMPARE(RunnerHost::shellQuote(u"it's $HOME; rm -rf /"_s), u"'it'\\''s $HOME; rm -rf /'"_s);
    QCOMPARE(RunnerHost::shellQuote(QString()), u"''"_s);
    const QStringList args = parsed->sshArguments(u"true"_s);
    QVERIFY(args.contains(u"BatchMode=yes"_s));
    QVERIFY(args.contains(u"ControlMaster=auto"_s));
    QCOMPARE(args.mid(args.size() - 3), (QStringList { u"--"_s, u"box.example"_s, u"true"_s }));
}

void TestRemoteHost::savedHostsResolveByName()
{
    QSettings settings(m_dir.filePath(u"settings.ini"_s), QSettings::IniFormat);
    RunnerHost saved = host();
    saved.name = u"rack-7"_s;
    RunnerHost::save(settings, saved);
    QString error;
    const auto found = RunnerHost::resolve(settings, u"rack-7"_s, &error);
    QVERIFY2(found, qPrintable(error));
    QCOMPARE(found->port, saved.port);
    QCOMPARE(found->sshOptions, saved.sshOptions);
    QCOMPARE(found->python, saved.python);
    QVERIFY(!RunnerHost::resolve(settings, u"rack-8"_s, &error));
    QCOMPARE(error, u"There is no host called 'rack-8'; the saved hosts are rack-7."_s);
    RunnerHost::remove(settings, u"rack-7"_s);
    QVERIFY(RunnerHost::saved(settings).isEmpty());
}

void TestRemoteHost::evaluatesOnTheHost()
{
    // The user's secrets, in several naming styles, are in this process's environment: the candidate on the host
    // finds none (find_state.py returns zeros if it sees a secret-looking variable) and the result holds none.
    const QList<QPair<QByteArray, QByteArray>> secrets = { { "OPENAI_KEY", "sk-remote-0123456789" },
        { "HF_TOKEN", "hf_remoteABCDEFGHIJ" }, { "AWS_SECRET_ACCESS_KEY", "remote/Secret+Value=1" },
        { "GH_PAT", "ghp_remote9876543210" } };
    for (const auto& [name, value] : secrets)
        qputenv(name.constData(), value);
    RunnerJob job;
    job.setHost(host());
    const QString local = m_dir.filePath(u"run-local"_s);
    const Ended ended = run(job, evalArguments(u"find_state.py"_s) + QStringList { u"--run-dir"_s, local });
    for (const auto& [name, value] : secrets)
        qunsetenv(name.constData());
    QVERIFY2(ended.result, qPrintable(ended.failure + u'\n' + ended.progress.join(u'\n')));
    const QJsonObject& result = *ended.result;
    QCOMPARE(result.value(u"verify"_s).toObject().value(u"status"_s).toString(), u"passed"_s);
    QCOMPARE(result.value(u"reward"_s).toObject().value(u"value"_s).toDouble(), 1.0);
    // The result says which host it came from.
    QCOMPARE(result.value(u"fingerprint"_s).toObject().value(u"runner_host"_s).toString(),
        u"loopback (%1)"_s.arg(host().url()));
    const QByteArray text = QJsonDocument(result).toJson();
    for (const auto& [name, value] : secrets)
        QVERIFY2(!text.contains(value), name.constData());
    QVERIFY2(!text.contains(m_work.toUtf8()), "a path on the host was left in the result");
    QVERIFY(QFileInfo(local).isDir());
    // The run folder came back: the stages' logs and results are here.
    QDirIterator files(local, QDir::Files, QDirIterator::Subdirectories);
    QStringList names;
    while (files.hasNext())
        names.append(files.next().mid(local.size() + 1));
    QVERIFY2(names.size() >= 2, qPrintable(names.join(u", "_s)));
    qInfo().noquote() << u"came back: "_s + names.join(u", "_s);
    QVERIFY2(workFolderEmpty(), "the host kept the evaluation's folder");
    QVERIFY(hostRuns().isEmpty());
}

void TestRemoteHost::outputFolderAndItsPathsComeBack()
{
    // A stand-in runner on the host writes a trace into its run folder and names it in its result, as the GPU
    // runner does: the file comes back and the result names the local copy; the inputs' paths are the local ones.
    const QString runner = test::writeFakeRunner(m_dir.path(), u"trace-runner.sh"_s,
        "if [ \"$1\" = --version ]; then echo 'kwb-runner " KWB_VERSION_TEXT "'; exit 0; fi\n"
        "shift; task=; run=\n"
        "while [ $# -gt 0 ]; do case $1 in --task) task=$2; shift;; --run-dir) run=$2; shift;; esac; shift; done\n"
        "mkdir -p \"$run/trace\" && echo '{\"traceEvents\":[]}' > \"$run/trace/candidate.json\"\n"
        "echo \"tracing on the host\" >&2\n"
        "printf '{\"trace\":{\"status\":\"passed\",\"candidate\":\"%s/trace/candidate.json\"},\"task\":\"%s\"}\\n' "
        "\"$(cd \"$run\" && pwd)\" \"$(cd \"$(dirname \"$task\")\" && pwd)/$(basename \"$task\")\"\n");
    RunnerJob job;
    job.setHost(host(runner));
    const QString local = m_dir.filePath(u"trace-run"_s);
    const QString task = QStringLiteral(KWB_EVAL_FIXTURES) + u"/task_scale_add.py"_s;
    const Ended ended = run(job, { u"eval"_s, u"--task"_s, task, u"--candidate"_s,
                                     QStringLiteral(KWB_EVAL_FIXTURES) + u"/plain_torch.py"_s, u"--run-dir"_s, local });
    QVERIFY2(ended.result, qPrintable(ended.failure));
    QCOMPARE(ended.progress.value(0), u"tracing on the host"_s);
    const QString trace = ended.result->value(u"trace"_s).toObject().value(u"candidate"_s).toString();
    QCOMPARE(trace, local + u"/trace/candidate.json"_s);
    QVERIFY(QFileInfo(trace).isFile());
    QCOMPARE(ended.result->value(u"task"_s).toString(), task);
    QVERIFY(workFolderEmpty());
}

void TestRemoteHost::cancelStopsTheHostsRun()
{
    RunnerJob job;
    job.setHost(host());
    bool cancelled = false;
    // The candidate never returns; once the host's runner is past the upload and its worker runs, cancel.
    const Ended ended = run(job, evalArguments(u"hang.py"_s), 300000, [&](RunnerJob& j, const QString&) {
        if (!cancelled && workerRuns()) {
            cancelled = true;
            QTimer::singleShot(1000, &j, [&j] { j.cancel(); });
        }
    });
    QVERIFY2(cancelled, qPrintable(ended.failure + u'\n' + ended.progress.join(u'\n')));
    QVERIFY(!ended.result);
    QVERIFY2(ended.failure.contains(u"was cancelled"_s), qPrintable(ended.failure));
    QVERIFY(job.wasCancelled());
    QTRY_VERIFY2_WITH_TIMEOUT(hostRuns().isEmpty(), "the host's run outlived the cancel", 20000);
    QTRY_VERIFY_WITH_TIMEOUT(workFolderEmpty(), 20000);
}

void TestRemoteHost::droppedConnectionIsNoVerdict()
{
    RunnerJob job;
    job.setHost(host());
    bool dropped = false;
    const Ended ended = run(job, evalArguments(u"hang.py"_s), 300000, [&](RunnerJob& j, const QString&) {
        if (!dropped && workerRuns()) {
            dropped = true;
            QTimer::singleShot(1000, &j, [this] { m_sshd.dropConnections(); });
        }
    });
    QVERIFY2(dropped, qPrintable(ended.failure + u'\n' + ended.progress.join(u'\n')));
    QVERIFY(!ended.result); // no verdict: the candidate is not failed, the evaluation did not happen
    QVERIFY2(ended.failure.startsWith(u"The connection to loopback was lost during the run ("_s), qPrintable(ended.failure));
    QVERIFY2(ended.failure.endsWith(u"nothing was judged, so it can run again once the host is back."_s), qPrintable(ended.failure));
    QVERIFY(!job.wasCancelled());
    QTRY_VERIFY2_WITH_TIMEOUT(hostRuns().isEmpty(), "the host's run outlived its connection", 20000);
    // The server is still there: the next evaluation connects again.
    RunnerJob again;
    again.setHost(host());
    const Ended next = run(again, evalArguments(u"plain_torch.py"_s));
    QVERIFY2(next.result, qPrintable(next.failure));
    QCOMPARE(next.result->value(u"verify"_s).toObject().value(u"status"_s).toString(), u"passed"_s);
}

void TestRemoteHost::otherVersionSaysHowToUpdate()
{
    const QString old = test::writeFakeRunner(m_dir.path(), u"old-runner.sh"_s,
        "if [ \"$1\" = --version ]; then echo 'kwb-runner 0.0.9'; exit 0; fi\necho ran >> " + test::shellQuoted(m_dir.filePath(u"old-ran"_s)) + "\n");
    RunnerJob job;
    job.setHost(host(old));
    const Ended ended = run(job, evalArguments(u"plain_torch.py"_s));
    QVERIFY(!ended.result);
    QCOMPARE(ended.failure, u"The runner on loopback is version 0.0.9 and this workbench is version %1; update it with "
                            "kwb host bootstrap loopback."_s.arg(RemoteRun::expectedVersion()));
    QVERIFY(!QFile::exists(m_dir.filePath(u"old-ran"_s)));
    QTRY_VERIFY_WITH_TIMEOUT(workFolderEmpty(), 20000);
}

void TestRemoteHost::missingRunnerSaysWhere()
{
    RunnerJob job;
    job.setHost(host(m_dir.filePath(u"no/such/kwb-runner"_s)));
    const Ended ended = run(job, evalArguments(u"plain_torch.py"_s));
    QVERIFY(!ended.result);
    QVERIFY2(ended.failure.startsWith(u"There is no kwb-runner at %1 on loopback ("_s.arg(m_dir.filePath(u"no/such/kwb-runner"_s))),
        qPrintable(ended.failure));
    QVERIFY2(ended.failure.endsWith(u"build one there with kwb host bootstrap loopback."_s), qPrintable(ended.failure));
}

void TestRemoteHost::unreachableHost()
{
    QTcpServer probe; // a port nothing listens on
    QVERIFY(probe.listen(QHostAddress::LocalHost));
    const int port = probe.serverPort();
    probe.close();
    RunnerHost nowhere = host();
    nowhere.port = port;
    RunnerJob job;
    job.setHost(nowhere);
    const Ended ended = run(job, evalArguments(u"plain_torch.py"_s), 60000);
    QVERIFY(!ended.result);
    QVERIFY2(ended.failure.startsWith(u"loopback could not be reached ("_s), qPrintable(ended.failure));
    QVERIFY2(ended.failure.contains(u"Connection refused"_s), qPrintable(ended.failure));
}

void TestRemoteHost::agentToolsRunOnTheHost()
{
    // The agent's compile tool with the environment on the host: the workspace goes there and the runner's verdict
    // comes back, saying which host gave it. (This workspace has a ModelNew but no C++ or CUDA sources, which the
    // host's runner refuses: a verdict, not a failure to run.)
    QTemporaryDir workspace;
    QVERIFY(QFile::copy(QStringLiteral(KWB_EVAL_FIXTURES) + u"/plain_torch.py"_s, workspace.filePath(u"model_new.py"_s)));
    agent::Toolbox box(workspace.path(), QStringLiteral(KWB_EVAL_FIXTURES) + u"/task_scale_add.py"_s);
    agent::EnvironmentSettings environment;
    environment.device = u"cpu"_s;
    environment.runnerArguments = { u"--trials"_s, u"2"_s, u"--input-sets"_s, u"2"_s, u"--no-baselines"_s };
    environment.host = host();
    box.setEnvironment(environment);
    const std::optional<agent::ToolOutcome> outcome = callTool(box, u"verify"_s, {}, 300000);
    QVERIFY(outcome);
    QVERIFY2(outcome->eval, qPrintable(outcome->output));
    QCOMPARE(outcome->eval->compile.status, StageStatus::Failed);
    QVERIFY2(outcome->output.contains(u"the workspace has no .cu or .cpp sources in its root or in kernels/"_s),
        qPrintable(outcome->output));
    QCOMPARE(outcome->eval->fingerprint.value(u"runner_host"_s).toString(), u"loopback (%1)"_s.arg(host().url()));
    QVERIFY(workFolderEmpty());
}

void TestRemoteHost::agentBashRunsOnTheHost()
{
    // The workspace goes to the host, the command runs there in the host's sandbox, and the workspace comes back as
    // the command left it: a file made, a file deleted, a file read; the folder it ran in reads as the local one.
    QTemporaryDir workspace;
    for (const auto& [name, content] : { std::pair { "kept.txt", "kept content\n" }, std::pair { "gone.txt", "x" } }) {
        QFile file(workspace.filePath(QString::fromLatin1(name)));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    agent::Toolbox box(workspace.path(), QStringLiteral(KWB_EVAL_FIXTURES) + u"/task_scale_add.py"_s);
    agent::EnvironmentSettings environment;
    environment.device = u"cpu"_s;
    environment.host = host();
    box.setEnvironment(environment);
    const QJsonObject arguments { { u"command"_s, u"mkdir -p sub && echo from-host > sub/made.txt && rm gone.txt && cat kept.txt && pwd"_s } };
    const std::optional<agent::ToolOutcome> outcome = callTool(box, u"bash"_s, arguments, 120000);
    QVERIFY(outcome);
    QVERIFY2(!outcome->isError, qPrintable(outcome->output));
    QVERIFY2(outcome->output.contains(u"kept content\n"_s), qPrintable(outcome->output));
    QVERIFY2(outcome->output.contains(workspace.path() + u'\n'), qPrintable(outcome->output));
    QVERIFY2(outcome->output.endsWith(u"[exit status 0]"_s), qPrintable(outcome->output));
    QFile made(workspace.filePath(u"sub/made.txt"_s));
    QVERIFY(made.open(QIODevice::ReadOnly));
    QCOMPARE(made.readAll(), QByteArray("from-host\n"));
    QVERIFY(!QFile::exists(workspace.filePath(u"gone.txt"_s)));
    QVERIFY(QFile::exists(workspace.filePath(u"kept.txt"_s)));
    QVERIFY(workFolderEmpty());
}

// A whole agent run (the engine, the scripted policy, the store) whose tools run on the host: bash writes a file
// there that the stored turn's workspace has, and verify's verdict, stored with the turn, names the host.
void TestRemoteHost::agentRunOnTheHost()
{
    QString error;
    auto store = Store::open(m_dir.filePath(u"agent.kwb"_s), &error);
    QVERIFY2(store, qPrintable(error));
    Trajectory t;
    t.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    t.task.name = u"scale_add_relu"_s;
    QFile task(QStringLiteral(KWB_EVAL_FIXTURES) + u"/task_scale_add.py"_s);
    QVERIFY(task.open(QIODevice::ReadOnly));
    t.task.source = QString::fromUtf8(task.readAll());
    t.title = u"tst_remotehost"_s;
    t.created = QDateTime::currentDateTimeUtc();
    const auto id = store->addTrajectory(t, &error);
    QVERIFY2(id, qPrintable(error));
    QFile model(QStringLiteral(KWB_EVAL_FIXTURES) + u"/plain_torch.py"_s);
    QVERIFY(model.open(QIODevice::ReadOnly));
    const QJsonArray actions {
        QJsonObject { { u"text"_s, u"Write ModelNew, leave a note from the host, verify."_s },
            { u"tool_calls"_s,
                QJsonArray { QJsonObject { { u"name"_s, u"write_file"_s },
                                 { u"arguments"_s, QJsonObject { { u"path"_s, u"model_new.py"_s }, { u"content"_s, QString::fromUtf8(model.readAll()) } } } },
                    QJsonObject { { u"name"_s, u"bash"_s }, { u"arguments"_s, QJsonObject { { u"command"_s, u"echo made-on-host > note.txt"_s } } } },
                    QJsonObject { { u"name"_s, u"verify"_s }, { u"arguments"_s, QJsonObject() } } } } },
        QJsonObject { { u"text"_s, u"Done."_s } } };
    auto policy = agent::ScriptedPolicy::fromJson(actions, u"remote.json"_s, &error);
    QVERIFY2(policy, qPrintable(error));
    agent::TurnEngine engine(store.get());
    agent::EngineSettings settings;
    settings.evaluateAtEnd = false;
    engine.setSettings(settings);
    agent::EnvironmentSettings environment;
    environment.device = u"cpu"_s;
    environment.runnerArguments = { u"--trials"_s, u"2"_s, u"--input-sets"_s, u"2"_s, u"--no-baselines"_s };
    environment.host = host();
    engine.setEnvironment(environment);
    bool ended = false;
    bool ok = false;
    QString sentence;
    QStringList added;
    connect(&engine, &agent::TurnEngine::turnAdded, this, [&](qint64, const QString& uuid) { added << uuid; });
    connect(&engine, &agent::TurnEngine::finished, this, [&](bool done, const QString& why) {
        ended = true;
        ok = done;
        sentence = why;
    });
    QVERIFY2(engine.start(*id, {}, policy.get(), &error), qPrintable(error));
    QTRY_VERIFY_WITH_TIMEOUT(ended, 300000);
    QVERIFY2(ok, qPrintable(sentence));
    QCOMPARE(added.size(), 2);
    const auto stored = store->trajectory(*id, Store::Depth::Full, &error);
    QVERIFY2(stored, qPrintable(error));
    const Turn* first = nullptr;
    for (const Turn& turn : stored->turns) {
        if (turn.uuid == added.first())
            first = &turn;
    }
    QVERIFY(first);
    QCOMPARE(first->workspace.content(u"note.txt"_s), QByteArray("made-on-host\n"));
    QVERIFY(first->eval);
    QCOMPARE(first->eval->compile.status, StageStatus::Failed); // no C++ sources: the host's runner says so
    QCOMPARE(first->eval->fingerprint.value(u"runner_host"_s).toString(), u"loopback (%1)"_s.arg(host().url()));
    QVERIFY(workFolderEmpty());
}

QTEST_GUILESS_MAIN(TestRemoteHost)
#include "tst_remotehost.moc"
