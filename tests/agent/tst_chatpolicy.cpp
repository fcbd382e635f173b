// ChatPolicy against LoopbackServer: streamed and whole replies, the request it sends, retries, failures,
// cancel, the API key kept out of everything it emits, and the connection test.
#include "agent/chatcompletion.h"
#include "agent/chatpolicy.h"
#include "agent/chatrequest.h"
#include "agent/chatstream.h"
#include "loopbackserver.h"

#include <QDeadlineTimer>
#include <QEventLoop>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <functional>

using namespace kwb;
using namespace kwb::agent;
using kwb::test::LoopbackServer;
using kwb::test::ScriptedReply;

namespace {

const char* const kKeyVariable = "KWB_TEST_CHAT_KEY";
const QString kEnvKey = QStringLiteral("sk-env-7f3a9c1e5b2d4f60");
const QString kSettingsKey = QStringLiteral("sk-settings-0b8e2d6c4a1f9e37");
constexpr int kWaitMs = 10000;

struct Retry
{
    QString reason;
    int attempt = 0;
    int delayMs = 0;
};

// Everything a policy emitted, in order of kind.
struct Outcome
{
    QString text; // partial() deltas, concatenated since the last retrying()
    QString reasoning;
    int partials = 0;
    QList<Message> replies;
    QStringList failures;
    QList<Retry> retries;
    QStringList everything; // every signal argument as text, for the key check

    int ends() const { return int(replies.size() + failures.size()); }
};

void watch(Policy& policy, Outcome* o)
{
    QObject::connect(&policy, &Policy::partial, &policy, [o](const QString& text, const QString& reasoning) {
        o->text += text;
        o->reasoning += reasoning;
        ++o->partials;
        o->everything << text << reasoning;
    });
    QObject::connect(&policy, &Policy::retrying, &policy, [o](const QString& reason, int attempt, int delayMs) {
        o->retries.append({ reason, attempt, delayMs });
        o->text.clear();
        o->reasoning.clear();
        o->everything << reason;
    });
    QObject::connect(&policy, &Policy::replied, &policy, [o](const Message& m) {
        o->replies.append(m);
        o->everything << QString::fromUtf8(QJsonDocument(m.toJson()).toJson());
    });
    QObject::connect(&policy, &Policy::failed, &policy, [o](const QString& sentence) {
        o->failures.append(sentence);
        o->everything << sentence;
    });
}

ToolCall call(const QString& id, const QString& name, const QJsonObject& arguments)
{
    return ToolCall { id, name, arguments };
}

Message assistantWithTools()
{
    Message m;
    m.role = Message::Role::Assistant;
    m.text = QStringLiteral("Coalesced loads bring it to 41 µs; now the reduction.");
    m.reasoning = QStringLiteral("The row fits in shared memory, so one block per row.");
    m.toolCalls = {
        call(QStringLiteral("call_a1"), QStringLiteral("write_file"),
            QJsonObject { { QStringLiteral("path"), QStringLiteral("kernels/softmax.cu") },
                { QStringLiteral("content"), QStringLiteral("__global__ void k(float* x) {\n  x[0] = 1.f;\n}\n") } }),
        call(QStringLiteral("call_b2"), QStringLiteral("compile"),
            QJsonObject {
                { QStringLiteral("flags"), QJsonArray { QStringLiteral("-O3"), QStringLiteral("--use_fast_math") } } }),
    };
    m.promptTokens = 1234;
    m.completionTokens = 87;
    return m;
}

Message plain(const QString& text)
{
    Message m;
    m.role = Message::Role::Assistant;
    m.text = text;
    return m;
}

PolicyContext context()
{
    PolicyContext c;
    Message system;
    system.role = Message::Role::System;
    system.text = QStringLiteral("You write CUDA kernels.");
    Message user;
    user.role = Message::Role::User;
    user.text = QStringLiteral("Make softmax fast.");
    c.conversation = { system, user };
    c.tools = QJsonArray { QJsonObject { { QStringLiteral("type"), QStringLiteral("function") },
        { QStringLiteral("function"),
            QJsonObject { { QStringLiteral("name"), QStringLiteral("write_file") },
                { QStringLiteral("parameters"),
                    QJsonObject { { QStringLiteral("type"), QStringLiteral("object") } } } } } } };
    return c;
}

// Runs the event loop until done() or kWaitMs. Unlike QTRY_*, whose qWait() sleeps 10 ms between rounds, it
// never sleeps, so a stream of small chunks arrives at the server's pace.
bool waitUntil(const std::function<bool()>& done)
{
    QDeadlineTimer deadline(kWaitMs);
    while (!done() && !deadline.hasExpired()) {
        QEventLoop loop;
        QTimer::singleShot(5, &loop, &QEventLoop::quit);
        loop.exec();
    }
    return done();
}

bool isOneSentence(const QString& s)
{
    return !s.isEmpty() && s.endsWith(QLatin1Char('.')) && !s.contains(QLatin1Char('\n'));
}

} // namespace

class TestChatPolicy : public QObject
{
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void init();
    void cleanup();

