#include "annotation.h"

#include "json.h"

namespace kwb {

namespace {
const char* const kKinds[] = { "label", "tag", "note", "score", "lesson" };
const char* const kScopes[] = { "trajectory", "turn", "branch" };
} // namespace

QString Annotation::kindName(Kind k)
{
    return QLatin1String(kKinds[int(k)]);
}

QString Annotation::scopeName(Scope s)
{
    return QLatin1String(kScopes[int(s)]);
}

QJsonObject Annotation::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("kind"), kindName(kind));
    o.insert(QLatin1String("scope"), scopeName(scope));
    o.insert(QLatin1String("value"), value);
    json::putNonEmpty(o, QLatin1String("author"), author);
    if (created.isValid())
        o.insert(QLatin1String("created"), created.toString(Qt::ISODateWithMs));
    json::putNonEmpty(o, QLatin1String("previous"), previous);
    if (!details.isEmpty())
        o.insert(QLatin1String("details"), details);
    return o;
}

Annotation Annotation::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    Annotation a;
    const QString kind = r.requiredString(o, QLatin1String("kind"));
    if (const int k = json::indexOf(kKinds, kind); k >= 0)
        a.kind = Kind(k);
    else if (r.ok())
        r.fail(QStringLiteral("unknown kind \"%1\"").arg(kind));
    const QString scope = r.string(o, QLatin1String("scope"), QStringLiteral("turn"));
    if (const int k = json::indexOf(kScopes, scope); k >= 0)
        a.scope = Scope(k);
    else
        r.fail(QStringLiteral("unknown scope \"%1\"").arg(scope));
    a.value = r.string(o, QLatin1String("value"));
    a.author = r.string(o, QLatin1String("author"));
    a.created = r.dateTime(o, QLatin1String("created"));
    a.previous = r.string(o, QLatin1String("previous"));
    a.details = r.object(o, QLatin1String("details"));
    if (!r.ok() && error)
        *error = r.error();
    return a;
}

} // namespace kwb
