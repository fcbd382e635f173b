#include "ceilingsattacher.h"

#include "model/evalresult.h"
#include "store/store.h"

#include <QJsonDocument>

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

    Result result;
    const bool done = store.editEvaluations([&](EvalResult& e) {
        bool same = true;
        for (const char* key : kIdentity)
            same = same && e.fingerprint.value(QLatin1String(key)).toString() == machine.value(QLatin1String(key)).toString();
        if (!same) {
            ++result.otherMachine;
            return false;
        }
        if (e.ceilings.isKnown()) {
            ++result.hadCeilings;
            return false;
        }
        e.ceilings = read;
        ++result.attached;
        return true;
    }, error);
    if (!done)
        return std::nullopt;
    return result;
}

} // namespace kwb
