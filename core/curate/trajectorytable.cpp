#include "trajectorytable.h"

#include "model/trajectory.h"
#include "store/store.h"

#include <cmath>

namespace kwb {

namespace {

QJsonValue number(double x)
{
    return std::isfinite(x) ? QJsonValue(x) : QJsonValue();
}

} // namespace

QString TrajectoryTable::formatMs(double ms)
{
    return std::isfinite(ms) ? QString::number(ms, 'f', 3) : QStringLiteral("–");
}

QString TrajectoryTable::formatTimes(double x)
{
    return std::isfinite(x) ? QString::number(x, 'f', 2) + QStringLiteral("×") : QStringLiteral("–");
}

const Turn* TrajectoryTable::finalTurn(const Trajectory& trajectory)
{
    const Turn* best = nullptr;
    for (const Turn& turn : trajectory.turns) {
        if (!turn.eval || turn.eval->verify.status != StageStatus::Passed)
            continue;
        const double x = turn.eval->speedupVsCompile();
        if (!std::isfinite(x))
            continue;
        if (!best || x > best->eval->speedupVsCompile())
            best = &turn;
    }
    return best;
}

TrajectoryTable::Row TrajectoryTable::row(const Trajectory& trajectory)
{
    const double nan = std::nan("");
    Row r { trajectory.uuid, trajectory.title, trajectory.task.name, trajectory.task.level, {}, nan, nan, nan, nan, nan,
        nan, {}, {} };
    for (const Annotation& a : trajectory.annotations) {
        const QJsonObject paper = a.details.value(QLatin1String("paper")).toObject();
        if (a.kind == Annotation::Kind::Lesson && paper.value(QLatin1String("speedup_vs_compile")).isDouble()) {
            r.paperVsCompile = paper.value(QLatin1String("speedup_vs_compile")).toDouble();
            r.paperCase = paper.value(QLatin1String("case")).toString();
        }
    }
    if (const Turn* turn = finalTurn(trajectory)) {
        const EvalResult& e = *turn->eval;
        r.finalTurn = turn->uuid;
        r.eagerMs = e.timing.eager.medianUs / 1000.0;
        r.compileMs = e.timing.compiled.medianUs / 1000.0;
        r.kernelMs = e.timing.candidate.medianUs / 1000.0;
        r.speedupVsEager = e.speedupVsEager();
        r.speedupVsCompile = e.speedupVsCompile();
        r.fingerprint = e.fingerprint;
    }
    return r;
}

std::optional<QList<TrajectoryTable::Row>> TrajectoryTable::rows(
    const Store& store, const QList<qint64>& trajectoryIds, QString* error)
{
    QList<Row> result;
    for (qint64 id : trajectoryIds) {
        const auto t = store.trajectory(id, Store::Depth::Headers, error);
        if (!t)
            return std::nullopt;
        result.append(row(*t));
    }
    return result;
}

QString TrajectoryTable::describeEnvironment(const QJsonObject& f)
{
    QStringList parts;
    const auto add = [&](const char* key, const QString& format) {
        const QString value = f.value(QLatin1String(key)).toString();
        if (!value.isEmpty())
            parts.append(format.arg(value));
    };
    add("gpu_name", QStringLiteral("%1"));
    add("driver_version", tr("driver %1"));
    add("cuda_runtime_version", tr("CUDA %1"));
    add("torch_version", tr("torch %1"));
    add("tf32_policy", tr("precision %1"));
    add("compiler_flags", tr("compiler flags %1"));
    return parts.join(QStringLiteral(", "));
}

QString TrajectoryTable::toMarkdown(const QList<Row>& rows)
{
    QString text = tr("| task | trajectory | eager ms | torch.compile ms | best kernel ms | × eager | × torch.compile | "
                      "paper × torch.compile |\n")
        + QStringLiteral("|---|---|---:|---:|---:|---:|---:|---:|\n");
    QString environment;
    bool oneEnvironment = true;
    for (const Row& r : rows) {
        text += QStringLiteral("| %1 | %2 | %3 | %4 | %5 | %6 | %7 | %8 |\n")
                    .arg(r.task, QString(r.title).replace(QLatin1Char('|'), QLatin1Char('/')), formatMs(r.eagerMs),
                        formatMs(r.compileMs), formatMs(r.kernelMs), formatTimes(r.speedupVsEager),
                        formatTimes(r.speedupVsCompile), formatTimes(r.paperVsCompile));
        if (r.finalTurn.isEmpty())
            continue;
        const QString e = describeEnvironment(r.fingerprint);
        if (environment.isEmpty())
            environment = e;
        else if (e != environment)
            oneEnvironment = false;
    }
    if (!environment.isEmpty())
        text += QLatin1Char('\n')
            + (oneEnvironment ? tr("Measured on %1.\n").arg(environment)
                              : tr("Measured in more than one environment; each turn's evaluation names its own.\n"));
    return text;
}

QJsonArray TrajectoryTable::toJson(const QList<Row>& rows)
{
    QJsonArray list;
    for (const Row& r : rows) {
        QJsonObject o { { QStringLiteral("uuid"), r.uuid }, { QStringLiteral("title"), r.title },
            { QStringLiteral("task"), r.task }, { QStringLiteral("level"), r.level },
            { QStringLiteral("final_turn"), r.finalTurn }, { QStringLiteral("eager_ms"), number(r.eagerMs) },
            { QStringLiteral("compile_ms"), number(r.compileMs) }, { QStringLiteral("kernel_ms"), number(r.kernelMs) },
            { QStringLiteral("speedup_vs_eager"), number(r.speedupVsEager) },
            { QStringLiteral("speedup_vs_compile"), number(r.speedupVsCompile) },
            { QStringLiteral("paper_speedup_vs_compile"), number(r.paperVsCompile) },
            { QStringLiteral("paper_case"), r.paperCase }, { QStringLiteral("fingerprint"), r.fingerprint } };
        list.append(o);
    }
    return list;
}

} // namespace kwb
