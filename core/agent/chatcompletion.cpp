#include "chatcompletion.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QUuid>

namespace kwb::agent::chat {

// Sentences are translated in ChatPolicy's context, where the user meets them.
ToolCall toolCall(const QString& id, const QString& name, const QJsonValue& arguments)
{
    ToolCall call;
    call.id = id.isEmpty() ? QStringLiteral("call_") + QUuid::createUuid().toString(QUuid::Id128).left(24) : id;
    call.name = name;
    if (arguments.isObject()) {
        call.arguments = arguments.toObject();
    } else if (arguments.isString()) {
        const QString text = arguments.toString();
        if (text.trimmed().isEmpty())
            return call;
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(text.toUtf8(), &error);
        if (error.error == QJsonParseError::NoError && doc.isObject())
            call.arguments = doc.object();
        else
            call.rawArguments = text;
    } else if (!arguments.isNull() && !arguments.isUndefined()) {
        const QJsonArray wrapped { arguments }; // a number or an array: keep its JSON text
        const QByteArray text = QJsonDocument(wrapped).toJson(QJsonDocument::Compact);
        call.rawArguments = QString::fromUtf8(text.mid(1, text.size() - 2));
    }
    return call;
}

void takeUsage(const QJsonObject& usage, Message* message)
{
    if (usage.value(QLatin1String("prompt_tokens")).isDouble())
        message->promptTokens = usage.value(QLatin1String("prompt_tokens")).toInteger();
    if (usage.value(QLatin1String("completion_tokens")).isDouble())
        message->completionTokens = usage.value(QLatin1String("completion_tokens")).toInteger();
}

bool parseCompletion(const QByteArray& body, Message* message, QString* error)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        *error = notJsonSentence(body, parseError, 0);
        return false;
    }
    const QJsonObject root = doc.object();
    const QJsonValue choice = root.value(QLatin1String("choices")).toArray().first();
    const QJsonValue wire = choice.toObject().value(QLatin1String("message"));
    if (!wire.isObject()) {
        const QString said = serverErrorMessage(root);
        *error = said.isEmpty()
            ? QCoreApplication::translate("kwb::agent::ChatPolicy",
                "The endpoint's answer is not a chat completion (it has no choices[0].message)")
            : QCoreApplication::translate("kwb::agent::ChatPolicy", "The endpoint answered with an error: %1")
                  .arg(said);
        return false;
    }
    const QJsonObject m = wire.toObject();
    *message = Message {};
    message->role = Message::Role::Assistant;
    message->text = m.value(QLatin1String("content")).toString();
    message->reasoning = m.value(QLatin1String("reasoning_content")).toString();
    if (message->reasoning.isEmpty())
        message->reasoning = m.value(QLatin1String("reasoning")).toString();
    for (const QJsonValue& v : m.value(QLatin1String("tool_calls")).toArray()) {
        const QJsonObject call = v.toObject();
        const QJsonObject function = call.value(QLatin1String("function")).toObject();
        message->toolCalls.append(toolCall(call.value(QLatin1String("id")).toString(),
            function.value(QLatin1String("name")).toString(), function.value(QLatin1String("arguments"))));
    }
    takeUsage(root.value(QLatin1String("usage")).toObject(), message);
    return true;
}

namespace {

// The server's words go inside a sentence of ours, which ends with its own period.
QString clause(QString said)
{
    said = said.trimmed();
    while (said.endsWith(QLatin1Char('.')))
        said.chop(1);
    return said;
}

QString serverSaid(const QJsonObject& body)
{
    const QJsonValue error = body.value(QLatin1String("error"));
    if (error.isObject())
        return error.toObject().value(QLatin1String("message")).toString().trimmed();
    if (error.isString())
        return error.toString().trimmed();
    if (body.value(QLatin1String("message")).isString())
        return body.value(QLatin1String("message")).toString().trimmed();
    const QJsonValue detail = body.value(QLatin1String("detail"));
    if (detail.isString())
        return detail.toString().trimmed();
    if (detail.isArray()) // FastAPI's validation errors
        return detail.toArray().first().toObject().value(QLatin1String("msg")).toString().trimmed();
    return {};
}

} // namespace

QString serverErrorMessage(const QJsonObject& body)
{
    return clause(serverSaid(body));
}

QString serverErrorMessage(const QByteArray& body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error == QJsonParseError::NoError)
        return serverErrorMessage(doc.object());
    const QByteArray text = body.trimmed();
    if (text.isEmpty() || text.startsWith('<')) // an HTML error page says nothing a sentence can use
        return {};
    const QString firstLine = QString::fromUtf8(text.left(text.indexOf('\n') < 0 ? text.size() : text.indexOf('\n')));
    return clause(firstLine.size() > 200 ? firstLine.left(200) + QStringLiteral("…") : firstLine);
}

QString httpErrorSentence(
    int status, const QByteArray& reasonPhrase, const QByteArray& body, const QString& apiKeyVariable)
{
    QString said = serverErrorMessage(body);
    if (said.isEmpty())
        said = QString::fromUtf8(reasonPhrase).trimmed();
    if (status == 401)
        return QCoreApplication::translate("kwb::agent::ChatPolicy",
            "The endpoint refused the API key (HTTP 401%1); set the key in %2 or in the endpoint's settings")
            .arg(said.isEmpty() ? QString() : QStringLiteral(": ") + said,
                apiKeyVariable.isEmpty() ? QStringLiteral("OPENAI_API_KEY") : apiKeyVariable);
    if (said.isEmpty())
        return QCoreApplication::translate("kwb::agent::ChatPolicy", "The endpoint answered HTTP %1").arg(status);
    return QCoreApplication::translate("kwb::agent::ChatPolicy", "The endpoint answered HTTP %1: %2")
        .arg(status)
        .arg(said);
}

QString notJsonSentence(const QByteArray& text, const QJsonParseError& error, qint64 offsetInAnswer)
{
    if (text.trimmed().startsWith('<'))
        return QCoreApplication::translate("kwb::agent::ChatPolicy",
            "The endpoint's answer is HTML, not JSON; check that the base URL is the API's (it usually ends "
            "in /v1)");
    return QCoreApplication::translate("kwb::agent::ChatPolicy", "The endpoint's answer is not JSON (%1 at byte %2)")
        .arg(error.errorString())
        .arg(offsetInAnswer + error.offset);
}

} // namespace kwb::agent::chat
