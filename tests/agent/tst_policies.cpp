// ScriptedPolicy and ReplayPolicy on their own: what they answer, in which order, with which ids and provenance,
// what a malformed script says, and how each ends when it has no more.
#include "agent/replaypolicy.h"
#include "agent/scriptedpolicy.h"

#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace kwb;
using namespace kwb::agent;

namespace {

QJsonObject call(const QString& name, const QJsonValue& arguments)
{
    return QJsonObject { { QStringLiteral("name"), name }, { QStringLiteral("arguments"), arguments } };
}

QJsonArray sampleScript()
{
    return QJsonArray {
        QJsonObject { { QStringLiteral("text"), QStringLiteral("Writing the kernel.") },
            { QStringLiteral("reasoning"), QStringLiteral("One fused loop.") },
            { QStringLiteral("tool_calls"),
                QJsonArray { call(QStringLiteral("write_file"),
                                 QJsonObject { { QStringLiteral("path"), QStringLiteral("model_new.py") },
                                     { QStringLiteral("content"), QStringLiteral("import torch\n") } }),
                    call(QStringLiteral("compile"), QStringLiteral("{\"verbose\": true}")),
                    call(QStringLiteral("verify"), QStringLiteral("{not json")) } } },
        QJsonObject { { QStringLiteral("fail"), QStringLiteral("The endpoint is gone.") } },
        QJsonObject { { QStringLiteral("text"), QStringLiteral("Done.") } },
    };
}

// Asks once and returns what came back: a message, or a failure sentence.
struct Answer
{
    std::optional<Message> message;
    QString failure;
    QString partialText;
};

Answer ask(Policy& policy, int turn = 0)
{
    QSignalSpy replied(&policy, &Policy::replied);
    QSignalSpy failed(&policy, &Policy::failed);
    QSignalSpy partial(&policy, &Policy::partial);
    PolicyContext context;
    context.turn = turn;
    policy.next(context);
    Answer a;
    for (int waited = 0; replied.isEmpty() && failed.isEmpty() && waited < 5000; waited += 5)
        QTest::qWait(5);
    if (!replied.isEmpty())
        a.message = replied.first().first().value<Message>();
    if (!failed.isEmpty())
        a.failure = failed.first().first().toString();
    for (const auto& args : std::as_const(partial))
        a.partialText += args.first().toString();
    return a;
}

Turn recordedTurn(const QString& uuid, const QString& parent, const QString& text, const QString& model)
{
    Turn t;
    t.uuid = uuid;
    t.parentUuid = parent;
    Message m;
    m.role = Message::Role::Assistant;
    m.text = text;
    m.toolCalls = { ToolCall { QStringLiteral("id-") + uuid, QStringLiteral("compile"), QJsonObject() } };
    m.latencyMs = 900;
    m.completionTokens = 42;
    Message result;
    result.role = Message::Role::Tool;
    result.toolCallId = QStringLiteral("id-") + uuid;
    result.text = QStringLiteral("ok");
    t.messages = { m, result };
    t.provenance.agent = QStringLiteral("openai-chat");
    t.provenance.model = model;
    t.provenance.sampling = QJsonObject { { QStringLiteral("temperature"), 0.7 } };
    return t;
}

// a -> b -> c, a -> d (a fork), and e after b: a human edit without an assistant message.
Trajectory recording()
{
    Trajectory t;
    t.uuid = QStringLiteral("traj-1");
    t.turns = { recordedTurn(QStringLiteral("a"), {}, QStringLiteral("first"), QStringLiteral("m1")),
        recordedTurn(QStringLiteral("b"), QStringLiteral("a"), QStringLiteral("second"), QStringLiteral("m2")),
        recordedTurn(QStringLiteral("d"), QStringLiteral("a"), QStringLiteral("forked"), QStringLiteral("m1")) };
    Turn edit;
    edit.uuid = QStringLiteral("e");
    edit.parentUuid = QStringLiteral("b");
    edit.provenance.kind = Provenance::Kind::HumanEdit;
    Message user;
    user.text = QStringLiteral("Use shared memory.");
    edit.messages = { user };
    t.turns.append(edit);
    t.turns.append(
        recordedTurn(QStringLiteral("c"), QStringLiteral("e"), QStringLiteral("third"), QStringLiteral("m3")));
    return t;
}

} // namespace

