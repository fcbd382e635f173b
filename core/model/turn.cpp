#include "turn.h"

#include "json.h"

namespace kwb {

const Message* Turn::assistantMessage() const
{
    for (const Message& m : messages) {
        if (m.role == Message::Role::Assistant)
            return &m;
    }
    return nullptr;
}

QJsonObject Turn::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("uuid"), uuid);
    json::putNonEmpty(o, QLatin1String("parent"), parentUuid);
    if (created.isValid())
        o.insert(QLatin1String("created"), created.toString(Qt::ISODateWithMs));
    o.insert(QLatin1String("messages"), json::toJsonArray(messages));
    json::putNonEmpty(o, QLatin1String("workspace"), workspace.toJson());
    if (eval)
        o.insert(QLatin1String("eval"), eval->toJson());
    if (!annotations.isEmpty())
        o.insert(QLatin1String("annotations"), json::toJsonArray(annotations));
    o.insert(QLatin1String("provenance"), provenance.toJson());
    return o;
}

Turn Turn::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    Turn t;
    t.uuid = r.requiredString(o, QLatin1String("uuid"));
    t.parentUuid = r.string(o, QLatin1String("parent"));
    t.created = r.dateTime(o, QLatin1String("created"));
    QString inner;
    t.messages = r.items<Message>(o, QLatin1String("messages"));
    t.workspace = WorkspaceSnapshot::fromJson(r.object(o, QLatin1String("workspace")), &inner);
    if (!inner.isEmpty())
        r.fail(inner);
    if (o.contains(QLatin1String("eval"))) {
        t.eval = EvalResult::fromJson(r.object(o, QLatin1String("eval")), &inner);
        if (!inner.isEmpty())
            r.fail(inner);
    }
    t.annotations = r.items<Annotation>(o, QLatin1String("annotations"));
    t.provenance = Provenance::fromJson(r.object(o, QLatin1String("provenance")), &inner);
    if (!inner.isEmpty())
        r.fail(inner);
    if (!r.ok() && error)
        *error = t.uuid.isEmpty() ? r.error() : r.error() + QStringLiteral(" (turn %1)").arg(t.uuid);
    return t;
}

bool Turn::operator==(const Turn& o) const
{
    return uuid == o.uuid && parentUuid == o.parentUuid && created == o.created && messages == o.messages
        && workspace == o.workspace && eval == o.eval && annotations == o.annotations
        && provenance == o.provenance;
}

} // namespace kwb
