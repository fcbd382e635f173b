#include "loopbackserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>
#include <memory>

namespace kwb::test {

namespace {

QByteArray compact(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QByteArray sseEvent(const QJsonObject& o)
{
    return "data: " + compact(o) + "\n\n";
}

QByteArray reasonPhrase(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 401:
        return "Unauthorized";
    case 404:
        return "Not Found";
    case 429:
        return "Too Many Requests";
    case 500:
        return "Internal Server Error";
    case 503:
        return "Service Unavailable";
    default:
        return "Status";
    }
}

QString argumentsText(const ToolCall& call)
{
    return call.hasValidArguments() ? QString::fromUtf8(compact(call.arguments)) : call.rawArguments;
}

QList<QString> pieces(const QString& text, int size)
{
    QList<QString> out;
    for (qsizetype i = 0; i < text.size(); i += size)
        out.append(text.mid(i, size));
    return out;
}

QJsonObject chunk(const QJsonObject& delta, const QJsonValue& finishReason = QJsonValue::Null)
{
    return QJsonObject {
        { QStringLiteral("id"), QStringLiteral("chatcmpl-loopback") },
        { QStringLiteral("object"), QStringLiteral("chat.completion.chunk") },
        { QStringLiteral("model"), QStringLiteral("test-model") },
        { QStringLiteral("choices"),
            QJsonArray { QJsonObject { { QStringLiteral("index"), 0 }, { QStringLiteral("delta"), delta },
                { QStringLiteral("finish_reason"), finishReason } } } },
    };
}

QJsonObject usage(const Message& m)
{
    const qint64 prompt = m.promptTokens >= 0 ? m.promptTokens : 10;
    const qint64 completion = m.completionTokens >= 0 ? m.completionTokens : 5;
    return QJsonObject { { QStringLiteral("prompt_tokens"), prompt },
        { QStringLiteral("completion_tokens"), completion }, { QStringLiteral("total_tokens"), prompt + completion } };
}

QJsonObject toolCallDelta(int index, const QJsonObject& fields)
{
    QJsonObject call = fields;
    call.insert(QStringLiteral("index"), index);
    return QJsonObject { { QStringLiteral("tool_calls"), QJsonArray { call } } };
}

// A message as vLLM streams it: role, reasoning, text, each tool call's id and name then its arguments in
// pieces, the finish reason, usage when asked for, [DONE].
QList<QByteArray> streamEvents(const ScriptedReply& reply, bool includeUsage)
{
    const Message& m = reply.message;
    QList<QByteArray> events;
    events.append(sseEvent(chunk(QJsonObject {
        { QStringLiteral("role"), QStringLiteral("assistant") }, { QStringLiteral("content"), QString() } })));
    for (const QString& piece : pieces(m.reasoning, reply.chunkChars))
        events.append(sseEvent(chunk(QJsonObject { { reply.reasoningField, piece } })));
    for (const QString& piece : pieces(m.text, reply.chunkChars))
        events.append(sseEvent(chunk(QJsonObject { { QStringLiteral("content"), piece } })));
    for (int i = 0; i < m.toolCalls.size(); ++i) {
        const ToolCall& call = m.toolCalls.at(i);
        events.append(sseEvent(chunk(toolCallDelta(i,
            QJsonObject { { QStringLiteral("id"), call.id }, { QStringLiteral("type"), QStringLiteral("function") },
                { QStringLiteral("function"),
                    QJsonObject {
                        { QStringLiteral("name"), call.name }, { QStringLiteral("arguments"), QString() } } } }))));
        for (const QString& piece : pieces(argumentsText(call), reply.chunkChars))
            events.append(sseEvent(chunk(toolCallDelta(i,
                QJsonObject {
                    { QStringLiteral("function"), QJsonObject { { QStringLiteral("arguments"), piece } } } }))));
    }
    events.append(
        sseEvent(chunk(QJsonObject {}, m.toolCalls.isEmpty() ? QStringLiteral("stop") : QStringLiteral("tool_calls"))));
    if (includeUsage)
        events.append(sseEvent(QJsonObject { { QStringLiteral("object"), QStringLiteral("chat.completion.chunk") },
            { QStringLiteral("choices"), QJsonArray {} }, { QStringLiteral("usage"), usage(m) } }));
    events.append(QByteArrayLiteral("data: [DONE]\n\n"));
    return events;
}

QJsonObject wholeCompletion(const ScriptedReply& reply)
{
    const Message& m = reply.message;
    QJsonObject message { { QStringLiteral("role"), QStringLiteral("assistant") },
        { QStringLiteral("content"), m.text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m.text) } };
    if (!m.reasoning.isEmpty())
        message.insert(reply.reasoningField, m.reasoning);
    QJsonArray calls;
    for (const ToolCall& call : m.toolCalls)
        calls.append(
            QJsonObject { { QStringLiteral("id"), call.id }, { QStringLiteral("type"), QStringLiteral("function") },
                { QStringLiteral("function"),
                    QJsonObject { { QStringLiteral("name"), call.name },
                        { QStringLiteral("arguments"), argumentsText(call) } } } });
    if (!calls.isEmpty())
        message.insert(QStringLiteral("tool_calls"), calls);
    return QJsonObject {
        { QStringLiteral("id"), QStringLiteral("chatcmpl-loopback") },
        { QStringLiteral("object"), QStringLiteral("chat.completion") },
        { QStringLiteral("model"), QStringLiteral("test-model") },
        { QStringLiteral("choices"),
            QJsonArray { QJsonObject { { QStringLiteral("index"), 0 }, { QStringLiteral("message"), message },
                { QStringLiteral("finish_reason"),
                    calls.isEmpty() ? QStringLiteral("stop") : QStringLiteral("tool_calls") } } } },
        { QStringLiteral("usage"), usage(m) },
    };
}

QByteArray errorBody(int status, const QString& message)
{
    return compact(QJsonObject { { QStringLiteral("error"),
        QJsonObject { { QStringLiteral("message"), message },
            { QStringLiteral("type"), QStringLiteral("loopback_error") }, { QStringLiteral("code"), status } } } });
}

} // namespace