    void repliesWithToolCallsAndReasoning_data();
    void repliesWithToolCallsAndReasoning();
    void requestCarriesConversationToolsAndSampling();
    void pastCallWithInvalidArgumentsGoesBackAsEmptyObject();
    void invalidToolArgumentsAreKept_data();
    void invalidToolArgumentsAreKept();
    void retriesAfter429WaitingForRetryAfter();
    void retriesServerErrorsWithGrowingDelays();
    void givesUpAfterMaxRetries();
    void clientErrorFailsAtOnce();
    void malformedJsonFailsWithItsPosition_data();
    void malformedJsonFailsWithItsPosition();
    void cutStreamIsRetried();
    void cutWholeAnswerIsRetried();
    void silenceTimesOutAndIsRetried();
    void cancelDuringStream();
    void cancelDuringRetryWait();
    void nextWhileBusyReplacesTheRequest();
    void destroyedWhileBusy();
    void apiKeyNeverLeaks_data();
    void apiKeyNeverLeaks();
    void endpointSettingsRoundTrip();
    void testConnection_data();
    void testConnection();
    void streamParserTakesAnySplit();
    void streamErrorEvent();
    void loopbackServerKeepsAliveAndCloses();

private:
    ChatEndpoint endpoint() const;

    std::unique_ptr<LoopbackServer> m_server;
    std::unique_ptr<ChatPolicy> m_policy;
    Outcome m_outcome;
};

void TestChatPolicy::initTestCase()
{
    qputenv(kKeyVariable, kEnvKey.toUtf8());
}

void TestChatPolicy::init()
{
    m_server = std::make_unique<LoopbackServer>();
    QVERIFY(m_server->listen());
    m_policy = std::make_unique<ChatPolicy>(endpoint());
    m_policy->setRetryDelays(10, 5000);
    m_outcome = {};
    watch(*m_policy, &m_outcome);
}

void TestChatPolicy::cleanup()
{
    m_policy.reset();
    m_server.reset();
}

ChatEndpoint TestChatPolicy::endpoint() const
{
    ChatEndpoint e;
    e.name = QStringLiteral("loopback");
    e.baseUrl = m_server ? m_server->baseUrl() : QUrl();
    e.model = QStringLiteral("test-model");
    e.apiKeyVariable = QString::fromLatin1(kKeyVariable);
    e.requestTimeoutMs = 5000;
    e.maxRetries = 3;
    return e;
}

void TestChatPolicy::repliesWithToolCallsAndReasoning_data()
{
    QTest::addColumn<bool>("stream");
    QTest::addColumn<QString>("reasoningField");
    QTest::newRow("streamed, reasoning_content") << true << QStringLiteral("reasoning_content");
    QTest::newRow("streamed, reasoning") << true << QStringLiteral("reasoning");
    QTest::newRow("whole, reasoning_content") << false << QStringLiteral("reasoning_content");
    QTest::newRow("whole, reasoning") << false << QStringLiteral("reasoning");
}

void TestChatPolicy::repliesWithToolCallsAndReasoning()
{
    QFETCH(bool, stream);
    QFETCH(QString, reasoningField);
    ChatEndpoint e = endpoint();
    e.stream = stream;
    m_policy->setEndpoint(e);
    ScriptedReply reply = ScriptedReply::reply(assistantWithTools());
    reply.reasoningField = reasoningField;
    reply.chunkChars = 3;
    reply.chunkDelayMs = 2;
    m_server->enqueue(reply);

    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures, QStringList());
    const Message got = m_outcome.replies.first();
    const Message want = assistantWithTools();
    QCOMPARE(got.role, Message::Role::Assistant);
    QCOMPARE(got.text, want.text);
    QCOMPARE(got.reasoning, want.reasoning);
    QCOMPARE(got.toolCalls, want.toolCalls);
    QCOMPARE(got.promptTokens, 1234);
    QCOMPARE(got.completionTokens, 87);
    QVERIFY(got.latencyMs >= 0);
    if (stream) {
        // One partial() per chunk of text or reasoning, and together they are the message.
        QCOMPARE(m_outcome.text, want.text);
        QCOMPARE(m_outcome.reasoning, want.reasoning);
        const int chunks = int((want.text.size() + 2) / 3 + (want.reasoning.size() + 2) / 3);
        QCOMPARE(m_outcome.partials, chunks);
        QVERIFY2(got.latencyMs >= 2 * (chunks - 1), qPrintable(QString::number(got.latencyMs))); // the server's delays
    } else {
        QCOMPARE(m_outcome.partials, 0);
    }
    QCOMPARE(m_server->completionRequests().size(), 1);
    QVERIFY(m_outcome.retries.isEmpty());
}

