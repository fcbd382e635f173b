// TurnEngine with scripted, replayed and served (ChatPolicy against LoopbackServer) policies and the real
// Toolbox: what each turn records, the prompt, forks, steers, stop(), the turn limit, policy failures, and an
// end-to-end run through the real kwb-runner on the CPU (compile error, fix, verify, profile, final evaluation)
// that is then forked and steered without touching the first branch.
#include "agent/chatpolicy.h"
#include "agent/conversation.h"
#include "agent/replaypolicy.h"
#include "agent/scriptedpolicy.h"
#include "agent/turnengine.h"
#include "agent/workspacefolder.h"
#include "env/fakerunner.h"
#include "loopbackserver.h"
#include "curate/runsummary.h"
#include "store/store.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>

using namespace kwb;
using namespace kwb::agent;
using kwb::test::LoopbackServer;
using kwb::test::ScriptedReply;

namespace {

const QString kFixtures = QStringLiteral(KWB_SOURCE_DIR "/tests/runner/fixtures/eval");
const QString kKernel = QStringLiteral("kernels/scale_add_relu_binding.cpp");
const QString kModelNew = QStringLiteral("model_new.py");

QByteArray fixture(const QString& relative)
{
    QFile file(kFixtures + QLatin1Char('/') + relative);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// The tools' arguments, in one place.
QJsonObject writeFile(const QString& path, const QByteArray& content)
{
    return QJsonObject { { QStringLiteral("name"), QStringLiteral("write_file") },
        { QStringLiteral("arguments"),
            QJsonObject {
                { QStringLiteral("path"), path }, { QStringLiteral("content"), QString::fromUtf8(content) } } } };
}

QJsonObject editFile(const QString& path, const QString& oldText, const QString& newText)
{
    return QJsonObject { { QStringLiteral("name"), QStringLiteral("edit_file") },
        { QStringLiteral("arguments"),
            QJsonObject { { QStringLiteral("path"), path }, { QStringLiteral("old_string"), oldText },
                { QStringLiteral("new_string"), newText } } } };
}

QJsonObject tool(const QString& name, const QJsonValue& arguments = QJsonObject())
{
    return QJsonObject { { QStringLiteral("name"), name }, { QStringLiteral("arguments"), arguments } };
}

QJsonObject action(const QString& text, const QJsonArray& calls = {})
{
    QJsonObject o { { QStringLiteral("text"), text } };
    if (!calls.isEmpty())
        o.insert(QStringLiteral("tool_calls"), calls);
    return o;
}

// What one run emitted.
struct Outcome
{
    bool ended = false;
    bool ok = false;
    QString sentence;
    QStringList added;
    QStringList tools;
};

void watch(TurnEngine& engine, Outcome* o)
{
    QObject::connect(&engine, &TurnEngine::turnAdded, &engine, [o](qint64, const QString& uuid) { o->added << uuid; });
    QObject::connect(&engine, &TurnEngine::toolStarted, &engine, [o](const QString& name) { o->tools << name; });
    QObject::connect(&engine, &TurnEngine::finished, &engine, [o](bool ok, const QString& sentence) {
        o->ended = true;
        o->ok = ok;
        o->sentence = sentence;
    });
}

bool waitFor(const Outcome& o, int ms)
{
    QElapsedTimer clock;
    clock.start();
    while (!o.ended && clock.elapsed() < ms)
        QTest::qWait(10);
    return o.ended;
}

QList<Turn> turnsOf(const QList<const Turn*>& branch)
{
    QList<Turn> out;
    for (const Turn* t : branch)
        out.append(*t);
    return out;
}

const Message* toolResult(const Turn& turn, const QString& callId)
{
    for (const Message& m : turn.messages) {
        if (m.role == Message::Role::Tool && m.toolCallId == callId)
            return &m;
    }
    return nullptr;
}

} // namespace

class TestTurnEngine : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void init();
    void cleanup();

    void recordsTurnsPromptAndConversation();
    void invalidArgumentsAndUnknownToolsAreAnswered();
    void snapshotLeavesOutBuildOutputsLinksAndBigFiles();
    void policyFailureKeepsTheStoredTurns();
    void scriptThatRunsOutFails();
    void stopBetweenTurns();
    void stopWhileThePolicyAnswers();
    void stopWhileAToolRuns();
    void maxTurnsThenContinueTheBranch();
    void existingPromptIsKept();
    void startIsRefusedWithASentence();
    void steerAddsAHumanEditWithoutRunningAnything();
    void evaluationsTracesAndTheFinalEvaluation();
    void environmentFailureStopsTheRunAndIsNoVerdict();
    void chatPolicyAgainstLoopbackServer();
    void replayReproducesABranch();
    void endToEndForkAndSteer();

private:
    qint64 addTrajectory(const QList<Message>& prompt = {});
    std::unique_ptr<ScriptedPolicy> script(
        const QJsonArray& actions, const QString& name = QStringLiteral("test.json"));
    void configure(TurnEngine& engine, bool evaluateAtEnd = false);
    Trajectory load(qint64 id);

    QTemporaryDir m_dir;
    std::unique_ptr<Store> m_store;
    EngineSettings m_settings;
};

void TestTurnEngine::init()
{
    QVERIFY(m_dir.isValid());
    QString error;
    m_store = Store::open(
        m_dir.filePath(QStringLiteral("agent-%1.kwb").arg(QLatin1String(QTest::currentTestFunction()))), &error);
    QVERIFY2(m_store, qPrintable(error));
    m_settings = EngineSettings();
    m_settings.systemPrompt = QStringLiteral("You write fast CPU kernels.");
    m_settings.skill = QStringLiteral("Fuse elementwise operations.");
    m_settings.evaluateAtEnd = false;
}

void TestTurnEngine::cleanup()
{
    m_store.reset();
}