ScriptedReply ScriptedReply::reply(const Message& message)
{
    ScriptedReply r;
    r.message = message;
    return r;
}

ScriptedReply ScriptedReply::httpError(int status, const QString& message, const QByteArray& retryAfter)
{
    ScriptedReply r;
    r.kind = Kind::HttpError;
    r.status = status;
    r.errorMessage = message;
    r.retryAfter = retryAfter;
    return r;
}

ScriptedReply ScriptedReply::malformedJson()
{
    ScriptedReply r;
    r.kind = Kind::MalformedJson;
    return r;
}

ScriptedReply ScriptedReply::cutStream(const Message& message, int afterChunks)
{
    ScriptedReply r = reply(message);
    r.kind = Kind::CutStream;
    r.cutAfterChunks = afterChunks;
    return r;
}

ScriptedReply ScriptedReply::hang()
{
    ScriptedReply r;
    r.kind = Kind::Hang;
    return r;
}

ScriptedReply ScriptedReply::echoAuthorization()
{
    ScriptedReply r;
    r.kind = Kind::EchoAuthorization;
    return r;
}

QJsonObject LoopbackServer::Request::json() const
{
    return QJsonDocument::fromJson(body).object();
}

LoopbackServer::LoopbackServer(QObject* parent)
    : QObject(parent)
    , m_server(new QTcpServer(this))
{
    connect(m_server, &QTcpServer::newConnection, this, &LoopbackServer::accept);
}

bool LoopbackServer::listen()
{
    return m_server->listen(QHostAddress::LocalHost, 0);
}

QUrl LoopbackServer::baseUrl() const
{
    return QUrl(QStringLiteral("http://127.0.0.1:%1/v1").arg(m_server->serverPort()));
}

QList<LoopbackServer::Request> LoopbackServer::completionRequests() const
{
    QList<Request> out;
    for (const Request& r : m_requests) {
        if (r.path.endsWith("/chat/completions"))
            out.append(r);
    }
    return out;
}