class TestPolicies : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { qRegisterMetaType<Message>(); }
    void scriptAnswersInOrderWithDeterministicIds();
    void scriptFromFileNamesItsFile();
    void malformedScriptsAreRefused_data();
    void malformedScriptsAreRefused();
    void cancelledScriptAnswerIsDropped();
    void replayAnswersAlongTheBranch();
    void replayFromATurnAndItsEnd();
};

void TestPolicies::scriptAnswersInOrderWithDeterministicIds()
{
    QString error;
    auto policy = ScriptedPolicy::fromJson(sampleScript(), QStringLiteral("sample.json"), &error);
    QVERIFY2(policy, qPrintable(error));
    QCOMPARE(policy->size(), 3);
    const Provenance p = policy->provenance();
    QCOMPARE(p.kind, Provenance::Kind::Scripted);
    QCOMPARE(p.agent, QStringLiteral("scripted"));
    QCOMPARE(p.source, QStringLiteral("sample.json"));

    const Answer first = ask(*policy, 4);
    QVERIFY(first.message);
    QCOMPARE(first.message->role, Message::Role::Assistant);
    QCOMPARE(first.message->text, QStringLiteral("Writing the kernel."));
    QCOMPARE(first.message->reasoning, QStringLiteral("One fused loop."));
    QCOMPARE(first.partialText, QStringLiteral("Writing the kernel."));
    QCOMPARE(first.message->toolCalls.size(), 3);
    QCOMPARE(first.message->toolCalls[0].id, QStringLiteral("call_1_1"));
    QCOMPARE(
        first.message->toolCalls[0].arguments.value(QStringLiteral("path")).toString(), QStringLiteral("model_new.py"));
    QCOMPARE(first.message->toolCalls[1].id, QStringLiteral("call_1_2"));
    QCOMPARE(first.message->toolCalls[1].arguments, QJsonObject({ { QStringLiteral("verbose"), true } }));
    QVERIFY(first.message->toolCalls[1].hasValidArguments());
    QVERIFY(!first.message->toolCalls[2].hasValidArguments());
    QCOMPARE(first.message->toolCalls[2].rawArguments, QStringLiteral("{not json"));
    QCOMPARE(policy->contexts().size(), 1);
    QCOMPARE(policy->contexts().first().turn, 4);

    QCOMPARE(ask(*policy).failure, QStringLiteral("The endpoint is gone."));
    const Answer last = ask(*policy);
    QVERIFY(last.message);
    QCOMPARE(last.message->text, QStringLiteral("Done."));
    QVERIFY(last.message->toolCalls.isEmpty());
    QCOMPARE(policy->position(), 3);

    const Answer over = ask(*policy);
    QVERIFY(!over.message);
    QVERIFY2(over.failure.contains(QStringLiteral("sample.json")) && over.failure.contains(QStringLiteral("no more")),
        qPrintable(over.failure));

    // The same script gives the same ids again.
    auto again = ScriptedPolicy::fromJson(sampleScript(), QStringLiteral("sample.json"), &error);
    QCOMPARE(ask(*again).message->toolCalls, first.message->toolCalls);
}

void TestPolicies::scriptFromFileNamesItsFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fix-the-kernel.json"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(sampleScript()).toJson());
    file.close();
    QString error;
    auto policy = ScriptedPolicy::fromFile(path, &error);
    QVERIFY2(policy, qPrintable(error));
    QCOMPARE(policy->provenance().source, QStringLiteral("fix-the-kernel.json"));
    QCOMPARE(policy->size(), 3);

    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("[{\"text\": \"a\"},");
    file.close();
    QVERIFY(!ScriptedPolicy::fromFile(path, &error));
    QVERIFY2(error.contains(QStringLiteral("not valid JSON")), qPrintable(error));
    QVERIFY(!ScriptedPolicy::fromFile(dir.filePath(QStringLiteral("missing.json")), &error));
    QVERIFY2(error.contains(QStringLiteral("cannot be read")), qPrintable(error));
}

