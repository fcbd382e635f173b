#include "toolcall.h"

#include "json.h"

namespace kwb {

QJsonObject ToolCall::toJson() const
{
    QJsonObject o;
    json::putNonEmpty(o, QLatin1String("id"), id);
    o.insert(QLatin1String("name"), name);
    o.insert(QLatin1String("arguments"), arguments);
    json::putNonEmpty(o, QLatin1String("raw_arguments"), rawArguments);
    return o;
}

ToolCall ToolCall::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    ToolCall call;
    call.id = r.string(o, QLatin1String("id"));
    call.name = r.requiredString(o, QLatin1String("name"));
    call.arguments = r.object(o, QLatin1String("arguments"));
    call.rawArguments = r.string(o, QLatin1String("raw_arguments"));
    if (!r.ok() && error)
        *error = r.error();
    return call;
}

} // namespace kwb