void TestChatPolicy::requestCarriesConversationToolsAndSampling()
{
    ChatEndpoint e = endpoint();
    e.temperature = 0.6;
    e.topP = 0.95;
    e.maxTokens = 4096;
    e.seed = 42;
    e.extraBody = QJsonObject { { QStringLiteral("top_k"), 20 },
        { QStringLiteral("chat_template_kwargs"), QJsonObject { { QStringLiteral("enable_thinking"), true } } } };
    m_policy->setEndpoint(e);
    PolicyContext c = context();
    c.conversation.append(assistantWithTools());
    Message result;
    result.role = Message::Role::Tool;
    result.toolCallId = QStringLiteral("call_a1");
    result.toolName = QStringLiteral("write_file");
    result.text = QStringLiteral("wrote 45 bytes");
    c.conversation.append(result);
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("ok"))));

    m_policy->next(c);
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.replies.size(), 1);
    const LoopbackServer::Request request = m_server->completionRequests().first();
    QCOMPARE(request.method, QByteArray("POST"));
    QCOMPARE(request.path, QByteArray("/v1/chat/completions"));
    QCOMPARE(request.headers.value("authorization"), "Bearer " + kEnvKey.toUtf8());
    QVERIFY(request.headers.value("content-type").startsWith("application/json"));
    const QJsonObject body = request.json();
    QCOMPARE(body.value(QLatin1String("model")).toString(), QStringLiteral("test-model"));
    QCOMPARE(body.value(QLatin1String("tools")).toArray(), c.tools);
    QCOMPARE(body.value(QLatin1String("temperature")).toDouble(), 0.6);
    QCOMPARE(body.value(QLatin1String("top_p")).toDouble(), 0.95);
    QCOMPARE(body.value(QLatin1String("max_tokens")).toInt(), 4096);
    QCOMPARE(body.value(QLatin1String("seed")).toInteger(), 42);
    QCOMPARE(body.value(QLatin1String("top_k")).toInt(), 20);
    QVERIFY(
        body.value(QLatin1String("chat_template_kwargs")).toObject().value(QLatin1String("enable_thinking")).toBool());
    QCOMPARE(body.value(QLatin1String("stream")).toBool(), true);
    QVERIFY(body.value(QLatin1String("stream_options")).toObject().value(QLatin1String("include_usage")).toBool());

    const QJsonArray messages = body.value(QLatin1String("messages")).toArray();
    QCOMPARE(messages.size(), 4);
    QCOMPARE(messages.at(0).toObject(),
        (QJsonObject { { QStringLiteral("role"), QStringLiteral("system") },
            { QStringLiteral("content"), QStringLiteral("You write CUDA kernels.") } }));
    QCOMPARE(messages.at(1).toObject().value(QLatin1String("role")).toString(), QStringLiteral("user"));
    const QJsonObject assistant = messages.at(2).toObject();
    QCOMPARE(assistant.value(QLatin1String("role")).toString(), QStringLiteral("assistant"));
    QCOMPARE(assistant.value(QLatin1String("content")).toString(), assistantWithTools().text);
    QVERIFY(!assistant.contains(QLatin1String("reasoning_content"))); // reasoning is not sent back
    const QJsonArray calls = assistant.value(QLatin1String("tool_calls")).toArray();
    QCOMPARE(calls.size(), 2);
    const QJsonObject first = calls.at(0).toObject();
    QCOMPARE(first.value(QLatin1String("id")).toString(), QStringLiteral("call_a1"));
    QCOMPARE(first.value(QLatin1String("type")).toString(), QStringLiteral("function"));
    const QJsonObject function = first.value(QLatin1String("function")).toObject();
    QCOMPARE(function.value(QLatin1String("name")).toString(), QStringLiteral("write_file"));
    QVERIFY(function.value(QLatin1String("arguments")).isString()); // a JSON string, as the API wants
    QCOMPARE(QJsonDocument::fromJson(function.value(QLatin1String("arguments")).toString().toUtf8()).object(),
        assistantWithTools().toolCalls.first().arguments);
    QCOMPARE(messages.at(3).toObject(),
        (QJsonObject { { QStringLiteral("role"), QStringLiteral("tool") },
            { QStringLiteral("tool_call_id"), QStringLiteral("call_a1") },
            { QStringLiteral("content"), QStringLiteral("wrote 45 bytes") } }));

    // Without tools, sampling or streaming, none of them is sent: the server's defaults apply.
    m_policy->setEndpoint(endpoint());
    ChatEndpoint whole = endpoint();
    whole.stream = false;
    m_policy->setEndpoint(whole);
    PolicyContext bare = context();
    bare.tools = {};
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("ok"))));
    m_policy->next(bare);
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 2; }));
    QCOMPARE(m_outcome.ends(), 2);
    const QJsonObject bareBody = m_server->completionRequests().last().json();
    for (const char* key : { "tools", "temperature", "top_p", "max_tokens", "seed", "stream_options" })
        QVERIFY2(!bareBody.contains(QLatin1String(key)), key);
    QCOMPARE(bareBody.value(QLatin1String("stream")).toBool(true), false);
}

void TestChatPolicy::pastCallWithInvalidArgumentsGoesBackAsEmptyObject()
{
    Message past = plain(QString());
    ToolCall broken = call(QStringLiteral("call_x"), QStringLiteral("bash"), {});
    broken.rawArguments = QStringLiteral("{\"command\": \"ls");
    past.toolCalls = { broken };
    const QJsonArray wire = chat::wireMessages({ past });
    const QJsonObject m = wire.first().toObject();
    QVERIFY(m.value(QLatin1String("content")).isNull()); // no text beside tool calls
    const QJsonObject function
        = m.value(QLatin1String("tool_calls")).toArray().first().toObject().value(QLatin1String("function")).toObject();
    QCOMPARE(function.value(QLatin1String("arguments")).toString(), QStringLiteral("{}"));
}

