#include "ceilingsattacher.h"

#include "model/evalresult.h"
#include "model/roofline.h"
#include "store/schema.h"
#include "store/store.h"

#include <QJsonDocument>
#include <QSqlError>
#include <QSqlQuery>

namespace kwb {

namespace {

const char* const kIdentity[] = { "host_name", "gpu_name", "driver_version" };

} // namespace

bool CeilingsAttacher::check(const QJsonObject& calibration, QString* error)
{
    const QJsonObject machine = calibration.value(QLatin1String("fingerprint")).toObject();
    const QJsonObject ceilings = calibration.value(QLatin1String("ceilings")).toObject();
    for (const char* key : kIdentity) {
        if (machine.value(QLatin1String(key)).toString().isEmpty()) {
            *error = QStringLiteral(
                "The calibration does not name its machine's %1; give the JSON that kwb-runner calibrate wrote.")
                         .arg(QLatin1String(key));
            return false;
        }
    }
    // Read the ceilings the way an evaluation's are read, so a calibration that would not load is refused here.
    QString inner;
    const Ceilings read
        = EvalResult::fromJson(QJsonObject { { QStringLiteral("ceilings"), ceilings } }, &inner).ceilings;
    if (!inner.isEmpty() || !(read.bandwidth > 0) || !(read.fp32 > 0)) {
        *error = QStringLiteral("The calibration has no usable ceilings (copy bandwidth and fp32 rate)%1.")
                     .arg(inner.isEmpty() ? QString() : QStringLiteral(": ") + inner);
        return false;
    }
    return true;
}

std::optional<CeilingsAttacher::Result> CeilingsAttacher::attach(
    Store& store, const QJsonObject& calibration, QString* error)
{
    if (!check(calibration, error))
        return std::nullopt;
    const QJsonObject machine = calibration.value(QLatin1String("fingerprint")).toObject();
    const QJsonObject ceilings = calibration.value(QLatin1String("ceilings")).toObject();
    QString inner;
    const Ceilings read = EvalResult::fromJson(QJsonObject { { QStringLiteral("ceilings"), ceilings } }, &inner).ceilings;

    Store::Transaction tx(store);
    QSqlQuery rows(store.database());
    rows.setForwardOnly(true);
    QSqlQuery update(store.database());
    if (!rows.exec(QStringLiteral("SELECT id, uuid, eval FROM turns WHERE eval IS NOT NULL ORDER BY id"))
        || !update.prepare(QStringLiteral("UPDATE turns SET eval = ?, roofline = ? WHERE id = ?"))) {
        *error = rows.lastError().isValid() ? rows.lastError().text() : update.lastError().text();
        return std::nullopt;
    }
    Result result;
    while (rows.next()) {
        EvalResult e
            = EvalResult::fromJson(QJsonDocument::fromJson(rows.value(2).toString().toUtf8()).object(), &inner);
        if (!inner.isEmpty()) {
            *error = store.describe(QStringLiteral("The evaluation of turn %1").arg(rows.value(1).toString()))
                + QStringLiteral(" is damaged: ") + inner;
            return std::nullopt;
        }
        bool same = true;
        for (const char* key : kIdentity)
            same = same
                && e.fingerprint.value(QLatin1String(key)).toString() == machine.value(QLatin1String(key)).toString();
        if (!same) {
            ++result.otherMachine;
            continue;
        }
        if (e.ceilings.isKnown()) {
            ++result.hadCeilings;
            continue;
        }
        e.ceilings = read;
        const RooflinePoint p = roofline::correctCandidate(e);
        update.addBindValue(QString::fromUtf8(QJsonDocument(e.toJson()).toJson(QJsonDocument::Compact)));
        update.addBindValue(p.isValid() ? QVariant(p.fractionOfRoofline) : QVariant());
        update.addBindValue(rows.value(0));
        if (!update.exec()) {
            *error = update.lastError().text();
            return std::nullopt;
        }
        ++result.attached;
    }
    if (!Schema::refreshBestRoofline(store.database(), error))
        return std::nullopt;
    if (!tx.commit(error))
        return std::nullopt;
    return result;
}

} // namespace kwb
