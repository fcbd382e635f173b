#pragma once

#include "model/message.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QMap>
#include <QObject>
#include <QQueue>
#include <QStringList>
#include <QUrl>
#include <memory>

class QTcpServer;
class QTcpSocket;

namespace kwb::test {

// What the LoopbackServer does with the next POST /v1/chat/completions.
struct ScriptedReply
{
    enum class Kind
    {
        Message, // the message, streamed as server-sent events or whole, as the request asks
        HttpError, // status with {"error": {"message"}} and, when set, Retry-After
        MalformedJson, // 200 with a body (or a stream chunk) that is not JSON
        CutStream, // the message's first cutAfterChunks events, then the connection closes (no [DONE])
        Hang, // reads the request and sends nothing
        EchoAuthorization, // 401 whose error message repeats the request's Authorization header
    };
    Kind kind = Kind::Message;
    Message message; // tool calls with rawArguments are sent with that text as their arguments
    QString reasoningField = QStringLiteral("reasoning_content"); // or "reasoning"
    int chunkChars = 4; // characters of text, reasoning or arguments per streamed chunk
    int chunkDelayMs = 0; // between streamed chunks
    int cutAfterChunks = 3;
    int status = 200;
    QString errorMessage;
    QByteArray retryAfter;

    static ScriptedReply reply(const Message& message);
    static ScriptedReply httpError(int status, const QString& message, const QByteArray& retryAfter = {});
    static ScriptedReply malformedJson();
    static ScriptedReply cutStream(const Message& message, int afterChunks);
    static ScriptedReply hang();
    static ScriptedReply echoAuthorization();
};

// A real HTTP/1.1 server on 127.0.0.1 for the tests: it answers POST /v1/chat/completions from a queue of
// scripted replies, GET /v1/models with its model list, and records every request. Request bodies need a
// Content-Length (chunked request bodies are refused); connections stay open unless the client asks for
// "Connection: close".
class LoopbackServer : public QObject
{
    Q_OBJECT
public:
    struct Request
    {
        QByteArray method;
        QByteArray path;
        QMap<QByteArray, QByteArray> headers; // names in lower case
        QByteArray body;
        QJsonObject json() const;
    };

    explicit LoopbackServer(QObject* parent = nullptr);
    bool listen(); // on 127.0.0.1, a free port
    QUrl baseUrl() const; // http://127.0.0.1:PORT/v1

    void enqueue(const ScriptedReply& reply) { m_script.enqueue(reply); }
    qsizetype scriptLeft() const { return m_script.size(); }
    const QList<Request>& requests() const { return m_requests; }
    QList<Request> completionRequests() const; // POST .../chat/completions only
    // GET /v1/models answers these ids; with serveModels(false) it answers 404, as some servers do.
    void setModels(const QStringList& ids) { m_models = ids; }
    void serveModels(bool on) { m_servesModels = on; }

private:
    struct ConnectionState
    {
        QByteArray buffer; // bytes of requests not read yet
        bool busy = false; // a response is being sent (or withheld); later requests wait
        bool closeAfter = false;
    };
    void accept();
    void readRequests(QTcpSocket* socket);
    void answer(QTcpSocket* socket, const Request& request);
    void answerCompletion(QTcpSocket* socket, const Request& request);
    void sendWhole(QTcpSocket* socket, int status, const QByteArray& body, const QByteArray& extraHeaders = {});
    void cutWhole(QTcpSocket* socket);
    void sendEvents(QTcpSocket* socket, const QList<QByteArray>& events, int delayMs, int cutAfter);
    void sendEvent(
        QTcpSocket* socket, std::shared_ptr<const QList<QByteArray>> events, int index, int delayMs, int cutAfter);
    void answered(QTcpSocket* socket); // the response is complete: close or read the next request

    QTcpServer* m_server;
    QQueue<ScriptedReply> m_script;
    QList<Request> m_requests;
    QStringList m_models { QStringLiteral("test-model") };
    bool m_servesModels = true;
    QMap<QTcpSocket*, ConnectionState> m_connections;
};

} // namespace kwb::test
