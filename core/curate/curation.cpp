#include "curation.h"

#include "model/json.h"
#include "store/store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace kwb {

namespace {

bool isTrajectoryLevel(const Curation::Target& t)
{
    return t.turnId == 0 || t.scope == Annotation::Scope::Trajectory;
}

QString sqlError(const Store& store, const QString& what, const QSqlQuery& q)
{
    return store.describe(what) + QStringLiteral(": ") + q.lastError().text();
}

} // namespace

Curation::Curation(Store& store)
    : m_store(store)
{
}

std::optional<QList<Annotation>> Curation::annotations(const Target& target, QString* error) const
{
    QSqlQuery q(m_store.database());
    if (isTrajectoryLevel(target)) {
        q.prepare(QStringLiteral("SELECT annotations FROM trajectories WHERE id = ?"));
        q.addBindValue(target.trajectoryId);
    } else {
        q.prepare(QStringLiteral("SELECT annotations FROM turns WHERE id = ? AND trajectory_id = ?"));
        q.addBindValue(target.turnId);
        q.addBindValue(target.trajectoryId);
    }
    if (!q.exec()) {
        *error = sqlError(m_store, QStringLiteral("The annotations could not be read"), q);
        return std::nullopt;
    }
    if (!q.next()) {
        *error = m_store.describe(isTrajectoryLevel(target) ? QStringLiteral("There is no trajectory %1").arg(target.trajectoryId)
                                                            : QStringLiteral("There is no turn %1").arg(target.turnId))
            + QLatin1Char('.');
        return std::nullopt;
    }
    QList<Annotation> result;
    const QJsonArray items = QJsonDocument::fromJson(q.value(0).toByteArray()).array();
    for (const QJsonValue& v : items) {
        QString inner;
        Annotation a = Annotation::fromJson(v.toObject(), &inner);
        if (!inner.isEmpty()) {
            *error = m_store.describe(QStringLiteral("An annotation is damaged (%1)").arg(inner)) + QLatin1Char('.');
            return std::nullopt;
        }
        result.append(a);
    }
    return result;
}

std::optional<QStringList> Curation::labels(QString* error) const
{
    QSqlQuery q(m_store.database());
    if (!q.exec(QStringLiteral("SELECT j.value FROM trajectories t, json_each(t.labels) j "
                               "UNION SELECT json_extract(j.value, '$.value') FROM turns u, json_each(u.annotations) j "
                               "WHERE json_extract(j.value, '$.kind') = 'label' ORDER BY 1"))) {
        *error = sqlError(m_store, QStringLiteral("The labels in use could not be read"), q);
        return std::nullopt;
    }
    QStringList result;
    while (q.next()) {
        const QString label = q.value(0).toString();
        if (!label.isEmpty())
            result.append(label);
    }
    return result;
}

bool Curation::write(const Target& target, const QList<Annotation>& annotations, QString* error)
{
    QSqlQuery q(m_store.database());
    q.prepare(isTrajectoryLevel(target) ? QStringLiteral("UPDATE trajectories SET annotations = ? WHERE id = ?")
                                        : QStringLiteral("UPDATE turns SET annotations = ? WHERE id = ?"));
    q.addBindValue(annotations.isEmpty() ? QVariant(QMetaType::fromType<QString>())
                                         : QVariant(QString::fromUtf8(QJsonDocument(json::toJsonArray(annotations)).toJson(QJsonDocument::Compact))));
    q.addBindValue(isTrajectoryLevel(target) ? target.trajectoryId : target.turnId);
    if (!q.exec()) {
        *error = sqlError(m_store, QStringLiteral("The annotations could not be written"), q);
        return false;
    }
    return true;
}

bool Curation::mirrorLabel(qint64 trajectoryId, const QString& label, bool present, QString* error)
{
    QSqlQuery read(m_store.database());
    read.prepare(QStringLiteral("SELECT labels FROM trajectories WHERE id = ?"));
    read.addBindValue(trajectoryId);
    if (!read.exec() || !read.next()) {
        *error = sqlError(m_store, QStringLiteral("The labels of trajectory %1 could not be read").arg(trajectoryId), read);
        return false;
    }
    QStringList labels;
    for (const QJsonValue& v : QJsonDocument::fromJson(read.value(0).toByteArray()).array())
        labels.append(v.toString());
    if (labels.contains(label) == present)
        return true;
    if (present)
        labels.append(label);
    else
        labels.removeAll(label);
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("UPDATE trajectories SET labels = ? WHERE id = ?"));
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(labels)).toJson(QJsonDocument::Compact)));
    q.addBindValue(trajectoryId);
    if (!q.exec()) {
        *error = sqlError(m_store, QStringLiteral("The labels could not be written"), q);
        return false;
    }
    return true;
}

