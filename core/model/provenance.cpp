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
    json::putStrings(o, { { QLatin1String("agent"), agent }, { QLatin1String("model"), model },
        { QLatin1String("author"), author }, { QLatin1String("source"), source } });
    json::putNonEmpty(o, QLatin1String("sampling"), sampling);
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
    r.strings(o, { { QLatin1String("agent"), &p.agent }, { QLatin1String("model"), &p.model },
        { QLatin1String("author"), &p.author }, { QLatin1String("source"), &p.source } });
    p.sampling = r.object(o, QLatin1String("sampling"));
    if (!r.ok() && error)
        *error = r.error();
    return p;
}

} // namespace kwb