void LoopbackServer::accept()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        m_connections.insert(socket, {});
        socket->setSocketOption(QAbstractSocket::LowDelayOption, 1); // small chunks leave at once (no Nagle)
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { readRequests(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void LoopbackServer::readRequests(QTcpSocket* socket)
{
    if (!m_connections.contains(socket))
        return;
    ConnectionState& state = m_connections[socket];
    state.buffer += socket->readAll();
    while (!state.busy) {
        const qsizetype headerEnd = state.buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QList<QByteArray> lines = state.buffer.left(headerEnd).split('\n');
        const QList<QByteArray> requestLine = lines.first().trimmed().split(' ');
        Request request;
        request.method = requestLine.value(0);
        request.path = requestLine.value(1);
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const qsizetype colon = lines.at(i).indexOf(':');
            if (colon > 0)
                request.headers.insert(
                    lines.at(i).left(colon).trimmed().toLower(), lines.at(i).mid(colon + 1).trimmed());
        }
        if (request.headers.value("transfer-encoding").toLower().contains("chunked")) {
            sendWhole(socket, 411, errorBody(411, QStringLiteral("this test server wants a Content-Length")));
            socket->disconnectFromHost();
            return;
        }
        const qsizetype length = request.headers.value("content-length", "0").toLongLong();
        if (state.buffer.size() < headerEnd + 4 + length)
            return; // the body is still coming
        request.body = state.buffer.mid(headerEnd + 4, length);
        state.buffer.remove(0, headerEnd + 4 + length);
        state.closeAfter = request.headers.value("connection").toLower() == "close";
        state.busy = true;
        m_requests.append(request);
        answer(socket, request);
        if (!m_connections.contains(socket))
            return;
    }
}

void LoopbackServer::answer(QTcpSocket* socket, const Request& request)
{
    const QByteArray path
        = request.path.left(request.path.indexOf('?') < 0 ? request.path.size() : request.path.indexOf('?'));
    if (request.method == "GET" && path == "/v1/models" && m_servesModels) {
        QJsonArray data;
        for (const QString& id : m_models)
            data.append(
                QJsonObject { { QStringLiteral("id"), id }, { QStringLiteral("object"), QStringLiteral("model") } });
        sendWhole(socket, 200,
            compact(QJsonObject {
                { QStringLiteral("object"), QStringLiteral("list") }, { QStringLiteral("data"), data } }));
    } else if (request.method == "POST" && path == "/v1/chat/completions") {
        answerCompletion(socket, request);
    } else {
        sendWhole(socket, 404, compact(QJsonObject { { QStringLiteral("detail"), QStringLiteral("Not Found") } }));
    }
}

void LoopbackServer::answerCompletion(QTcpSocket* socket, const Request& request)
{
    if (m_script.isEmpty()) {
        sendWhole(socket, 500, errorBody(500, QStringLiteral("the test scripted no reply for this request")));
        return;
    }
    const ScriptedReply reply = m_script.dequeue();
    const QJsonObject json = request.json();
    const bool stream = json.value(QLatin1String("stream")).toBool();
    const bool includeUsage
        = json.value(QLatin1String("stream_options")).toObject().value(QLatin1String("include_usage")).toBool();
    switch (reply.kind) {
    case ScriptedReply::Kind::Message:
    case ScriptedReply::Kind::CutStream:
        if (stream)
            sendEvents(socket, streamEvents(reply, includeUsage), reply.chunkDelayMs,
                reply.kind == ScriptedReply::Kind::CutStream ? reply.cutAfterChunks : -1);
        else if (reply.kind == ScriptedReply::Kind::CutStream)
            cutWhole(socket);
        else
            sendWhole(socket, 200, compact(wholeCompletion(reply)));
        return;
    case ScriptedReply::Kind::HttpError:
        sendWhole(socket, reply.status, errorBody(reply.status, reply.errorMessage),
            reply.retryAfter.isEmpty() ? QByteArray() : "Retry-After: " + reply.retryAfter + "\r\n");
        return;
    case ScriptedReply::Kind::EchoAuthorization:
        sendWhole(socket, 401,
            errorBody(401,
                QStringLiteral("Incorrect API key provided: ")
                    + QString::fromUtf8(request.headers.value("authorization"))));
        return;
    case ScriptedReply::Kind::MalformedJson:
        if (stream)
            sendEvents(socket,
                { sseEvent(chunk(QJsonObject { { QStringLiteral("content"), QStringLiteral("Hel") } })),
                    QByteArrayLiteral("data: {\"choices\": [oops]}\n\n"), QByteArrayLiteral("data: [DONE]\n\n") },
                0, -1);
        else
            sendWhole(
                socket, 200, QByteArrayLiteral("{\"id\": \"chatcmpl-loopback\", \"choices\": [{\"message\": }]}"));
        return;
    case ScriptedReply::Kind::Hang:
        return; // busy until the client gives up and closes the connection
    }
}

void LoopbackServer::cutWhole(QTcpSocket* socket)
{
    // A whole answer cut short: the header promises more bytes than come.
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{\"id\":");
    socket->disconnectFromHost();
}

void LoopbackServer::sendWhole(QTcpSocket* socket, int status, const QByteArray& body, const QByteArray& extraHeaders)
{
    socket->write("HTTP/1.1 " + QByteArray::number(status) + ' ' + reasonPhrase(status) + "\r\n"
        + "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) + "\r\n" + extraHeaders
        + "\r\n" + body);
    answered(socket);
}

void LoopbackServer::sendEvents(QTcpSocket* socket, const QList<QByteArray>& events, int delayMs, int cutAfter)
{
    socket->write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                  "Transfer-Encoding: chunked\r\n\r\n");
    sendEvent(socket, std::make_shared<const QList<QByteArray>>(events), 0, delayMs, cutAfter);
}

void LoopbackServer::sendEvent(
    QTcpSocket* socket, std::shared_ptr<const QList<QByteArray>> events, int index, int delayMs, int cutAfter)
{
    // One HTTP chunk per event, each after the delay; the cut closes the connection with the body unfinished.
    for (; index < events->size(); ++index) {
        if (socket->state() != QAbstractSocket::ConnectedState)
            return;
        if (index == cutAfter) {
            socket->disconnectFromHost();
            return;
        }
        const QByteArray& e = events->at(index);
        socket->write(QByteArray::number(e.size(), 16) + "\r\n" + e + "\r\n");
        if (delayMs > 0 && index + 1 < events->size()) {
            QTimer::singleShot(delayMs, socket, [this, socket, events, index, delayMs, cutAfter] {
                sendEvent(socket, events, index + 1, delayMs, cutAfter);
            });
            return;
        }
    }
    socket->write("0\r\n\r\n");
    answered(socket);
}

void LoopbackServer::answered(QTcpSocket* socket)
{
    if (!m_connections.contains(socket))
        return;
    ConnectionState& state = m_connections[socket];
    state.busy = false;
    if (state.closeAfter) {
        socket->disconnectFromHost();
        return;
    }
    if (!state.buffer.isEmpty())
        QTimer::singleShot(0, socket, [this, socket] { readRequests(socket); });
}

} // namespace kwb::test