qint64 TestTurnEngine::addTrajectory(const QList<Message>& prompt)
{
    Trajectory t;
    t.uuid = QUuid::createUuid().toString(QUuid::WithoutBraces);
    t.task.name = QStringLiteral("scale_add_relu");
    t.task.source = QString::fromUtf8(fixture(QStringLiteral("task_scale_add.py")));
    t.title = QStringLiteral("tst_turnengine");
    t.created = QDateTime::currentDateTimeUtc();
    t.prompt = prompt;
    QString error;
    const auto id = m_store->addTrajectory(t, &error);
    if (!id)
        qWarning("%s", qPrintable(error));
    return id.value_or(0);
}

std::unique_ptr<ScriptedPolicy> TestTurnEngine::script(const QJsonArray& actions, const QString& name)
{
    QString error;
    auto policy = ScriptedPolicy::fromJson(actions, name, &error);
    if (!policy)
        qWarning("%s", qPrintable(error));
    return policy;
}

void TestTurnEngine::configure(TurnEngine& engine, bool evaluateAtEnd)
{
    EngineSettings settings = m_settings;
    settings.evaluateAtEnd = evaluateAtEnd;
    engine.setSettings(settings);
    EnvironmentSettings environment;
    environment.runnerPath = QStringLiteral(KWB_RUNNER);
    environment.device = QStringLiteral("cpu");
    environment.runnerArguments = { QStringLiteral("--trials"), QStringLiteral("2"), QStringLiteral("--input-sets"),
        QStringLiteral("2"), QStringLiteral("--min-calls"), QStringLiteral("5"), QStringLiteral("--min-ms"),
        QStringLiteral("5"), QStringLiteral("--warmup-ms"), QStringLiteral("5"), QStringLiteral("--cache-dir"),
        QStringLiteral(KWB_TEST_CACHE) };
    engine.setEnvironment(environment);
}

Trajectory TestTurnEngine::load(qint64 id)
{
    QString error;
    auto t = m_store->trajectory(id, Store::Depth::Full, &error);
    if (!t)
        qWarning("%s", qPrintable(error));
    return t.value_or(Trajectory());
}