void TestChatPolicy::invalidToolArgumentsAreKept_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("streamed") << true;
    QTest::newRow("whole") << false;
}

void TestChatPolicy::invalidToolArgumentsAreKept()
{
    QFETCH(bool, stream);
    ChatEndpoint e = endpoint();
    e.stream = stream;
    m_policy->setEndpoint(e);
    Message scripted = plain(QStringLiteral("Writing it."));
    ToolCall cut = call(QStringLiteral("call_1"), QStringLiteral("write_file"), {});
    cut.rawArguments = QStringLiteral("{\"path\": \"kernels/a.cu\", \"content\": \"__glob");
    ToolCall array = call(QStringLiteral("call_2"), QStringLiteral("bash"), {});
    array.rawArguments = QStringLiteral("[\"nvcc\", \"-O3\"]");
    const ToolCall unknown = call(
        QStringLiteral("call_3"), QStringLiteral("launch_rockets"), QJsonObject { { QStringLiteral("count"), 3 } });
    scripted.toolCalls = { cut, array, unknown };
    m_server->enqueue(ScriptedReply::reply(scripted));

    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures, QStringList());
    const QList<ToolCall> calls = m_outcome.replies.first().toolCalls;
    QCOMPARE(calls.size(), 3);
    QCOMPARE(calls.at(0).name, QStringLiteral("write_file"));
    QVERIFY(!calls.at(0).hasValidArguments());
    QCOMPARE(calls.at(0).rawArguments, cut.rawArguments);
    QVERIFY(calls.at(0).arguments.isEmpty());
    QCOMPARE(invalidArgumentsResult(calls.at(0)),
        QStringLiteral("Error: you called write_file with arguments that are not a JSON object: ") + cut.rawArguments);
    QCOMPARE(calls.at(1).rawArguments, array.rawArguments); // JSON, but not an object
    QCOMPARE(calls.at(2), unknown); // a tool nobody offered passes through: the engine answers it
    QCOMPARE(m_outcome.replies.first().text, scripted.text);
    QCOMPARE(m_server->completionRequests().size(), 1); // kept, not retried
    // The raw text survives the model's JSON form, which is what the store keeps.
    QString error;
    QCOMPARE(ToolCall::fromJson(calls.at(0).toJson(), &error), calls.at(0));
    QVERIFY(error.isEmpty());
}

void TestChatPolicy::retriesAfter429WaitingForRetryAfter()
{
    m_server->enqueue(ScriptedReply::httpError(429, QStringLiteral("Rate limit reached for test-model"), "1"));
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("after the wait"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.replies.size(), 1);
    QCOMPARE(m_outcome.replies.first().text, QStringLiteral("after the wait"));
    QCOMPARE(m_outcome.retries.size(), 1);
    QCOMPARE(m_outcome.retries.first().attempt, 2);
    QCOMPARE(m_outcome.retries.first().delayMs, 1000); // Retry-After, not the 10 ms backoff
    QCOMPARE(m_outcome.retries.first().reason,
        QStringLiteral("The endpoint answered HTTP 429: Rate limit reached for test-model"));
    QCOMPARE(m_server->completionRequests().size(), 2);
    QCOMPARE(m_server->completionRequests().at(0).body, m_server->completionRequests().at(1).body);
}

void TestChatPolicy::retriesServerErrorsWithGrowingDelays()
{
    m_server->enqueue(ScriptedReply::httpError(500, QStringLiteral("CUDA out of memory")));
    m_server->enqueue(ScriptedReply::httpError(503, QString()));
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("third time"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.replies.size(), 1);
    QCOMPARE(m_outcome.retries.size(), 2);
    QCOMPARE(m_outcome.retries.at(0).delayMs, 10);
    QCOMPARE(m_outcome.retries.at(1).delayMs, 20);
    QCOMPARE(m_outcome.retries.at(1).attempt, 3);
    QCOMPARE(m_outcome.retries.at(0).reason, QStringLiteral("The endpoint answered HTTP 500: CUDA out of memory"));
    QVERIFY(m_outcome.retries.at(1).reason.startsWith(QStringLiteral("The endpoint answered HTTP 503")));
}

void TestChatPolicy::givesUpAfterMaxRetries()
{
    ChatEndpoint e = endpoint();
    e.maxRetries = 2;
    m_policy->setEndpoint(e);
    for (int i = 0; i < 4; ++i)
        m_server->enqueue(ScriptedReply::httpError(502, QStringLiteral("upstream gone")));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures,
        QStringList { QStringLiteral("The endpoint answered HTTP 502: upstream gone (tried 3 times).") });
    QCOMPARE(m_server->completionRequests().size(), 3);
    QCOMPARE(m_server->scriptLeft(), 1);
    QVERIFY(!m_policy->isBusy());
}

