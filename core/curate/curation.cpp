#include "curation.h"

#include "model/json.h"
#include "store/store.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QVariant>

namespace kwb {

namespace {

bool isTrajectoryLevel(const Curation::Target& t)
{
    return t.turnId == 0 || t.scope == Annotation::Scope::Trajectory;
}

} // namespace

Curation::Curation(Store& store)
    : m_store(store)
{
}

std::optional<QList<Annotation>> Curation::annotations(const Target& target, QString* error) const
{
    const auto stored = m_store.annotationsJson(target.trajectoryId, isTrajectoryLevel(target) ? 0 : target.turnId, error);
    if (!stored)
        return std::nullopt;
    QList<Annotation> result;
    const QJsonArray items = QJsonDocument::fromJson(*stored).array();
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
    return m_store.labelsInUse(true, error);
}

bool Curation::write(const Target& target, const QList<Annotation>& annotations, QString* error)
{
    return m_store.setAnnotationsJson(target.trajectoryId, isTrajectoryLevel(target) ? 0 : target.turnId,
        annotations.isEmpty() ? QByteArray() : QJsonDocument(json::toJsonArray(annotations)).toJson(QJsonDocument::Compact), error);
}

bool Curation::mirrorLabel(qint64 trajectoryId, const QString& label, bool present, QString* error)
{
    auto stored = m_store.trajectoryLabels(trajectoryId, error);
    if (!stored)
        return false;
    QStringList& labels = *stored;
    if (labels.contains(label) == present)
        return true;
    if (present)
        labels.append(label);
    else
        labels.removeAll(label);
    return m_store.setTrajectoryLabels(trajectoryId, labels, error);
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
        QString ignored; // a reward that cannot be read is left unrecorded, as one the turn does not have
        if (const auto reward = m_store.turnReward(target.turnId, &ignored))
            annotation.previous = QString::number(*reward);
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
    const auto where = m_store.turnLocation(uuid, error);
    if (!where)
        return std::nullopt;
    if (where->second == 0) {
        *error = m_store.describe(QStringLiteral("There is no turn %1").arg(uuid)) + QLatin1Char('.');
        return std::nullopt;
    }
    return Target { where->first, where->second, scope };
}

} // namespace kwb