void TestTurnEngine::recordsTurnsPromptAndConversation()
{
    const qint64 id = addTrajectory();
    const QByteArray model = fixture(QStringLiteral("pass_workspace/model_new.py"));
    auto policy = script({ action(QStringLiteral("Writing ModelNew."), { writeFile(kModelNew, model) }),
        action(QStringLiteral("Adding a helper."), { writeFile(QStringLiteral("helpers/notes.txt"), "fused\n") }),
        action(QStringLiteral("Done: one fused loop.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QSignalSpy partial(&engine, &TurnEngine::partial);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(engine.isRunning());
    QVERIFY(waitFor(o, 60000));
    QVERIFY2(o.ok, qPrintable(o.sentence));
    QCOMPARE(o.sentence, QStringLiteral("The agent gave its final answer."));
    QVERIFY(!engine.isRunning());
    QCOMPARE(o.added.size(), 3);
    QCOMPARE(o.tools, QStringList({ QStringLiteral("write_file"), QStringLiteral("write_file") }));
    QCOMPARE(partial.size(), 3);

    const Trajectory t = load(id);
    // The prompt the run was given is stored with the trajectory.
    QCOMPARE(t.prompt.size(), 2);
    QCOMPARE(t.prompt[0].role, Message::Role::System);
    QCOMPARE(t.prompt[0].text, QStringLiteral("You write fast CPU kernels.\n\nFuse elementwise operations."));
    QCOMPARE(t.prompt[1].role, Message::Role::User);
    QVERIFY(t.prompt[1].text.contains(t.task.source.trimmed()));

    const QList<Turn> branch = turnsOf(t.branch(o.added.last()));
    QCOMPARE(branch.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QCOMPARE(branch[i].uuid, o.added[i]);
        QCOMPARE(branch[i].parentUuid, i ? o.added[i - 1] : QString());
        QCOMPARE(branch[i].provenance.kind, Provenance::Kind::Scripted);
        QCOMPARE(branch[i].provenance.agent, QStringLiteral("scripted"));
        QCOMPARE(branch[i].provenance.source, QStringLiteral("test.json"));
        QVERIFY(branch[i].created.isValid());
        QVERIFY(!branch[i].eval);
    }
    QCOMPARE(branch[0].messages.size(), 2);
    QCOMPARE(branch[0].messages[0].role, Message::Role::Assistant);
    QCOMPARE(branch[0].messages[1].role, Message::Role::Tool);
    QCOMPARE(branch[0].messages[1].toolCallId, QStringLiteral("call_1_1"));
    QCOMPARE(branch[0].messages[1].toolName, QStringLiteral("write_file"));
    QCOMPARE(branch[0].workspace.paths(), QStringList({ kModelNew }));
    QCOMPARE(branch[0].workspace.content(kModelNew), model);
    QCOMPARE(branch[1].workspace.paths(), QStringList({ QStringLiteral("helpers/notes.txt"), kModelNew }));
    QCOMPARE(branch[2].workspace, branch[1].workspace);
    QCOMPARE(branch[2].messages.size(), 1); // the final answer, with no evaluation asked for

    // Each response saw the prompt, then every earlier turn's messages, and the toolbox's tools.
    const QList<PolicyContext>& contexts = policy->contexts();
    QCOMPARE(contexts.size(), 3);
    for (int i = 0; i < 3; ++i) {
        QList<Message> expected = t.prompt;
        for (int j = 0; j < i; ++j)
            expected += branch[j].messages;
        QCOMPARE(contexts[i].conversation, expected);
        QCOMPARE(contexts[i].turn, i);
        QCOMPARE(contexts[i].tools, Toolbox::schemas());
    }
}

void TestTurnEngine::invalidArgumentsAndUnknownToolsAreAnswered()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("Trying things."),
                               { tool(QStringLiteral("verify"), QStringLiteral("{\"flags\": [")),
                                   tool(QStringLiteral("launch_rockets")), writeFile(kModelNew, "x = 1\n") }),
        action(QStringLiteral("Stopping here.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY2(o.ok, qPrintable(o.sentence));
    // The call with bad arguments never reached the toolbox; the unknown one did, and it answered.
    QCOMPARE(o.tools, QStringList({ QStringLiteral("launch_rockets"), QStringLiteral("write_file") }));
    const Trajectory t = load(id);
    const Turn first = *t.findTurn(o.added.first());
    QCOMPARE(first.messages.size(), 4);
    const ToolCall bad = first.messages[0].toolCalls[0];
    QVERIFY(!bad.hasValidArguments());
    QCOMPARE(first.messages[1].toolCallId, bad.id);
    QCOMPARE(first.messages[1].text, invalidArgumentsResult(bad));
    const Message* unknown = toolResult(first, QStringLiteral("call_1_2"));
    QVERIFY(unknown);
    QVERIFY2(unknown->text.contains(QStringLiteral("launch_rockets")), qPrintable(unknown->text));
    QCOMPARE(first.messages[3].toolCallId, QStringLiteral("call_1_3"));
    QCOMPARE(first.workspace.content(kModelNew), QByteArray("x = 1\n"));
}

void TestTurnEngine::snapshotLeavesOutBuildOutputsLinksAndBigFiles()
{
    QTemporaryDir folder;
    const QDir root(folder.path());
    QVERIFY(root.mkpath(QStringLiteral("kernels/__pycache__")) && root.mkpath(QStringLiteral("build")));
    const auto put = [&](const QString& path, const QByteArray& content) {
        QFile f(root.filePath(path));
        return f.open(QIODevice::WriteOnly) && f.write(content) == content.size();
    };
    QVERIFY(put(kModelNew, "import torch\n"));
    QVERIFY(put(QStringLiteral("kernels/k.cu"), "__global__ void k() {}\n"));
    QVERIFY(put(QStringLiteral("kernels/__pycache__/m.cpython-311.pyc"), "pyc"));
    QVERIFY(put(QStringLiteral("build/k.o"), "obj"));
    QVERIFY(put(QStringLiteral("kernels/k.so"), "so"));
    QVERIFY(put(QStringLiteral(".hidden"), "kept"));
    QVERIFY(put(QStringLiteral("exact.bin"), QByteArray(WorkspaceFolder::kMaxFileBytes, 'a')));
    QVERIFY(put(QStringLiteral("big.bin"), QByteArray(WorkspaceFolder::kMaxFileBytes + 1, 'b')));
    QVERIFY(QFile::link(QStringLiteral("/etc/hostname"), root.filePath(QStringLiteral("outside"))));
    QVERIFY(QFile::link(QStringLiteral("/etc"), root.filePath(QStringLiteral("etc"))));
    QStringList notes;
    const WorkspaceSnapshot snapshot = WorkspaceFolder::read(folder.path(), &notes);
    QCOMPARE(snapshot.paths(),
        QStringList(
            { QStringLiteral(".hidden"), QStringLiteral("exact.bin"), QStringLiteral("kernels/k.cu"), kModelNew }));
    QCOMPARE(notes.size(), 3);
    QVERIFY(notes.filter(QStringLiteral("big.bin")).size() == 1);
    QVERIFY(notes.filter(QStringLiteral("outside")).size() == 1);
    QVERIFY(notes.filter(QStringLiteral("etc is a symbolic link")).size() == 1);

    // Written back, then read again: the same files.
    QTemporaryDir copy;
    QString error;
    QVERIFY2(WorkspaceFolder::write(snapshot, copy.path(), &error), qPrintable(error));
    QCOMPARE(WorkspaceFolder::read(copy.path(), &notes), snapshot);
    WorkspaceSnapshot unsafe;
    unsafe.setFile(QStringLiteral("../escape.py"), "x");
    QVERIFY(!WorkspaceFolder::write(unsafe, copy.path(), &error));
    QVERIFY(!QFileInfo::exists(QDir(copy.path()).filePath(QStringLiteral("../escape.py"))));

    // Through the engine, the notes become the turn's annotations.
    const qint64 id = addTrajectory();
    auto policy
        = script({ action(QStringLiteral("Making a mess."),
                       { tool(QStringLiteral("bash"),
                           QJsonObject { { QStringLiteral("command"),
                               QStringLiteral("mkdir -p __pycache__ && echo c > __pycache__/m.pyc && "
                                              "head -c 2000000 /dev/zero > big.bin && echo ok > kept.txt") } }) }),
            action(QStringLiteral("Done.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY2(o.ok, qPrintable(o.sentence));
    const Turn turn = *load(id).findTurn(o.added.first());
    QCOMPARE(turn.workspace.paths(), QStringList({ QStringLiteral("kept.txt") }));
    QCOMPARE(turn.annotations.size(), 1);
    QCOMPARE(turn.annotations[0].kind, Annotation::Kind::Note);
    QVERIFY2(turn.annotations[0].value.contains(QStringLiteral("big.bin")), qPrintable(turn.annotations[0].value));
}

void TestTurnEngine::policyFailureKeepsTheStoredTurns()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("one"), { writeFile(QStringLiteral("a.py"), "a\n") }),
        action(QStringLiteral("two"), { writeFile(QStringLiteral("b.py"), "b\n") }),
        QJsonObject {
            { QStringLiteral("fail"), QStringLiteral("The endpoint http://127.0.0.1:9/v1 went away after 3 tries.") } },
        action(QStringLiteral("never")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY(!o.ok);
    QCOMPARE(o.sentence, QStringLiteral("The endpoint http://127.0.0.1:9/v1 went away after 3 tries."));
    QCOMPARE(o.added.size(), 2);
    const Trajectory t = load(id);
    QCOMPARE(t.turns.size(), 2);
    const QList<Turn> branch = turnsOf(t.branch(o.added.last()));
    QCOMPARE(branch.size(), 2);
    QCOMPARE(branch[1].workspace.paths(), QStringList({ QStringLiteral("a.py"), QStringLiteral("b.py") }));
    QCOMPARE(policy->position(), 3);
}

void TestTurnEngine::scriptThatRunsOutFails()
{
    const qint64 id = addTrajectory();
    auto policy = script(
        { action(QStringLiteral("one"), { writeFile(QStringLiteral("a.py"), "a\n") }) }, QStringLiteral("short.json"));
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY(!o.ok);
    QVERIFY2(o.sentence.contains(QStringLiteral("short.json")), qPrintable(o.sentence));
    QCOMPARE(load(id).turns.size(), 1);
}

void TestTurnEngine::stopBetweenTurns()
{
    const qint64 id = addTrajectory();
    QJsonArray actions;
    for (int i = 0; i < 5; ++i)
        actions.append(action(QStringLiteral("step %1").arg(i), { writeFile(QStringLiteral("f%1.py").arg(i), "x\n") }));
    auto policy = script(actions);
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    connect(&engine, &TurnEngine::turnAdded, &engine, [&] {
        if (o.added.size() == 2)
            engine.stop();
    });
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY(o.ok);
    QCOMPARE(o.sentence, QStringLiteral("Stopped after 2 turn(s)."));
    QVERIFY(!engine.isRunning());
    QTest::qWait(100);
    QCOMPARE(policy->contexts().size(), 2); // not asked for a third
    QCOMPARE(load(id).turns.size(), 2);
    engine.stop(); // nothing running: nothing happens
    QCOMPARE(o.sentence, QStringLiteral("Stopped after 2 turn(s)."));
}

void TestTurnEngine::stopWhileThePolicyAnswers()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("one"), { writeFile(QStringLiteral("a.py"), "a\n") }),
        action(QStringLiteral("two"), { writeFile(QStringLiteral("b.py"), "b\n") }) });
    policy->setReplyDelay(300);
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    connect(&engine, &TurnEngine::turnAdded, &engine, [&] { QTimer::singleShot(50, &engine, &TurnEngine::stop); });
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY(o.ok);
    QCOMPARE(o.sentence, QStringLiteral("Stopped after 1 turn(s); the turn in progress was not kept."));
    QTest::qWait(500); // the cancelled answer would have come by now
    QCOMPARE(policy->position(), 1);
    QCOMPARE(load(id).turns.size(), 1);
}

void TestTurnEngine::stopWhileAToolRuns()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("Waiting."),
        { writeFile(QStringLiteral("a.py"), "a\n"),
            tool(QStringLiteral("bash"),
                QJsonObject { { QStringLiteral("command"), QStringLiteral("sleep 60") } }) }) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    connect(&engine, &TurnEngine::toolStarted, &engine, [&](const QString& name) {
        if (name == QLatin1String("bash"))
            QTimer::singleShot(300, &engine, &TurnEngine::stop);
    });
    QElapsedTimer clock;
    clock.start();
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 30000));
    QVERIFY2(clock.elapsed() < 30000, "stop() did not end the bash call");
    QCOMPARE(o.sentence, QStringLiteral("Stopped after 0 turn(s); the turn in progress was not kept."));
    QVERIFY(o.added.isEmpty());
    QTest::qWait(200);
    QCOMPARE(load(id).turns.size(), 0);
}