void TestChatPolicy::clientErrorFailsAtOnce()
{
    m_server->enqueue(
        ScriptedReply::httpError(400, QStringLiteral("This model's maximum context length is 32768 tokens")));
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("never asked for"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures,
        QStringList {
            QStringLiteral("The endpoint answered HTTP 400: This model's maximum context length is 32768 tokens.") });
    QVERIFY(m_outcome.retries.isEmpty());
    QCOMPARE(m_server->completionRequests().size(), 1);
}

void TestChatPolicy::malformedJsonFailsWithItsPosition_data()
{
    QTest::addColumn<bool>("stream");
    QTest::newRow("streamed") << true;
    QTest::newRow("whole") << false;
}

void TestChatPolicy::malformedJsonFailsWithItsPosition()
{
    QFETCH(bool, stream);
    ChatEndpoint e = endpoint();
    e.stream = stream;
    m_policy->setEndpoint(e);
    m_server->enqueue(ScriptedReply::malformedJson());
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("never asked for"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures.size(), 1);
    const QString sentence = m_outcome.failures.first();
    QVERIFY2(isOneSentence(sentence), qPrintable(sentence));
    const QRegularExpressionMatch match
        = QRegularExpression(QStringLiteral("^The endpoint's answer is not JSON \\((.+) at byte (\\d+)\\)\\.$"))
              .match(sentence);
    QVERIFY2(match.hasMatch(), qPrintable(sentence));
    QVERIFY(match.captured(2).toInt() > 0);
    QCOMPARE(m_server->completionRequests().size(), 1); // the same answer again would not help
    if (stream)
        QCOMPARE(m_outcome.text, QStringLiteral("Hel")); // what came before the bad chunk was streamed
}

void TestChatPolicy::cutStreamIsRetried()
{
    const Message full = assistantWithTools();
    m_server->enqueue(ScriptedReply::cutStream(full, 4));
    m_server->enqueue(ScriptedReply::reply(full));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures, QStringList());
    QCOMPARE(m_outcome.retries.size(), 1);
    QCOMPARE(m_outcome.retries.first().reason, QStringLiteral("The stream ended before [DONE]"));
    QCOMPARE(m_outcome.replies.first().text, full.text);
    QCOMPARE(m_outcome.replies.first().toolCalls, full.toolCalls);
    // After retrying() the deltas start over, so a view that restarts shows exactly the message.
    QCOMPARE(m_outcome.text, full.text);
    QCOMPARE(m_outcome.reasoning, full.reasoning);
    QCOMPARE(m_server->completionRequests().size(), 2);
}

void TestChatPolicy::cutWholeAnswerIsRetried()
{
    ChatEndpoint e = endpoint();
    e.stream = false;
    m_policy->setEndpoint(e);
    m_server->enqueue(ScriptedReply::cutStream(plain(QStringLiteral("x")), 0));
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("whole at last"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures, QStringList());
    QCOMPARE(m_outcome.retries.size(), 1);
    QCOMPARE(m_outcome.replies.first().text, QStringLiteral("whole at last"));
}

void TestChatPolicy::silenceTimesOutAndIsRetried()
{
    ChatEndpoint e = endpoint();
    e.requestTimeoutMs = 300;
    m_policy->setEndpoint(e);
    m_server->enqueue(ScriptedReply::hang());
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("awake"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.failures, QStringList());
    QCOMPARE(m_outcome.retries.size(), 1);
    QCOMPARE(m_outcome.retries.first().reason, QStringLiteral("The endpoint sent nothing for 300 ms"));
    QCOMPARE(m_outcome.replies.first().text, QStringLiteral("awake"));

    // Silence with no retries left ends in one sentence.
    e.maxRetries = 0;
    m_policy->setEndpoint(e);
    m_outcome = {};
    m_server->enqueue(ScriptedReply::hang());
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.failures.size() == 1; }));
    QCOMPARE(m_outcome.failures.first(), QStringLiteral("The endpoint sent nothing for 300 ms."));
    QVERIFY(m_outcome.retries.isEmpty());
}

void TestChatPolicy::cancelDuringStream()
{
    ScriptedReply slow = ScriptedReply::reply(plain(QString(400, QLatin1Char('x'))));
    slow.chunkChars = 1;
    slow.chunkDelayMs = 5; // two seconds in all: far longer than the test waits
    m_server->enqueue(slow);
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.partials >= 3; }));
    m_policy->cancel();
    QVERIFY(!m_policy->isBusy());
    const int partials = m_outcome.partials;
    QTest::qWait(200); // events the server keeps sending must not come through
    QCOMPARE(m_outcome.partials, partials);
    QCOMPARE(m_outcome.ends(), 0);
    QVERIFY(m_outcome.retries.isEmpty());

    // The policy is usable again.
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("again"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.replies.first().text, QStringLiteral("again"));
}