bool Curation::add(const Target& target, Annotation annotation, QString* error)
{
    Store::Transaction transaction(m_store);
    auto current = annotations(target, error);
    if (!current)
        return false;
    annotation.scope = isTrajectoryLevel(target) ? Annotation::Scope::Trajectory : target.scope;
    if (!annotation.created.isValid())
        annotation.created = QDateTime::currentDateTimeUtc();
    if (annotation.kind == Annotation::Kind::Score && annotation.previous.isEmpty() && !isTrajectoryLevel(target)) {
        QSqlQuery q(m_store.database());
        q.prepare(QStringLiteral("SELECT reward FROM turns WHERE id = ?"));
        q.addBindValue(target.turnId);
        if (q.exec() && q.next() && !q.value(0).isNull())
            annotation.previous = QString::number(q.value(0).toDouble());
    }
    current->append(annotation);
    if (!write(target, *current, error))
        return false;
    if (annotation.kind == Annotation::Kind::Label && isTrajectoryLevel(target)
        && !mirrorLabel(target.trajectoryId, annotation.value, true, error))
        return false;
    return transaction.commit(error);
}

bool Curation::remove(const Target& target, const Annotation& annotation, QString* error)
{
    Store::Transaction transaction(m_store);
    auto current = annotations(target, error);
    if (!current)
        return false;
    const qsizetype at = current->indexOf(annotation);
    if (at < 0) {
        *error = m_store.describe(QStringLiteral("That annotation is not there")) + QLatin1Char('.');
        return false;
    }
    current->removeAt(at);
    if (!write(target, *current, error))
        return false;
    if (annotation.kind == Annotation::Kind::Label && isTrajectoryLevel(target)) {
        const bool stillThere = std::any_of(current->cbegin(), current->cend(), [&](const Annotation& a) {
            return a.kind == Annotation::Kind::Label && a.value == annotation.value;
        });
        if (!stillThere && !mirrorLabel(target.trajectoryId, annotation.value, false, error))
            return false;
    }
    return transaction.commit(error);
}

bool Curation::labelTrajectories(const QList<qint64>& trajectoryIds, const QString& label, bool add, const QString& author,
    QString* error)
{
    Store::Transaction transaction(m_store);
    const QDateTime now = QDateTime::currentDateTimeUtc();
    for (qint64 id : trajectoryIds) {
        const Target target { id, 0, Annotation::Scope::Trajectory };
        auto current = annotations(target, error);
        if (!current)
            return false;
        const auto isThisLabel = [&](const Annotation& a) { return a.kind == Annotation::Kind::Label && a.value == label; };
        const bool has = std::any_of(current->cbegin(), current->cend(), isThisLabel);
        if (add && !has)
            current->append({ Annotation::Kind::Label, Annotation::Scope::Trajectory, label, author, now, {} });
        else if (!add && has)
            current->removeIf(isThisLabel);
        if (add != has && !write(target, *current, error))
            return false;
        if (!mirrorLabel(id, label, add, error))
            return false;
    }
    return transaction.commit(error);
}

bool Curation::setLessons(const QList<std::pair<Target, Annotation>>& lessons, QString* error)
{
    Store::Transaction transaction(m_store);
    if (!transaction.isActive()) {
        *error = m_store.describe(QStringLiteral("The lessons could not be written: another program is writing")) + QLatin1Char('.');
        return false;
    }
    for (const auto& [target, lesson] : lessons) {
        auto current = annotations(target, error);
        if (!current)
            return false;
        Annotation a = lesson;
        a.kind = Annotation::Kind::Lesson;
        a.scope = isTrajectoryLevel(target) ? Annotation::Scope::Trajectory : target.scope;
        if (!a.created.isValid())
            a.created = QDateTime::currentDateTimeUtc();
        current->removeIf([&](const Annotation& old) { return old.kind == Annotation::Kind::Lesson && old.scope == a.scope; });
        current->append(a);
        if (!write(target, *current, error))
            return false;
    }
    return transaction.commit(error);
}

bool Curation::swap(const Target& target, const QList<Annotation>& remove, const QList<Annotation>& add, QString* error)
{
    Store::Transaction transaction(m_store);
    auto current = annotations(target, error);
    if (!current)
        return false;
    for (const Annotation& a : remove) {
        const qsizetype at = current->indexOf(a);
        if (at < 0) {
            *error = m_store.describe(QStringLiteral("That annotation is not there")) + QLatin1Char('.');
            return false;
        }
        current->removeAt(at);
    }
    current->append(add);
    return write(target, *current, error) && transaction.commit(error);
}

std::optional<Curation::Target> Curation::turnTarget(const QString& uuid, Annotation::Scope scope, QString* error) const
{
    QSqlQuery q(m_store.database());
    q.prepare(QStringLiteral("SELECT id, trajectory_id FROM turns WHERE uuid = ?"));
    q.addBindValue(uuid);
    if (!q.exec()) {
        *error = sqlError(m_store, QStringLiteral("The turn %1 could not be looked up").arg(uuid), q);
        return std::nullopt;
    }
    if (!q.next()) {
        *error = m_store.describe(QStringLiteral("There is no turn %1").arg(uuid)) + QLatin1Char('.');
        return std::nullopt;
    }
    return Target { q.value(1).toLongLong(), q.value(0).toLongLong(), scope };
}

} // namespace kwb
