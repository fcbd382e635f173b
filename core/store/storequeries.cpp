// Store's named queries for curation, the run summary and calibration: the SQL that other layers need, kept in the
// store beside store.cpp (opening, writing and reading trajectories) so that no other layer writes SQL.
#include "store/schema.h"
#include "store/store.h"

#include "model/roofline.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace kwb {

namespace {

constexpr qsizetype kChunk = 500; // ids bound at once, well under SQLite's limit of host parameters

QString sqlError(const Store& store, const QString& what, const QSqlQuery& q)
{
    return store.describe(what) + QStringLiteral(": ") + q.lastError().text();
}

QStringList textsOf(QSqlQuery& q)
{
    QStringList out;
    while (q.next()) {
        if (const QString text = q.value(0).toString(); !text.isEmpty())
            out.append(text);
    }
    return out;
}

} // namespace

std::optional<QByteArray> Store::annotationsJson(qint64 trajectoryId, qint64 turnId, QString* error) const
{
    QSqlQuery q(m_db);
    if (turnId == 0) {
        q.prepare(QStringLiteral("SELECT annotations FROM trajectories WHERE id = ?"));
        q.addBindValue(trajectoryId);
    } else {
        q.prepare(QStringLiteral("SELECT annotations FROM turns WHERE id = ? AND trajectory_id = ?"));
        q.addBindValue(turnId);
        q.addBindValue(trajectoryId);
    }
    if (!q.exec()) {
        *error = sqlError(*this, QStringLiteral("The annotations could not be read"), q);
        return std::nullopt;
    }
    if (!q.next()) {
        *error = describe(turnId == 0 ? QStringLiteral("There is no trajectory %1").arg(trajectoryId)
                                      : QStringLiteral("There is no turn %1").arg(turnId))
            + QLatin1Char('.');
        return std::nullopt;
    }
    return q.value(0).toByteArray();
}

bool Store::setAnnotationsJson(qint64 trajectoryId, qint64 turnId, const QByteArray& annotations, QString* error)
{
    QSqlQuery q(m_db);
    q.prepare(turnId == 0 ? QStringLiteral("UPDATE trajectories SET annotations = ? WHERE id = ?")
                          : QStringLiteral("UPDATE turns SET annotations = ? WHERE id = ?"));
    q.addBindValue(annotations.isEmpty() ? QVariant(QMetaType::fromType<QString>()) : QVariant(QString::fromUtf8(annotations)));
    q.addBindValue(turnId == 0 ? trajectoryId : turnId);
    if (!q.exec()) {
        *error = sqlError(*this, QStringLiteral("The annotations could not be written"), q);
        return false;
    }
    return true;
}

std::optional<QStringList> Store::trajectoryLabels(qint64 trajectoryId, QString* error) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT labels FROM trajectories WHERE id = ?"));
    q.addBindValue(trajectoryId);
    if (!q.exec() || !q.next()) {
        *error = sqlError(*this, QStringLiteral("The labels of trajectory %1 could not be read").arg(trajectoryId), q);
        return std::nullopt;
    }
    QStringList labels;
    for (const QJsonValue& v : QJsonDocument::fromJson(q.value(0).toByteArray()).array())
        labels.append(v.toString());
    return labels;
}

bool Store::setTrajectoryLabels(qint64 trajectoryId, const QStringList& labels, QString* error)
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("UPDATE trajectories SET labels = ? WHERE id = ?"));
    q.addBindValue(QString::fromUtf8(QJsonDocument(QJsonArray::fromStringList(labels)).toJson(QJsonDocument::Compact)));
    q.addBindValue(trajectoryId);
    if (!q.exec()) {
        *error = sqlError(*this, QStringLiteral("The labels could not be written"), q);
        return false;
    }
    return true;
}

std::optional<QStringList> Store::labelsInUse(bool turnLabels, QString* error) const
{
    QSqlQuery q(m_db);
    const QString sql = turnLabels
        ? QStringLiteral("SELECT j.value FROM trajectories t, json_each(t.labels) j "
                         "UNION SELECT json_extract(j.value, '$.value') FROM turns u, json_each(u.annotations) j "
                         "WHERE json_extract(j.value, '$.kind') = 'label' ORDER BY 1")
        : QStringLiteral("SELECT DISTINCT j.value FROM trajectories t, json_each(t.labels) j ORDER BY 1");
    if (!q.exec(sql)) {
        *error = sqlError(*this, QStringLiteral("The labels in use could not be read"), q);
        return std::nullopt;
    }
    return textsOf(q);
}

