#include "chatformat.h"

#include "model/trajectory.h"

#include <QJsonDocument>

namespace kwb {

namespace {

QString contentText(const QJsonValue& content, bool* ok)
{
    *ok = true;
    if (content.isString() || content.isNull() || content.isUndefined())
        return content.toString();
    if (!content.isArray()) {
        *ok = false;
        return {};
    }
    // Content parts: only the text parts carry anything a turn keeps.
    QString text;
    for (const QJsonValue& part : content.toArray()) {
        const QJsonObject p = part.toObject();
        if (p.value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += p.value(QLatin1String("text")).toString();
    }
    return text;
}

} // namespace

QJsonObject ChatFormat::toJson(const Message& message)
{
    QJsonObject o;
    o.insert(QLatin1String("role"), Message::roleName(message.role));
    o.insert(QLatin1String("content"), message.text);
    if (!message.reasoning.isEmpty())
        o.insert(QLatin1String("reasoning_content"), message.reasoning);
    if (!message.toolCalls.isEmpty()) {
        QJsonArray calls;
        for (const ToolCall& call : message.toolCalls) {
            const QString arguments = call.hasValidArguments()
                ? QString::fromUtf8(QJsonDocument(call.arguments).toJson(QJsonDocument::Compact))
                : call.rawArguments;
            calls.append(QJsonObject { { QLatin1String("id"), call.id }, { QLatin1String("type"), QStringLiteral("function") },
                { QLatin1String("function"), QJsonObject { { QLatin1String("name"), call.name }, { QLatin1String("arguments"), arguments } } } });
        }
        o.insert(QLatin1String("tool_calls"), calls);
    }
    if (message.role == Message::Role::Tool) {
        o.insert(QLatin1String("tool_call_id"), message.toolCallId);
        if (!message.toolName.isEmpty())
            o.insert(QLatin1String("name"), message.toolName);
    }
    return o;
}

Message ChatFormat::fromJson(const QJsonObject& o, QString* error)
{
    Message m;
    const QJsonValue role = o.value(QLatin1String("role"));
    if (!role.isString()) {
        *error = role.isUndefined() ? QStringLiteral("field \"role\" is missing") : QStringLiteral("field \"role\" is not a string");
        return m;
    }
    if (!Message::roleFromName(role.toString(), &m.role)) {
        *error = QStringLiteral("field \"role\" has the unknown value \"%1\"").arg(role.toString());
        return m;
    }
    bool ok = false;
    m.text = contentText(o.value(QLatin1String("content")), &ok);
    if (!ok) {
        *error = QStringLiteral("field \"content\" is neither a string nor a list of parts");
        return m;
    }
    m.reasoning = o.value(QLatin1String("reasoning_content")).toString(o.value(QLatin1String("reasoning")).toString());
    const QJsonValue calls = o.value(QLatin1String("tool_calls"));
    if (!calls.isUndefined() && !calls.isNull() && !calls.isArray()) {
        *error = QStringLiteral("field \"tool_calls\" is not a list");
        return m;
    }
    const QJsonArray callList = calls.toArray();
    for (qsizetype i = 0; i < callList.size(); ++i) {
        const QJsonObject c = callList.at(i).toObject();
        const QJsonObject function = c.value(QLatin1String("function")).toObject();
        ToolCall call;
        call.id = c.value(QLatin1String("id")).toString();
        call.name = function.value(QLatin1String("name")).toString();
        if (call.name.isEmpty()) {
            *error = QStringLiteral("field \"tool_calls[%1].function.name\" is missing").arg(i);
            return m;
        }
        const QJsonValue arguments = function.value(QLatin1String("arguments"));
        if (arguments.isObject()) {
            call.arguments = arguments.toObject();
        } else {
            const QString raw = arguments.toString();
            const QJsonDocument doc = QJsonDocument::fromJson(raw.toUtf8());
            if (doc.isObject())
                call.arguments = doc.object();
            else if (!raw.isEmpty())
                call.rawArguments = raw; // kept as written, as the agent keeps a malformed call
        }
        m.toolCalls.append(call);
    }
    m.toolCallId = o.value(QLatin1String("tool_call_id")).toString();
    if (m.role == Message::Role::Tool)
        m.toolName = o.value(QLatin1String("name")).toString();
    return m;
}

QJsonArray ChatFormat::messages(const QList<Message>& messages)
{
    QJsonArray a;
    for (const Message& m : messages)
        a.append(toJson(m));
    return a;
}

QJsonArray ChatFormat::conversation(const Trajectory& trajectory, const QList<const Turn*>& branch)
{
    QJsonArray a = messages(trajectory.prompt);
    for (const Turn* turn : branch) {
        for (const Message& m : turn->messages)
            a.append(toJson(m));
    }
    return a;
}

} // namespace kwb