void TestChatPolicy::cancelDuringRetryWait()
{
    m_policy->setRetryDelays(150, 150);
    m_server->enqueue(ScriptedReply::httpError(503, QStringLiteral("busy")));
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("never asked for"))));
    connect(m_policy.get(), &Policy::retrying, m_policy.get(), [this] { m_policy->cancel(); });
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.retries.size() == 1; }));
    QVERIFY(!m_policy->isBusy());
    QTest::qWait(300);
    QCOMPARE(m_outcome.ends(), 0);
    QCOMPARE(m_server->completionRequests().size(), 1);
}

void TestChatPolicy::nextWhileBusyReplacesTheRequest()
{
    ChatEndpoint e = endpoint();
    e.requestTimeoutMs = 200;
    m_policy->setEndpoint(e);
    m_server->enqueue(ScriptedReply::hang());
    m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("second"))));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_server->completionRequests().size() == 1; }));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    QCOMPARE(m_outcome.replies.first().text, QStringLiteral("second"));
    QTest::qWait(300); // past the first request's timeout: it was cancelled, so nothing more comes
    QCOMPARE(m_outcome.ends(), 1);
    QVERIFY(m_outcome.retries.isEmpty());
}

void TestChatPolicy::destroyedWhileBusy()
{
    // Without /models the connection tests fall back to completions, which hang like the request does.
    m_server->serveModels(false);
    for (int i = 0; i < 3; ++i)
        m_server->enqueue(ScriptedReply::hang());
    m_policy->next(context());
    m_policy->testConnection();
    QVERIFY(waitUntil([this] { return m_server->completionRequests().size() == 2; }));
    m_policy->testConnection(); // the first test is dropped and waits for deleteLater
    QVERIFY(waitUntil([this] { return m_server->completionRequests().size() == 3; }));
    QSignalSpy tested(m_policy.get(), &ChatPolicy::connectionTested);
    m_policy.reset(); // aborts the request and both tests, without signals
    QTest::qWait(50);
    QCOMPARE(m_outcome.ends(), 0);
    QCOMPARE(tested.size(), 0);
}

void TestChatPolicy::apiKeyNeverLeaks_data()
{
    QTest::addColumn<bool>("fromSettings");
    QTest::newRow("environment variable") << false;
    QTest::newRow("settings") << true;
}

void TestChatPolicy::apiKeyNeverLeaks()
{
    QFETCH(bool, fromSettings);
    ChatEndpoint e = endpoint();
    if (fromSettings)
        e.apiKey = kSettingsKey;
    const QString key = fromSettings ? kSettingsKey : kEnvKey;
    QCOMPARE(e.resolvedApiKey(), key);
    m_policy->setEndpoint(e);

    m_server->enqueue(ScriptedReply::reply(assistantWithTools()));
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 1; }));
    QCOMPARE(m_outcome.ends(), 1);
    // A server that repeats the key in its errors, while retrying and when giving up.
    e.maxRetries = 1;
    m_policy->setEndpoint(e);
    m_server->enqueue(ScriptedReply::httpError(500, QStringLiteral("bad key ") + key));
    m_server->enqueue(ScriptedReply::echoAuthorization());
    m_policy->next(context());
    QVERIFY(waitUntil([this] { return m_outcome.ends() >= 2; }));
    QCOMPARE(m_outcome.ends(), 2);
    QCOMPARE(m_outcome.failures.size(), 1);
    QVERIFY2(m_outcome.failures.first().contains(QStringLiteral("Bearer ***")), qPrintable(m_outcome.failures.first()));
    QVERIFY(m_outcome.failures.first().contains(QString::fromLatin1(kKeyVariable)));
    m_policy->testConnection();
    QSignalSpy tested(m_policy.get(), &ChatPolicy::connectionTested);
    QVERIFY(tested.wait(kWaitMs));

    for (const LoopbackServer::Request& r : m_server->requests())
        QCOMPARE(r.headers.value("authorization"), "Bearer " + key.toUtf8()); // sent, to the server only
    QStringList emitted = m_outcome.everything;
    emitted << tested.first().at(1).toString();
    emitted << QString::fromUtf8(QJsonDocument(m_policy->provenance().toJson()).toJson());
    emitted << QString::fromUtf8(QJsonDocument(e.samplingJson()).toJson());
    QVERIFY(emitted.size() > 10);
    for (const QString& text : std::as_const(emitted))
        QVERIFY2(!text.contains(key), qPrintable(text));
}

