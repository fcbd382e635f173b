#include "toolcall.h"

#include "json.h"

namespace kwb {

QJsonObject ToolCall::toJson() const
{
    QJsonObject o;
    json::putStrings(o, { { QLatin1String("id"), id }, { QLatin1String("raw_arguments"), rawArguments } });
    o.insert(QLatin1String("name"), name);
    o.insert(QLatin1String("arguments"), arguments);
    return o;
}

ToolCall ToolCall::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    ToolCall call;
    r.strings(o, { { QLatin1String("id"), &call.id }, { QLatin1String("raw_arguments"), &call.rawArguments } });
    call.name = r.requiredString(o, QLatin1String("name"));
    call.arguments = r.object(o, QLatin1String("arguments"));
    if (!r.ok() && error)
        *error = r.error();
    return call;
}

} // namespace kwb
