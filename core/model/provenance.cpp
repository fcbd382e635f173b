#include "provenance.h"

#include "json.h"

namespace kwb {

namespace {
const char* const kKinds[] = { "agent", "human-edit", "replay", "import", "scripted", "synthetic" };
} // namespace

QString Provenance::kindName(Kind k)
{
    return QLatin1String(kKinds[int(k)]);
}

QJsonObject Provenance::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("kind"), kindName(kind));
    json::putNonEmpty(o, QLatin1String("agent"), agent);
    json::putNonEmpty(o, QLatin1String("model"), model);
    json::putNonEmpty(o, QLatin1String("sampling"), sampling);
    json::putNonEmpty(o, QLatin1String("author"), author);
    json::putNonEmpty(o, QLatin1String("source"), source);
    return o;
}

Provenance Provenance::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    Provenance p;
    const QString kind = r.string(o, QLatin1String("kind"), QStringLiteral("agent"));
    if (const int k = json::indexOf(kKinds, kind); k >= 0)
        p.kind = Kind(k);
    else
        r.fail(QStringLiteral("unknown kind \"%1\"").arg(kind));
    p.agent = r.string(o, QLatin1String("agent"));
    p.model = r.string(o, QLatin1String("model"));
    p.sampling = r.object(o, QLatin1String("sampling"));
    p.author = r.string(o, QLatin1String("author"));
    p.source = r.string(o, QLatin1String("source"));
    if (!r.ok() && error)
        *error = r.error();
    return p;
}

} // namespace kwb