void TestPolicies::malformedScriptsAreRefused_data()
{
    QTest::addColumn<QByteArray>("script");
    QTest::addColumn<QString>("problem");
    QTest::newRow("not an object") << QByteArray("[1]") << QStringLiteral("action 1 is not a JSON object");
    QTest::newRow("unknown key") << QByteArray(R"([{"text": "a"}, {"tool_call": []}])")
                                 << QStringLiteral("action 2 has an unknown key \"tool_call\"");
    QTest::newRow("empty") << QByteArray(R"([{"reasoning": "hm"}])")
                           << QStringLiteral("action 1 has neither text nor tool calls");
    QTest::newRow("calls not array") << QByteArray(R"([{"tool_calls": {}}])")
                                     << QStringLiteral("\"tool_calls\" of action 1 is not an array");
    QTest::newRow("call without name") << QByteArray(R"([{"tool_calls": [{"arguments": {}}]}])")
                                       << QStringLiteral("tool call 1 of action 1 has no name");
    QTest::newRow("numeric arguments") << QByteArray(R"([{"tool_calls": [{"name": "bash", "arguments": 3}]}])")
                                       << QStringLiteral("neither an object nor a string");
    QTest::newRow("text not string") << QByteArray(R"([{"text": 3}])")
                                     << QStringLiteral("\"text\" of action 1 is not a string");
    QTest::newRow("silent failure") << QByteArray(R"([{"fail": ""}])") << QStringLiteral("fails without saying why");
}

void TestPolicies::malformedScriptsAreRefused()
{
    QFETCH(QByteArray, script);
    QFETCH(QString, problem);
    QString error;
    QVERIFY(!ScriptedPolicy::fromJson(QJsonDocument::fromJson(script).array(), QStringLiteral("bad.json"), &error));
    QVERIFY2(error.startsWith(QStringLiteral("The script bad.json cannot be used: ")), qPrintable(error));
    QVERIFY2(error.contains(problem), qPrintable(error));
}

void TestPolicies::cancelledScriptAnswerIsDropped()
{
    QString error;
    auto policy = ScriptedPolicy::fromJson(sampleScript(), QStringLiteral("s"), &error);
    policy->setReplyDelay(50);
    QSignalSpy replied(policy.get(), &Policy::replied);
    policy->next({});
    policy->cancel();
    QTest::qWait(200);
    QCOMPARE(replied.size(), 0);
    QCOMPARE(policy->position(), 0); // the action is still there for the next response
    QVERIFY(ask(*policy).message);
}

void TestPolicies::replayAnswersAlongTheBranch()
{
    const Trajectory t = recording();
    ReplayPolicy policy(t, QStringLiteral("c"));
    QCOMPARE(policy.size(), 3); // a, b, c: the edit has no assistant message, d is another branch
    QCOMPARE(policy.provenance().kind, Provenance::Kind::Replay);
    QCOMPARE(policy.provenance().source, QStringLiteral("traj-1"));

    QStringList texts;
    for (const QString& expected : { QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c") }) {
        const Answer a = ask(policy);
        QVERIFY(a.message);
        texts << a.message->text;
        QCOMPARE(a.message->toolCalls.first().id, QStringLiteral("id-") + expected); // as recorded
        QCOMPARE(a.message->completionTokens, 42);
        QCOMPARE(a.message->latencyMs, -1);
        const Provenance p = policy.provenance();
        QCOMPARE(p.kind, Provenance::Kind::Replay);
        QCOMPARE(p.source, QStringLiteral("traj-1/") + expected);
        QCOMPARE(p.agent, QStringLiteral("openai-chat"));
        QCOMPARE(p.sampling.value(QStringLiteral("temperature")).toDouble(), 0.7);
    }
    QCOMPARE(texts, QStringList({ QStringLiteral("first"), QStringLiteral("second"), QStringLiteral("third") }));
    QCOMPARE(policy.provenance().model, QStringLiteral("m3"));
    const Answer over = ask(policy);
    QVERIFY(!over.message);
    QVERIFY2(over.failure.contains(QStringLiteral("no more")), qPrintable(over.failure));
}

void TestPolicies::replayFromATurnAndItsEnd()
{
    const Trajectory t = recording();
    ReplayPolicy fromA(t, QStringLiteral("d"), QStringLiteral("a"));
    QCOMPARE(fromA.size(), 1);
    QCOMPARE(ask(fromA).message->text, QStringLiteral("forked"));

    ReplayPolicy unknown(t, QStringLiteral("nope"));
    QCOMPARE(unknown.size(), 0);
    QVERIFY(!ask(unknown).failure.isEmpty());

    ReplayPolicy cancelled(t, QStringLiteral("c"));
    QSignalSpy replied(&cancelled, &Policy::replied);
    cancelled.next({});
    cancelled.cancel();
    QTest::qWait(50);
    QCOMPARE(replied.size(), 0);
}

QTEST_GUILESS_MAIN(TestPolicies)
#include "tst_policies.moc"
