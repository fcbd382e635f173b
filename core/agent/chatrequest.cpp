#include "chatrequest.h"

#include <QJsonDocument>

namespace kwb::agent::chat {

namespace {

QJsonObject wireToolCall(const ToolCall& call)
{
    const QByteArray arguments = call.hasValidArguments() ? QJsonDocument(call.arguments).toJson(QJsonDocument::Compact)
                                                          : QByteArrayLiteral("{}");
    return QJsonObject {
        { QStringLiteral("id"), call.id },
        { QStringLiteral("type"), QStringLiteral("function") },
        { QStringLiteral("function"),
            QJsonObject {
                { QStringLiteral("name"), call.name },
                { QStringLiteral("arguments"), QString::fromUtf8(arguments) },
            } },
    };
}

QJsonObject wireMessage(const Message& m)
{
    QJsonObject o { { QStringLiteral("role"), Message::roleName(m.role) } };
    if (m.role == Message::Role::Assistant && !m.toolCalls.isEmpty()) {
        QJsonArray calls;
        for (const ToolCall& call : m.toolCalls)
            calls.append(wireToolCall(call));
        o.insert(QStringLiteral("tool_calls"), calls);
        // OpenAI's form of "no text" beside tool calls.
        o.insert(QStringLiteral("content"), m.text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(m.text));
        return o;
    }
    o.insert(QStringLiteral("content"), m.text);
    if (m.role == Message::Role::Tool)
        o.insert(QStringLiteral("tool_call_id"), m.toolCallId);
    return o;
}

} // namespace

QJsonArray wireMessages(const QList<Message>& messages)
{
    QJsonArray a;
    for (const Message& m : messages)
        a.append(wireMessage(m));
    return a;
}

QJsonObject requestBody(const ChatEndpoint& endpoint, const PolicyContext& context)
{
    QJsonObject body = endpoint.extraBody;
    body.insert(QStringLiteral("model"), endpoint.model);
    body.insert(QStringLiteral("messages"), wireMessages(context.conversation));
    if (!context.tools.isEmpty())
        body.insert(QStringLiteral("tools"), context.tools);
    if (endpoint.temperature)
        body.insert(QStringLiteral("temperature"), *endpoint.temperature);
    if (endpoint.topP)
        body.insert(QStringLiteral("top_p"), *endpoint.topP);
    if (endpoint.maxTokens)
        body.insert(QStringLiteral("max_tokens"), *endpoint.maxTokens);
    if (endpoint.seed)
        body.insert(QStringLiteral("seed"), *endpoint.seed);
    body.insert(QStringLiteral("stream"), endpoint.stream);
    if (endpoint.stream)
        body.insert(QStringLiteral("stream_options"), QJsonObject { { QStringLiteral("include_usage"), true } });
    else
        body.remove(QStringLiteral("stream_options"));
    return body;
}

QNetworkRequest networkRequest(const ChatEndpoint& endpoint, const QString& path, const QString& apiKey)
{
    QNetworkRequest request(endpoint.url(path));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArrayLiteral("application/json"));
    request.setHeader(QNetworkRequest::UserAgentHeader, QByteArrayLiteral("kernel-workbench"));
    if (!apiKey.isEmpty())
        request.setRawHeader(QByteArrayLiteral("Authorization"), "Bearer " + apiKey.toUtf8());
    return request;
}

QString withoutKey(QString text, const QString& apiKey)
{
    if (!apiKey.isEmpty())
        text.replace(apiKey, QStringLiteral("***"));
    return text;
}

} // namespace kwb::agent::chat