void TestTurnEngine::maxTurnsThenContinueTheBranch()
{
    const qint64 id = addTrajectory();
    QJsonArray actions;
    for (int i = 0; i < 5; ++i)
        actions.append(action(QStringLiteral("step %1").arg(i), { writeFile(QStringLiteral("f%1.py").arg(i), "x\n") }));
    auto policy = script(actions);
    m_settings.maxTurns = 3;
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY(o.ok);
    QCOMPARE(o.sentence, QStringLiteral("Stopped after 3 turn(s), the limit of one run."));
    QCOMPARE(load(id).turns.size(), 3);

    // Continuing from the leaf extends the same branch, with the workspace it had.
    const QString leaf = o.added.last();
    Outcome more;
    watch(engine, &more);
    QVERIFY2(engine.start(id, leaf, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(more, 60000));
    QCOMPARE(more.added.size(), 2); // then the script ran out
    QVERIFY(!more.ok);
    const Trajectory t = load(id);
    QCOMPARE(t.leaves().size(), 1);
    const QList<Turn> branch = turnsOf(t.branch(more.added.last()));
    QCOMPARE(branch.size(), 5);
    QCOMPARE(branch[3].parentUuid, leaf);
    QCOMPARE(branch[4].workspace.size(), 5);
    QCOMPARE(policy->contexts()[3].turn, 3);
}

void TestTurnEngine::existingPromptIsKept()
{
    Message system;
    system.role = Message::Role::System;
    system.text = QStringLiteral("Recorded system prompt.");
    Message user;
    user.text = QStringLiteral("Recorded task.");
    const qint64 id = addTrajectory({ system, user });
    auto policy = script({ action(QStringLiteral("Done.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QCOMPARE(policy->contexts().first().conversation, QList<Message>({ system, user }));
    QCOMPARE(load(id).prompt, QList<Message>({ system, user }));
    QVERIFY(!m_store->setPrompt(id, Conversation::prompt({}, {}, TaskRef()), &error)); // never replaced
}

void TestTurnEngine::startIsRefusedWithASentence()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("one"), { writeFile(QStringLiteral("a.py"), "a\n") }) });
    policy->setReplyDelay(200);
    TurnEngine engine(m_store.get());
    configure(engine);
    QString error;
    QVERIFY(!engine.start(id, QStringLiteral("no-such-turn"), policy.get(), &error));
    QVERIFY2(error.contains(QStringLiteral("no-such-turn")), qPrintable(error));
    QVERIFY(!engine.start(id + 100, {}, policy.get(), &error));
    QVERIFY(!engine.start(id, {}, nullptr, &error));
    QVERIFY(!engine.isRunning());
    QVERIFY(engine.start(id, {}, policy.get(), &error));
    QVERIFY(!engine.start(id, {}, policy.get(), &error));
    QCOMPARE(error, QStringLiteral("The agent is already running; stop it first."));
    engine.stop();
    QVERIFY(!engine.isRunning());
}

void TestTurnEngine::steerAddsAHumanEditWithoutRunningAnything()
{
    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("one"),
                               { writeFile(kModelNew, "v1\n"), writeFile(QStringLiteral("notes.txt"), "n\n") }),
        action(QStringLiteral("two"), { writeFile(kModelNew, "v2\n") }), action(QStringLiteral("Done.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    const QList<Turn> before = turnsOf(load(id).branch(o.added.last()));

    const auto steered = TurnEngine::steer(*m_store, id, o.added.first(),
        { { kModelNew, "mine\n" }, { QStringLiteral("notes.txt"), QByteArray() },
            { QStringLiteral("kernels/k.cu"), "k\n" } },
        QStringLiteral("Try shared memory."), QStringLiteral("ada"), &error);
    QVERIFY2(steered, qPrintable(error));
    const Trajectory t = load(id);
    const Turn* turn = t.findTurn(*steered);
    QVERIFY(turn);
    QCOMPARE(turn->parentUuid, o.added.first());
    QCOMPARE(turn->provenance.kind, Provenance::Kind::HumanEdit);
    QCOMPARE(turn->provenance.author, QStringLiteral("ada"));
    QVERIFY(!turn->eval);
    QCOMPARE(turn->messages.size(), 1);
    QCOMPARE(turn->messages[0].role, Message::Role::User);
    QCOMPARE(turn->messages[0].text, QStringLiteral("Try shared memory."));
    QCOMPARE(turn->workspace.paths(), QStringList({ QStringLiteral("kernels/k.cu"), kModelNew }));
    QCOMPARE(turn->workspace.content(kModelNew), QByteArray("mine\n"));
    QCOMPARE(t.leaves().size(), 2);
    QCOMPARE(turnsOf(t.branch(o.added.last())), before);

    // Only files, no message; and the refusals.
    const auto filesOnly
        = TurnEngine::steer(*m_store, id, *steered, { { kModelNew, "mine 2\n" } }, {}, QStringLiteral("ada"), &error);
    QVERIFY2(filesOnly, qPrintable(error));
    QVERIFY(load(id).findTurn(*filesOnly)->messages.isEmpty());
    QVERIFY(!TurnEngine::steer(*m_store, id, *steered, {}, QStringLiteral("  "), QStringLiteral("ada"), &error));
    QVERIFY(!TurnEngine::steer(
        *m_store, id, *steered, { { QStringLiteral("../x.py"), "x" } }, {}, QStringLiteral("ada"), &error));
    QVERIFY2(error.contains(QStringLiteral("../x.py")), qPrintable(error));
    QVERIFY(!TurnEngine::steer(
        *m_store, id, QStringLiteral("nope"), {}, QStringLiteral("hi"), QStringLiteral("ada"), &error));
    QCOMPARE(load(id).turns.size(), 5);

    // The agent continues after the steer: it sees the message, and works on the edited files.
    auto next
        = script({ action(QStringLiteral("Reading."),
                       { tool(QStringLiteral("read_file"), QJsonObject { { QStringLiteral("path"), kModelNew } }) }),
            action(QStringLiteral("Done.")) });
    Outcome after;
    watch(engine, &after);
    QVERIFY2(engine.start(id, *steered, next.get(), &error), qPrintable(error));
    QVERIFY(waitFor(after, 60000));
    QCOMPARE(next->contexts().first().conversation.last().text, QStringLiteral("Try shared memory."));
    QCOMPARE(next->contexts().first().turn, 2);
    const Turn read = *load(id).findTurn(after.added.first());
    QVERIFY2(read.messages[1].text.contains(QStringLiteral("mine")), qPrintable(read.messages[1].text));
    QCOMPARE(read.parentUuid, *steered);
}

void TestTurnEngine::evaluationsTracesAndTheFinalEvaluation()
{
    // A stand-in runner: a failed build for --stop-after compile, else a timed, correct GPU candidate with a trace.
    const QByteArray trace = R"({"traceEvents": [{"name": "scale_add_relu", "ph": "X", "ts": 1, "dur": 9}]})";
    QFile traceFile(m_dir.filePath(QStringLiteral("candidate.trace.json")));
    QVERIFY(traceFile.open(QIODevice::WriteOnly));
    traceFile.write(trace);
    traceFile.close();
    const QJsonObject profile {
        { QStringLiteral("compile"), QJsonObject { { QStringLiteral("status"), QStringLiteral("passed") } } },
        { QStringLiteral("verify"), QJsonObject { { QStringLiteral("status"), QStringLiteral("passed") } } },
        { QStringLiteral("timing"),
            QJsonObject { { QStringLiteral("status"), QStringLiteral("passed") },
                { QStringLiteral("candidate"),
                    QJsonObject { { QStringLiteral("median_us"), 10 }, { QStringLiteral("n"), 5 } } },
                { QStringLiteral("eager"),
                    QJsonObject { { QStringLiteral("median_us"), 30 }, { QStringLiteral("n"), 5 } } } } },
        { QStringLiteral("device"), QStringLiteral("cuda") },
        { QStringLiteral("reward"),
            QJsonObject {
                { QStringLiteral("scheme"), QStringLiteral("cuda-agent") }, { QStringLiteral("value"), 2 } } },
        { QStringLiteral("trace"), QJsonObject { { QStringLiteral("candidate"), traceFile.fileName() } } },
    };
    QFile profileFile(m_dir.filePath(QStringLiteral("profile.json")));
    QVERIFY(profileFile.open(QIODevice::WriteOnly));
    profileFile.write(QJsonDocument(profile).toJson());
    profileFile.close();
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("fake-runner"),
        "stop=''; previous=''\n"
        "for a in \"$@\"; do [ \"$previous\" = --stop-after ] && stop=\"$a\"; previous=\"$a\"; done\n"
        "if [ \"$stop\" = compile ]; then\n"
        "  echo '{\"compile\": {\"status\": \"failed\"}, \"device\": \"cuda\", \"reward\": {\"value\": -1}}'\n"
        "else\n"
        "  cat "
            + test::shellQuoted(profileFile.fileName()) + "\nfi\n");
    QVERIFY(!runner.isEmpty());

    const qint64 id = addTrajectory();
    auto policy = script({ action(QStringLiteral("Write and profile."),
                               { writeFile(kModelNew, "import torch\n"), tool(QStringLiteral("profile")) }),
        action(QStringLiteral("Profile, then compile."),
            { tool(QStringLiteral("profile")), tool(QStringLiteral("compile")) }),
        action(QStringLiteral("Done.")) });
    TurnEngine engine(m_store.get());
    configure(engine, true);
    EnvironmentSettings environment;
    environment.runnerPath = runner;
    environment.warmWorkers = false; // the stand-in answers eval, not serve
    engine.setEnvironment(environment);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY2(o.ok, qPrintable(o.sentence));
    QCOMPARE(o.tools,
        QStringList({ QStringLiteral("write_file"), QStringLiteral("profile"), QStringLiteral("profile"),
            QStringLiteral("compile"), QStringLiteral("profile") }));
    const QList<Turn> branch = turnsOf(load(id).branch(o.added.last()));
    QCOMPARE(branch.size(), 3);

    // The profile's evaluation, with its trace as a blob.
    QVERIFY(branch[0].eval);
    QCOMPARE(branch[0].eval->timing.status, StageStatus::Passed);
    QCOMPARE(branch[0].eval->reward, 2.0);
    QCOMPARE(branch[0].eval->traceBlob, WorkspaceSnapshot::sha256Hex(trace));
    QCOMPARE(m_store->blob(branch[0].eval->traceBlob, &error).value_or(QByteArray()), trace);
    // The last evaluation of the turn counts, and a trace goes with its own evaluation only.
    QVERIFY(branch[1].eval);
    QCOMPARE(branch[1].eval->compile.status, StageStatus::Failed);
    QVERIFY(branch[1].eval->traceBlob.isEmpty());
    // The final answer's evaluation, without a message for it.
    QCOMPARE(branch[2].messages.size(), 1);
    QVERIFY(branch[2].eval);
    QCOMPARE(branch[2].eval->timing.status, StageStatus::Passed);
    QCOMPARE(branch[2].eval->traceBlob, branch[0].eval->traceBlob);

    // A final evaluation that cannot run leaves the turn without an evaluation and says why in a note.
    const qint64 empty = addTrajectory();
    auto quick = script({ action(QStringLiteral("Nothing to do.")) });
    Outcome nothing;
    watch(engine, &nothing);
    QVERIFY2(engine.start(empty, {}, quick.get(), &error), qPrintable(error));
    QVERIFY(waitFor(nothing, 60000));
    QVERIFY2(nothing.ok, qPrintable(nothing.sentence));
    const Turn final = load(empty).turns.value(0);
    QVERIFY(!final.eval);
    QCOMPARE(final.annotations.size(), 1);
    QVERIFY2(
        final.annotations[0].value.contains(QStringLiteral("model_new.py")), qPrintable(final.annotations[0].value));
}

void TestTurnEngine::environmentFailureStopsTheRunAndIsNoVerdict()
{
    // The runner finds no GPU: its result is an error of the environment, not a failed compile.
    const QString sentence = QStringLiteral("No GPU to evaluate on: the NVIDIA driver sees no GPU; evaluate on a GPU host, or with --device cpu.");
    const QString runner = test::writeFakeRunner(m_dir.path(), QStringLiteral("no-gpu-runner"),
        "echo '{\"compile\": {\"status\": \"error\", \"message\": \"" + sentence.toUtf8()
            + "\"}, \"verify\": {\"status\": \"not-run\"}, \"device\": \"cuda\", \"reward\": {\"scheme\": \"cuda-agent\"}}'\n");
    QVERIFY(!runner.isEmpty());
    for (const QString& path : { runner, m_dir.filePath(QStringLiteral("no-such-runner")) }) {
        const qint64 id = addTrajectory();
        auto policy = script({ action(QStringLiteral("Write, compile, verify."),
                                   { writeFile(kModelNew, "import torch\n"), tool(QStringLiteral("compile")), tool(QStringLiteral("verify")) }),
            action(QStringLiteral("never")) });
        TurnEngine engine(m_store.get());
        configure(engine);
        EnvironmentSettings environment;
        environment.runnerPath = path;
        environment.warmWorkers = false;
        engine.setEnvironment(environment);
        Outcome o;
        watch(engine, &o);
        QString error;
        QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
        QVERIFY(waitFor(o, 60000));
        QVERIFY(!o.ok);
        QVERIFY2(o.sentence.contains(QStringLiteral("environment failed")), qPrintable(o.sentence));
        if (path == runner)
            QVERIFY2(o.sentence.contains(sentence), qPrintable(o.sentence));
        // One turn, kept: the verify call after the failed compile was answered, not run.
        QCOMPARE(o.tools, QStringList({ QStringLiteral("write_file"), QStringLiteral("compile") }));
        QCOMPARE(policy->position(), 1);
        const Trajectory t = load(id);
        QCOMPARE(t.turns.size(), 1);
        const Turn& turn = t.turns.first();
        QVERIFY(turn.eval);
        QVERIFY(!turn.eval->environmentError().isEmpty());
        QVERIFY(std::isnan(turn.eval->reward));
        const Message& skipped = turn.messages.last();
        QCOMPARE(skipped.toolName, QStringLiteral("verify"));
        QVERIFY2(skipped.text.contains(QStringLiteral("not run")), qPrintable(skipped.text));
        // Its own status in the store, and left out of the run summary.
        const auto rows = m_store->summaries({ id }, &error);
        QVERIFY2(rows && rows->size() == 1, qPrintable(error));
        QCOMPARE(rows->first().status, QStringLiteral("environment-error"));
        const auto entries = RunSummary::entries(*m_store, { id }, &error);
        QVERIFY2(entries, qPrintable(error));
        const RunSummary summary = RunSummary::compute(*entries);
        QCOMPARE(summary.overall().trajectories, 0);
        QCOMPARE(summary.environmentErrors(), 1);
    }
}

void TestTurnEngine::chatPolicyAgainstLoopbackServer()
{
    LoopbackServer server;
    QVERIFY(server.listen());
    Message first;
    first.role = Message::Role::Assistant;
    first.text = QStringLiteral("Writing the candidate.");
    first.reasoning = QStringLiteral("A fused loop is enough here.");
    first.toolCalls = { ToolCall { QStringLiteral("call_w1"), QStringLiteral("write_file"),
        QJsonObject { { QStringLiteral("path"), kModelNew },
            { QStringLiteral("content"), QStringLiteral("import torch\n") } } } };
    first.promptTokens = 321;
    first.completionTokens = 45;
    Message last;
    last.role = Message::Role::Assistant;
    last.text = QStringLiteral("Done.");
    server.enqueue(ScriptedReply::reply(first));
    server.enqueue(ScriptedReply::reply(last));

    ChatEndpoint endpoint;
    endpoint.baseUrl = server.baseUrl();
    endpoint.model = QStringLiteral("test-model");
    ChatPolicy policy(endpoint);
    const qint64 id = addTrajectory();
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString streamed;
    connect(&engine, &TurnEngine::partial, &engine, [&](const QString& text, const QString&) { streamed += text; });
    QString error;
    QVERIFY2(engine.start(id, {}, &policy, &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    QVERIFY2(o.ok, qPrintable(o.sentence));
    QCOMPARE(o.added.size(), 2);
    QVERIFY(streamed.contains(QStringLiteral("Writing the candidate.")));

    const Trajectory t = load(id);
    const Turn turn = *t.findTurn(o.added.first());
    QCOMPARE(turn.provenance.kind, Provenance::Kind::Agent);
    QCOMPARE(turn.provenance.agent, QStringLiteral("openai-chat"));
    QCOMPARE(turn.provenance.model, QStringLiteral("test-model"));
    const Message& assistant = turn.messages[0];
    QCOMPARE(assistant.reasoning, first.reasoning);
    QCOMPARE(assistant.toolCalls, first.toolCalls);
    QCOMPARE(assistant.promptTokens, 321);
    QCOMPARE(assistant.completionTokens, 45);
    QVERIFY(assistant.latencyMs >= 0);
    QCOMPARE(turn.messages[1].toolCallId, QStringLiteral("call_w1"));
    QCOMPARE(turn.workspace.content(kModelNew), QByteArray("import torch\n"));

    // The second request carried the prompt, the first answer and its tool result, and the tools.
    const QList<LoopbackServer::Request> requests = server.completionRequests();
    QCOMPARE(requests.size(), 2);
    const QJsonObject body = requests[1].json();
    const QJsonArray messages = body.value(QStringLiteral("messages")).toArray();
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages[0].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("system"));
    QCOMPARE(messages[2].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("assistant"));
    QCOMPARE(messages[3].toObject().value(QStringLiteral("role")).toString(), QStringLiteral("tool"));
    QCOMPARE(messages[3].toObject().value(QStringLiteral("tool_call_id")).toString(), QStringLiteral("call_w1"));
    QCOMPARE(body.value(QStringLiteral("tools")).toArray().size(), Toolbox::schemas().size());
}

void TestTurnEngine::replayReproducesABranch()
{
    const qint64 recorded = addTrajectory();
    auto policy = script({ action(QStringLiteral("one"), { writeFile(kModelNew, "v1\n") }),
        action(QStringLiteral("two"), { editFile(kModelNew, QStringLiteral("v1"), QStringLiteral("v2")) }),
        action(QStringLiteral("Done.")) });
    TurnEngine engine(m_store.get());
    configure(engine);
    Outcome o;
    watch(engine, &o);
    QString error;
    QVERIFY2(engine.start(recorded, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 60000));
    const Trajectory source = load(recorded);
    const QList<Turn> original = turnsOf(source.branch(o.added.last()));

    // The recorded responses, run again through the tools in a new trajectory of the same task.
    const qint64 copy = addTrajectory();
    ReplayPolicy replay(source, o.added.last());
    Outcome again;
    watch(engine, &again);
    QVERIFY2(engine.start(copy, {}, &replay, &error), qPrintable(error));
    QVERIFY(waitFor(again, 60000));
    QVERIFY2(again.ok, qPrintable(again.sentence));
    const QList<Turn> replayed = turnsOf(load(copy).branch(again.added.last()));
    QCOMPARE(replayed.size(), original.size());
    for (int i = 0; i < original.size(); ++i) {
        QCOMPARE(replayed[i].messages, original[i].messages); // scripted messages carry no latency
        QCOMPARE(replayed[i].workspace, original[i].workspace);
        QCOMPARE(replayed[i].provenance.kind, Provenance::Kind::Replay);
        QCOMPARE(replayed[i].provenance.source, source.uuid + QLatin1Char('/') + original[i].uuid);
    }
}

void TestTurnEngine::endToEndForkAndSteer()
{
    const QByteArray model = fixture(QStringLiteral("pass_workspace/model_new.py"));
    const QByteArray kernel = fixture(QStringLiteral("pass_workspace/") + kKernel);
    QVERIFY(kernel.contains("static_cast<float>(scale)"));
    QByteArray broken = kernel;
    broken.replace("static_cast<float>(scale)", "static_cast<float>(scale_factor)");
    const int brokenLine = int(broken.left(broken.indexOf("scale_factor")).count('\n')) + 1;

    // Branch 1: a compile error, its fix, verify, profile, the final answer and its evaluation.
    const QJsonArray first {
        action(QStringLiteral("A fused CPU loop."), { writeFile(kModelNew, model), writeFile(kKernel, broken) }),
        action(QStringLiteral("Compiling."), { tool(QStringLiteral("compile")) }),
        action(QStringLiteral("The name is scale."),
            { editFile(kKernel, QStringLiteral("scale_factor)"), QStringLiteral("scale)")) }),
        action(QStringLiteral("Checking the results."), { tool(QStringLiteral("verify")) }),
        action(QStringLiteral("Timing it."), { tool(QStringLiteral("profile")) }),
        action(QStringLiteral("Fused scale, add and relu into one loop.")),
    };
    QFile file(m_dir.filePath(QStringLiteral("e2e.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(first).toJson());
    file.close();
    QString error;
    auto policy = ScriptedPolicy::fromFile(file.fileName(), &error);
    QVERIFY2(policy, qPrintable(error));

    const qint64 id = addTrajectory();
    TurnEngine engine(m_store.get());
    configure(engine, true);
    Outcome o;
    watch(engine, &o);
    QElapsedTimer clock;
    clock.start();
    QVERIFY2(engine.start(id, {}, policy.get(), &error), qPrintable(error));
    QVERIFY(waitFor(o, 1200000));
    qInfo("branch 1: %lld s", clock.elapsed() / 1000);
    QVERIFY2(o.ok, qPrintable(o.sentence));
    QCOMPARE(o.sentence, QStringLiteral("The agent gave its final answer."));
    QCOMPARE(o.added.size(), 6);
    QCOMPARE(o.tools.last(), QStringLiteral("profile")); // the final evaluation

    const QString leaf1 = o.added.last();
    Trajectory t = load(id);
    const QList<Turn> branch1 = turnsOf(t.branch(leaf1));
    QCOMPARE(branch1.size(), 6);
    for (const Turn& turn : branch1) {
        QCOMPARE(turn.provenance.kind, Provenance::Kind::Scripted);
        QCOMPARE(turn.provenance.source, QStringLiteral("e2e.json"));
    }
    QVERIFY(!branch1[0].eval);
    QCOMPARE(branch1[0].workspace.content(kKernel), broken);

    QVERIFY(branch1[1].eval);
    const EvalResult& compiled = *branch1[1].eval;
    QCOMPARE(compiled.compile.status, StageStatus::Failed);
    QCOMPARE(compiled.verify.status, StageStatus::NotRun);
    QVERIFY(!compiled.compile.diagnostics.isEmpty());
    QCOMPARE(compiled.compile.diagnostics.first().file, kKernel);
    QCOMPARE(compiled.compile.diagnostics.first().line, brokenLine);
    QVERIFY(branch1[1].messages[1].text.contains(QStringLiteral("scale_factor")));

    QVERIFY(!branch1[2].eval); // edit_file evaluates nothing
    QCOMPARE(branch1[2].workspace.content(kKernel), kernel);

    QVERIFY(branch1[3].eval);
    QCOMPARE(branch1[3].eval->compile.status, StageStatus::Passed);
    QCOMPARE(branch1[3].eval->verify.status, StageStatus::Passed);
    QCOMPARE(branch1[3].eval->verify.trials.size(), 2);
    QCOMPARE(branch1[3].eval->timing.status, StageStatus::NotRun);

    for (const int i : { 4, 5 }) {
        QVERIFY(branch1[i].eval);
        const EvalResult& e = *branch1[i].eval;
        QCOMPARE(e.device, QStringLiteral("cpu"));
        QCOMPARE(e.verify.status, StageStatus::Passed);
        QCOMPARE(e.timing.status, StageStatus::Passed);
        QVERIFY(e.timing.candidate.medianUs > 0);
        QVERIFY(e.reward >= 1.0);
        QVERIFY(e.traceBlob.isEmpty()); // no trace on the CPU
    }
    QCOMPARE(branch1[5].messages.size(), 1); // the final answer; its evaluation is no message
    QCOMPARE(branch1[5].workspace, branch1[4].workspace);

    // Branch 2 forks after turn 2 (the compile error) with another script.
    const QJsonArray second {
        action(QStringLiteral("Rewriting the kernel."), { writeFile(kKernel, kernel) }),
        action(QStringLiteral("Checking."), { tool(QStringLiteral("verify")) }),
        action(QStringLiteral("Rewritten and correct.")),
    };
    auto fork = ScriptedPolicy::fromJson(second, QStringLiteral("fork.json"), &error);
    QVERIFY2(fork, qPrintable(error));
    configure(engine, false);
    Outcome forked;
    watch(engine, &forked);
    clock.restart();
    QVERIFY2(engine.start(id, branch1[1].uuid, fork.get(), &error), qPrintable(error));
    QVERIFY(waitFor(forked, 600000));
    qInfo("branch 2: %lld s", clock.elapsed() / 1000);
    QVERIFY2(forked.ok, qPrintable(forked.sentence));
    QCOMPARE(forked.added.size(), 3);
    QCOMPARE(fork->contexts().first().turn, 2);
    QCOMPARE(fork->contexts().first().conversation, Conversation::forBranch(t.prompt, t.branch(branch1[1].uuid)));

    // A steer after turn 3 (the fix): a human edit on a third branch.
    QByteArray edited = model;
    edited.prepend("# Reviewed: the fused loop is right.\n");
    const auto steered = TurnEngine::steer(*m_store, id, branch1[2].uuid, { { kModelNew, edited } },
        QStringLiteral("Now vectorize the loop."), QStringLiteral("reviewer"), &error);
    QVERIFY2(steered, qPrintable(error));

    t = load(id);
    QCOMPARE(t.turns.size(), 6 + 3 + 1);
    QCOMPARE(t.leaves().size(), 3);
    QCOMPARE(turnsOf(t.branch(leaf1)), branch1); // the first branch is intact
    const QList<Turn> branch2 = turnsOf(t.branch(forked.added.last()));
    QCOMPARE(branch2.size(), 5);
    QCOMPARE(branch2[0], branch1[0]);
    QCOMPARE(branch2[1], branch1[1]);
    QCOMPARE(branch2[2].parentUuid, branch1[1].uuid);
    QCOMPARE(branch2[2].provenance.source, QStringLiteral("fork.json"));
    QCOMPARE(branch2[2].workspace, branch1[2].workspace); // the same files by another way
    QVERIFY(branch2[3].eval);
    QCOMPARE(branch2[3].eval->verify.status, StageStatus::Passed);
    QVERIFY(!branch2[4].eval); // evaluateAtEnd off for this run
    const Turn steer = *t.findTurn(*steered);
    QCOMPARE(steer.parentUuid, branch1[2].uuid);
    QCOMPARE(steer.provenance.kind, Provenance::Kind::HumanEdit);
    QCOMPARE(steer.workspace.content(kModelNew), edited);
    QCOMPARE(steer.workspace.content(kKernel), kernel);
    QVERIFY(!steer.eval);
}

QTEST_GUILESS_MAIN(TestTurnEngine)
#include "tst_turnengine.moc"
