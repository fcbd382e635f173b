#include "trajectory.h"

#include "json.h"

#include <QSet>

namespace kwb {

const Turn* Trajectory::turnAt(int index) const
{
    return index >= 0 && index < turns.size() ? &turns.at(index) : nullptr;
}

const Turn* Trajectory::findTurn(const QString& id) const
{
    for (const Turn& t : turns) {
        if (t.uuid == id)
            return &t;
    }
    return nullptr;
}

QList<const Turn*> Trajectory::children(const QString& parentUuid) const
{
    QList<const Turn*> out;
    for (const Turn& t : turns) {
        if (t.parentUuid == parentUuid)
            out.append(&t);
    }
    return out;
}

QList<const Turn*> Trajectory::leaves() const
{
    QSet<QString> parents;
    for (const Turn& t : turns)
        parents.insert(t.parentUuid);
    QList<const Turn*> out;
    for (const Turn& t : turns) {
        if (!parents.contains(t.uuid))
            out.append(&t);
    }
    return out;
}

QList<const Turn*> Trajectory::branch(const QString& leafUuid) const
{
    QList<const Turn*> path;
    for (const Turn* t = findTurn(leafUuid); t; t = t->parentUuid.isEmpty() ? nullptr : findTurn(t->parentUuid))
        path.prepend(t);
    return path;
}

bool Trajectory::isSynthetic() const
{
    for (const Turn& t : turns) {
        if (t.provenance.isSynthetic())
            return true;
    }
    return false;
}

bool Trajectory::validate(QString* error) const
{
    QSet<QString> seen;
    for (const Turn& t : turns) {
        if (t.uuid.isEmpty()) {
            *error = QStringLiteral("a turn has no uuid");
            return false;
        }
        if (seen.contains(t.uuid)) {
            *error = QStringLiteral("turn %1 appears twice").arg(t.uuid);
            return false;
        }
        if (!t.parentUuid.isEmpty() && !seen.contains(t.parentUuid)) {
            *error = QStringLiteral("turn %1 names parent %2, which does not come before it").arg(t.uuid, t.parentUuid);
            return false;
        }
        seen.insert(t.uuid);
    }
    return true;
}

QJsonObject Trajectory::toJson() const
{
    QJsonObject taskJson;
    taskJson.insert(QLatin1String("name"), task.name);
    if (task.level > 0)
        taskJson.insert(QLatin1String("level"), task.level);
    taskJson.insert(QLatin1String("source"), task.source);

    QJsonObject o;
    o.insert(QLatin1String("format"), QStringLiteral("kwb-trajectory/1"));
    o.insert(QLatin1String("uuid"), uuid);
    o.insert(QLatin1String("task"), taskJson);
    json::putNonEmpty(o, QLatin1String("title"), title);
    json::putNonEmpty(o, QLatin1String("source"), source);
    json::putNonEmpty(o, QLatin1String("policy"), policy);
    if (created.isValid())
        o.insert(QLatin1String("created"), created.toString(Qt::ISODateWithMs));
    json::putNonEmpty(o, QLatin1String("labels"), labels);
    json::putNonEmpty(o, QLatin1String("metadata"), metadata);
    o.insert(QLatin1String("prompt"), json::toJsonArray(prompt));
    o.insert(QLatin1String("turns"), json::toJsonArray(turns));
    if (!annotations.isEmpty())
        o.insert(QLatin1String("annotations"), json::toJsonArray(annotations));
    return o;
}

Trajectory Trajectory::fromJson(const QJsonObject& o, QString* error)
{
    json::Reader r;
    Trajectory t;
    const QString format = r.requiredString(o, QLatin1String("format"));
    if (r.ok() && format != QLatin1String("kwb-trajectory/1"))
        r.fail(QStringLiteral("format \"%1\" is not kwb-trajectory/1").arg(format));
    t.uuid = r.requiredString(o, QLatin1String("uuid"));
    const QJsonObject task = r.object(o, QLatin1String("task"));
    t.task.name = r.requiredString(task, QLatin1String("name"));
    t.task.level = int(r.integer(task, QLatin1String("level"), 0));
    t.task.source = r.string(task, QLatin1String("source"));
    t.title = r.string(o, QLatin1String("title"));
    t.source = r.string(o, QLatin1String("source"));
    t.policy = r.string(o, QLatin1String("policy"));
    t.created = r.dateTime(o, QLatin1String("created"));
    t.labels = r.stringList(o, QLatin1String("labels"));
    t.metadata = r.object(o, QLatin1String("metadata"));
    QString inner;
    t.prompt = r.items<Message>(o, QLatin1String("prompt"));
    for (const QJsonValue& v : r.array(o, QLatin1String("turns"))) {
        if (!v.isObject()) {
            r.fail(QStringLiteral("every entry of \"turns\" must be an object"));
            break;
        }
        t.turns.append(Turn::fromJson(v.toObject(), &inner));
        if (!inner.isEmpty())
            r.fail(inner);
    }
    t.annotations = r.items<Annotation>(o, QLatin1String("annotations"));
    if (r.ok() && !t.validate(&inner))
        r.fail(inner);
    if (!r.ok() && error)
        *error = r.error();
    return t;
}

bool Trajectory::operator==(const Trajectory& o) const
{
    return uuid == o.uuid && task == o.task && title == o.title && source == o.source && policy == o.policy
        && created == o.created && labels == o.labels && metadata == o.metadata && prompt == o.prompt
        && turns == o.turns && annotations == o.annotations;
}

} // namespace kwb