void TestChatPolicy::endpointSettingsRoundTrip()
{
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("kwb.ini")), QSettings::IniFormat);
    ChatEndpoint full = endpoint();
    full.name = QStringLiteral("vllm-qwen");
    full.temperature = 0.7;
    full.topP = 0.8;
    full.maxTokens = 8192;
    full.seed = 1234567890123LL;
    full.extraBody = QJsonObject { { QStringLiteral("top_k"), 20 } };
    full.stream = false;
    full.requestTimeoutMs = 90000;
    full.maxRetries = 5;
    full.apiKey = kSettingsKey;
    full.save(settings);
    ChatEndpoint bare;
    bare.name = QStringLiteral("hosted");
    bare.baseUrl = QUrl(QStringLiteral("https://api.example.com/v1"));
    bare.model = QStringLiteral("gpt-x");
    bare.save(settings);
    settings.sync();

    QSettings reread(dir.filePath(QStringLiteral("kwb.ini")), QSettings::IniFormat);
    QCOMPARE(ChatEndpoint::savedNames(reread), (QStringList { QStringLiteral("hosted"), QStringLiteral("vllm-qwen") }));
    QCOMPARE(ChatEndpoint::load(reread, QStringLiteral("vllm-qwen")), full);
    const ChatEndpoint loaded = ChatEndpoint::load(reread, QStringLiteral("hosted"));
    QCOMPARE(loaded, bare);
    QVERIFY(!loaded.temperature && !loaded.seed);

    // Clearing a value clears it in the settings too.
    full.temperature.reset();
    full.apiKey.clear();
    full.save(reread);
    QCOMPARE(ChatEndpoint::load(reread, QStringLiteral("vllm-qwen")), full);
    ChatEndpoint::remove(reread, QStringLiteral("hosted"));
    QCOMPARE(ChatEndpoint::savedNames(reread), QStringList { QStringLiteral("vllm-qwen") });

    const QJsonObject sampling = ChatEndpoint::load(reread, QStringLiteral("vllm-qwen")).samplingJson();
    QCOMPARE(sampling,
        (QJsonObject { { QStringLiteral("top_p"), 0.8 }, { QStringLiteral("max_tokens"), 8192 },
            { QStringLiteral("seed"), 1234567890123LL }, { QStringLiteral("extra"), full.extraBody } }));
    QCOMPARE(m_policy->provenance().agent, QStringLiteral("openai-chat"));
    QCOMPARE(m_policy->provenance().model, QStringLiteral("test-model"));
    QCOMPARE(m_policy->provenance().kind, Provenance::Kind::Agent);

    ChatEndpoint slash = bare;
    slash.baseUrl = QUrl(QStringLiteral("https://user:secret@api.example.com/v1/"));
    QCOMPARE(slash.url(QStringLiteral("models")).path(), QStringLiteral("/v1/models"));
    QVERIFY(!slash.displayUrl().contains(QStringLiteral("secret")));
}

void TestChatPolicy::testConnection_data()
{
    QTest::addColumn<QStringList>("served");
    QTest::addColumn<bool>("hasModels");
    QTest::addColumn<int>("fallbackStatus"); // 200, or the completion's error status
    QTest::addColumn<bool>("ok");
    QTest::addColumn<QString>("says");
    QTest::newRow("serves the model") << QStringList { QStringLiteral("other"), QStringLiteral("test-model") } << true
                                      << 0 << true << QStringLiteral("answers and serves test-model.");
    QTest::newRow("serves other models") << QStringList { QStringLiteral("llama"), QStringLiteral("qwen") } << true << 0
                                         << false
                                         << QStringLiteral("does not serve test-model; it serves llama, qwen.");
    QTest::newRow("no /models, completion answers")
        << QStringList() << false << 200 << true << QStringLiteral("answers as test-model.");
    QTest::newRow("no /models, completion fails")
        << QStringList() << false << 404 << false << QStringLiteral("HTTP 404: The model `test-model` does not exist.");
}

void TestChatPolicy::testConnection()
{
    QFETCH(QStringList, served);
    QFETCH(bool, hasModels);
    QFETCH(int, fallbackStatus);
    QFETCH(bool, ok);
    QFETCH(QString, says);
    m_server->setModels(served);
    m_server->serveModels(hasModels);
    if (fallbackStatus == 200)
        m_server->enqueue(ScriptedReply::reply(plain(QStringLiteral("OK"))));
    else if (fallbackStatus != 0)
        m_server->enqueue(
            ScriptedReply::httpError(fallbackStatus, QStringLiteral("The model `test-model` does not exist.")));
    QSignalSpy tested(m_policy.get(), &ChatPolicy::connectionTested);
    m_policy->testConnection();
    QVERIFY(tested.wait(kWaitMs));
    QCOMPARE(tested.size(), 1);
    const QString sentence = tested.first().at(1).toString();
    QCOMPARE(tested.first().at(0).toBool(), ok);
    QVERIFY2(sentence.endsWith(says), qPrintable(sentence));
    QVERIFY2(isOneSentence(sentence), qPrintable(sentence));
    QCOMPARE(m_server->requests().first().path, QByteArray("/v1/models"));
    if (!hasModels) {
        QCOMPARE(m_server->requests().size(), 2);
        QCOMPARE(m_server->requests().last().json().value(QLatin1String("max_tokens")).toInt(), 1);
    }
    QCOMPARE(m_outcome.ends(), 0); // independent of next()'s signals

    // Nobody listening.
    QTcpServer closed;
    QVERIFY(closed.listen(QHostAddress::LocalHost, 0));
    ChatEndpoint e = endpoint();
    e.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(closed.serverPort()));
    closed.close();
    m_policy->setEndpoint(e);
    tested.clear();
    m_policy->testConnection();
    QVERIFY(tested.wait(kWaitMs));
    QCOMPARE(tested.first().at(0).toBool(), false);
    QVERIFY2(
        tested.first().at(1).toString().startsWith(QStringLiteral("Could not reach the endpoint at http://127.0.0.1:")),
        qPrintable(tested.first().at(1).toString()));
}