std::optional<double> Store::turnReward(qint64 turnId, QString* error) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT reward FROM turns WHERE id = ?"));
    q.addBindValue(turnId);
    if (!q.exec()) {
        *error = sqlError(*this, QStringLiteral("The reward of turn %1 could not be read").arg(turnId), q);
        return std::nullopt;
    }
    if (!q.next() || q.value(0).isNull())
        return std::nullopt;
    return q.value(0).toDouble();
}

std::optional<std::pair<qint64, qint64>> Store::turnLocation(const QString& uuid, QString* error) const
{
    QSqlQuery q(m_db);
    q.prepare(QStringLiteral("SELECT trajectory_id, id FROM turns WHERE uuid = ?"));
    q.addBindValue(uuid);
    if (!q.exec()) {
        *error = sqlError(*this, QStringLiteral("The turn %1 could not be looked up").arg(uuid), q);
        return std::nullopt;
    }
    if (!q.next())
        return std::pair<qint64, qint64> { 0, 0 };
    return std::pair<qint64, qint64> { q.value(0).toLongLong(), q.value(1).toLongLong() };
}

std::optional<QList<Store::SummaryRow>> Store::summaryRows(const QList<qint64>& ids, QString* error) const
{
    QList<SummaryRow> rows;
    rows.reserve(ids.size());
    for (qsizetype from = 0; from < ids.size(); from += kChunk) {
        const QList<qint64> chunk = ids.mid(from, kChunk);
        QStringList marks(chunk.size(), QStringLiteral("?"));
        QSqlQuery q(m_db);
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT t.id, k.level, (SELECT u.eval FROM turns u WHERE u.trajectory_id = t.id"
                                 " AND u.verify_status = 'passed' ORDER BY u.speedup IS NULL, u.speedup DESC, u.seq LIMIT 1),"
                                 " (SELECT json_extract(u.eval, '$.rules') FROM turns u WHERE u.trajectory_id = t.id"
                                 " AND u.eval IS NOT NULL ORDER BY u.seq DESC LIMIT 1), t.status"
                                 " FROM trajectories t JOIN tasks k ON k.id = t.task_id WHERE t.id IN (%1)")
                      .arg(marks.join(QLatin1Char(','))));
        for (qint64 id : chunk)
            q.addBindValue(id);
        if (!q.exec()) {
            *error = sqlError(*this, QStringLiteral("The run summary could not be read"), q);
            return std::nullopt;
        }
        while (q.next()) {
            rows.append(SummaryRow { q.value(0).toLongLong(), q.value(1).toInt(),
                q.value(2).isNull() ? QByteArray() : q.value(2).toByteArray(), q.value(3).toString(), q.value(4).toString() });
        }
    }
    return rows;
}

bool Store::editEvaluations(const std::function<bool(EvalResult&)>& edit, QString* error)
{
    Transaction tx(*this);
    QSqlQuery rows(m_db);
    rows.setForwardOnly(true);
    QSqlQuery update(m_db);
    if (!rows.exec(QStringLiteral("SELECT id, uuid, eval FROM turns WHERE eval IS NOT NULL ORDER BY id"))
        || !update.prepare(QStringLiteral("UPDATE turns SET eval = ?, roofline = ? WHERE id = ?"))) {
        *error = rows.lastError().isValid() ? rows.lastError().text() : update.lastError().text();
        return false;
    }
    while (rows.next()) {
        QString inner;
        EvalResult e = EvalResult::fromJson(QJsonDocument::fromJson(rows.value(2).toString().toUtf8()).object(), &inner);
        if (!inner.isEmpty()) {
            *error = describe(QStringLiteral("The evaluation of turn %1").arg(rows.value(1).toString()))
                + QStringLiteral(" is damaged: ") + inner;
            return false;
        }
        if (!edit(e))
            continue;
        const RooflinePoint p = roofline::correctCandidate(e);
        update.addBindValue(QString::fromUtf8(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact)));
        update.addBindValue(p.isValid() ? QVariant(p.fractionOfRoofline) : QVariant());
        update.addBindValue(rows.value(0));
        if (!update.exec()) {
            *error = update.lastError().text();
            return false;
        }
    }
    return Schema::refreshBestRoofline(m_db, error) && tx.commit(error);
}

} // namespace kwb
