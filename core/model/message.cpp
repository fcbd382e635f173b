#include "message.h"

#include "json.h"

#include <QJsonArray>

namespace kwb {

QString Message::roleName(Role role)
{
    switch (role) {
    case Role::System:
        return QStringLiteral("system");
    case Role::User:
        return QStringLiteral("user");
    case Role::Assistant:
        return QStringLiteral("assistant");
    case Role::Tool:
        return QStringLiteral("tool");
    }
    return {};
}

bool Message::roleFromName(const QString& name, Role* role)
{
    for (Role r : { Role::System, Role::User, Role::Assistant, Role::Tool }) {
        if (roleName(r) == name) {
            *role = r;
            return true;
        }
    }
    return false;
}

QJsonObject Message::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("role"), roleName(role));
    json::putStrings(o, { { QLatin1String("text"), text }, { QLatin1String("reasoning"), reasoning },
        { QLatin1String("tool_call_id"), toolCallId }, { QLatin1String("tool_name"), toolName },
        { QLatin1String("model"), model }, { QLatin1String("timestamp"), timestamp } });
    if (!toolCalls.isEmpty())
        o.insert(QLatin1String("tool_calls"), json::toJsonArray(toolCalls));
    json::putIntegers(o, { { QLatin1String("prompt_tokens"), promptTokens },
        { QLatin1String("completion_tokens"), completionTokens }, { QLatin1String("latency_ms"), latencyMs },
        { QLatin1String("cached_tokens"), cachedTokens } });
    if (costUsd >= 0)
        o.insert(QLatin1String("cost_usd"), costUsd);
    json::putNonEmpty(o, QLatin1String("extra"), extra);
    return o;
}

Message Message::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    Message m;
    const QString role = r.requiredString(o, QLatin1String("role"));
    if (r.ok() && !roleFromName(role, &m.role))
        r.fail(QStringLiteral("unknown role \"%1\"").arg(role));
    r.strings(o, { { QLatin1String("text"), &m.text }, { QLatin1String("reasoning"), &m.reasoning },
        { QLatin1String("tool_call_id"), &m.toolCallId }, { QLatin1String("tool_name"), &m.toolName },
        { QLatin1String("model"), &m.model }, { QLatin1String("timestamp"), &m.timestamp } });
    const QJsonArray calls = r.array(o, QLatin1String("tool_calls"));
    for (const QJsonValue& v : calls) {
        QString callError;
        m.toolCalls.append(ToolCall::fromJson(v.toObject(), &callError));
        if (!callError.isEmpty())
            r.fail(callError);
    }
    r.integers(o, { { QLatin1String("prompt_tokens"), &m.promptTokens },
        { QLatin1String("completion_tokens"), &m.completionTokens }, { QLatin1String("latency_ms"), &m.latencyMs },
        { QLatin1String("cached_tokens"), &m.cachedTokens } }, -1);
    m.costUsd = r.number(o, QLatin1String("cost_usd"), -1);
    m.extra = r.object(o, QLatin1String("extra"));
    if (!r.ok() && error)
        *error = r.error();
    return m;
}

} // namespace kwb