void TestChatPolicy::streamParserTakesAnySplit()
{
    const QByteArray body = QByteArrayLiteral(
        ": keep-alive\r\n\r\n"
        "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"\"}}]}\r\n\r\n"
        "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"think \"}}]}\n\n"
        "event: message\n"
        "data: {\"choices\":[{\"delta\":{\"content\":\"41 \\u00b5s, \"}}]}\n\n"
        "data:{\"choices\":[{\"delta\":{\"content\":\"done\",\"tool_calls\":"
        "[{\"index\":0,\"id\":\"c1\",\"function\":{\"name\":\"bash\",\"arguments\":\"\"}}]}}]}\n\n"
        "data: "
        "{\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\"{\\\"cmd\\\":\"}}]}}]}"
        "\n\n"
        "data: {\"choices\":[{\"delta\":{\"tool_calls\":[{\"index\":0,\"function\":{\"arguments\":\" "
        "\\\"ls\\\"}\"}}]}}]}\n\n"
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":4}}\n\n"
        "data: [DONE]\n\n");
    for (const int step : { 1, 2, 7, int(body.size()) }) {
        ChatStream stream;
        QString text;
        for (qsizetype i = 0; i < body.size(); i += step) {
            for (const ChatStream::Delta& d : stream.feed(body.mid(i, step)))
                text += d.text;
        }
        QVERIFY2(stream.isDone(), qPrintable(QString::number(step)));
        QVERIFY(stream.error().isEmpty());
        const Message m = stream.message();
        QCOMPARE(text, QStringLiteral("41 µs, done"));
        QCOMPARE(m.text, text);
        QCOMPARE(m.reasoning, QStringLiteral("think "));
        QCOMPARE(m.toolCalls,
            (QList<ToolCall> { call(QStringLiteral("c1"), QStringLiteral("bash"),
                QJsonObject { { QStringLiteral("cmd"), QStringLiteral("ls") } }) }));
        QCOMPARE(m.promptTokens, 9);
        QCOMPARE(m.completionTokens, 4);
    }

    // The byte named in the sentence is the byte of the whole answer where the JSON went wrong.
    const QByteArray bad = QByteArrayLiteral("data: {\"choices\":[]}\n\ndata: {\"choices\": oops}\n\n");
    ChatStream stream;
    stream.feed(bad);
    QJsonParseError parseError;
    QJsonDocument::fromJson(QByteArrayLiteral("{\"choices\": oops}"), &parseError);
    const qint64 byte = bad.indexOf("{\"choices\": oops}") + parseError.offset;
    QCOMPARE(stream.error(),
        QStringLiteral("The endpoint's answer is not JSON (%1 at byte %2)").arg(parseError.errorString()).arg(byte));
    QVERIFY(!stream.errorIsRetryable());

    // An answer that ends without the blank line after its last event still counts.
    ChatStream unterminated;
    unterminated.feed(QByteArrayLiteral("data: {\"choices\":[{\"delta\":{\"content\":\"a\"}}]}\n\ndata: [DONE]"));
    QVERIFY(!unterminated.isDone());
    unterminated.finish();
    QVERIFY(unterminated.isDone());
}

void TestChatPolicy::streamErrorEvent()
{
    ChatStream overloaded;
    overloaded.feed(QByteArrayLiteral("data: {\"error\": {\"message\": \"The server is overloaded\", \"type\": "
                                      "\"ServiceUnavailable\", \"code\": 503}}\n\n"));
    QCOMPARE(overloaded.error(), QStringLiteral("The endpoint reported an error mid-stream: The server is overloaded"));
    QVERIFY(overloaded.errorIsRetryable());
    ChatStream refused;
    refused.feed(QByteArrayLiteral("data: {\"object\": \"error\", \"message\": \"too long\", \"code\": 400}\n\n"));
    QCOMPARE(refused.error(), QStringLiteral("The endpoint reported an error mid-stream: too long"));
    QVERIFY(!refused.errorIsRetryable());
}

void TestChatPolicy::loopbackServerKeepsAliveAndCloses()
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, quint16(m_server->baseUrl().port()));
    QVERIFY(socket.waitForConnected(kWaitMs));
    // Two requests in one write on a kept-alive connection, the second asking to close it.
    socket.write("GET /v1/models HTTP/1.1\r\nHost: x\r\n\r\n"
                 "POST /v1/nothing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
    QByteArray answer;
    QTRY_VERIFY_WITH_TIMEOUT(
        (answer += socket.readAll(), socket.state() == QAbstractSocket::UnconnectedState), kWaitMs);
    answer += socket.readAll();
    QCOMPARE(answer.count("HTTP/1.1 "), 2);
    QVERIFY(answer.startsWith("HTTP/1.1 200 OK"));
    QVERIFY(answer.contains("HTTP/1.1 404 Not Found"));
    QCOMPARE(m_server->requests().size(), 2);
    QCOMPARE(m_server->requests().last().body, QByteArray("hello"));
}

QTEST_GUILESS_MAIN(TestChatPolicy)
#include "tst_chatpolicy.moc"
