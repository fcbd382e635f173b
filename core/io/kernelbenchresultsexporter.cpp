#include "kernelbenchresultsexporter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QMap>

#include <cmath>

namespace kwb {

namespace {

const Turn* chosenTurn(const Trajectory& t)
{
    const Turn* best = nullptr;
    const Turn* last = nullptr;
    for (const Turn& turn : t.turns) {
        if (!turn.eval || !turn.eval->environmentError().isEmpty())
            continue; // not evaluated, or the machine's failure rather than a verdict
        last = &turn;
        if (!std::isnan(turn.reward()) && (!best || turn.reward() > best->reward()))
            best = &turn;
    }
    return best ? best : last;
}

QJsonValue msOrNull(double us)
{
    return std::isnan(us) ? QJsonValue() : QJsonValue(us / 1000.0);
}

} // namespace

QJsonObject KernelBenchResultsExporter::record(const Trajectory& trajectory, const Turn& turn, int sampleId)
{
    // A sample imported from a KernelBench run and not evaluated here since: its record as the run wrote it (every
    // field, numbers as they were read), with where it lives in the store.
    const QJsonObject imported = trajectory.metadata.value(QLatin1String("kernelbench")).toObject().value(QLatin1String("record")).toObject();
    if (!imported.isEmpty() && turn.provenance.kind == Provenance::Kind::Import && trajectory.turns.size() == 1) {
        QJsonObject out = imported;
        QJsonObject metadata = out.value(QLatin1String("metadata")).toObject();
        metadata.insert(QLatin1String("kwb_trajectory"), trajectory.uuid);
        metadata.insert(QLatin1String("kwb_turn"), turn.uuid);
        out.insert(QLatin1String("metadata"), metadata);
        out.insert(QLatin1String("sample_id"), sampleId);
        return out;
    }
    const EvalResult& e = *turn.eval;
    QJsonObject metadata { { QLatin1String("kwb_trajectory"), trajectory.uuid }, { QLatin1String("kwb_turn"), turn.uuid } };
    for (const char* key : { "hardware", "device" }) {
        if (e.fingerprint.contains(QLatin1String(key)))
            metadata.insert(QLatin1String(key), e.fingerprint.value(QLatin1String(key)));
    }
    if (!e.verify.trials.isEmpty()) {
        qsizetype passed = 0;
        for (const VerifyTrial& trial : e.verify.trials)
            passed += trial.passed ? 1 : 0;
        metadata.insert(QLatin1String("correctness_trials"), QStringLiteral("(%1 / %2)").arg(passed).arg(e.verify.trials.size()));
    }
    if (e.compile.status != StageStatus::Passed && !e.compile.log.isEmpty())
        metadata.insert(QLatin1String("compilation_error"), e.compile.log);
    if (e.verify.status == StageStatus::Failed && !e.verify.message.isEmpty())
        metadata.insert(QLatin1String("correctness_issue"), e.verify.message);

    const bool correct = e.verify.status == StageStatus::Passed;
    const TimingStats& c = e.timing.candidate;
    QJsonObject stats;
    double runtime = -1;
    if (correct && c.isKnown() && !std::isnan(c.medianUs)) {
        runtime = c.medianUs / 1000.0;
        stats = { { QLatin1String("mean"), runtime }, { QLatin1String("min"), msOrNull(c.minUs) },
            { QLatin1String("std"), std::isnan(c.cv) ? QJsonValue() : QJsonValue(c.cv * runtime) },
            { QLatin1String("num_trials"), c.samples } };
        for (const char* key : { "hardware", "device" }) {
            if (metadata.contains(QLatin1String(key)))
                stats.insert(QLatin1String(key), metadata.value(QLatin1String(key)));
        }
    }
    return { { QLatin1String("sample_id"), sampleId }, { QLatin1String("compiled"), e.compile.status == StageStatus::Passed },
        { QLatin1String("correctness"), correct }, { QLatin1String("metadata"), metadata },
        { QLatin1String("runtime"), runtime }, { QLatin1String("runtime_stats"), stats } };
}

bool KernelBenchResultsExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options,
    QIODevice& out, const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    Q_UNUSED(options)
    QMap<int, QJsonArray> problems;
    int level = 0;
    const bool ok = TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        const Turn* turn = chosenTurn(t);
        if (!turn) {
            if (skipped)
                skipped->add(QStringLiteral("trajectory(ies) with no judged turn (never evaluated, or only environment errors)"));
            return true;
        }
        bool numbered = false;
        const int problem = t.task.name.section(QLatin1Char('_'), 0, 0).toInt(&numbered);
        if (!numbered) {
            *visitError = QStringLiteral("task %1 (trajectory %2) has no KernelBench problem number (N_name); choose tasks with --task").arg(t.task.name, t.uuid);
            return false;
        }
        if (level != 0 && t.task.level != level) {
            *visitError = QStringLiteral("eval_results.json holds one level, and the trajectories are of levels %1 and %2; choose tasks with --task").arg(level).arg(t.task.level);
            return false;
        }
        level = t.task.level;
        const QJsonValue imported = t.metadata.value(QLatin1String("kernelbench")).toObject().value(QLatin1String("sample_id"));
        const int sample = imported.isDouble() ? imported.toInt() : int(problems[problem].size());
        problems[problem].append(record(t, *turn, sample));
        return true;
    }, error);
    if (!ok)
        return false;
    QJsonObject root;
    for (auto it = problems.begin(); it != problems.end(); ++it)
        root.insert(QString::number(it.key()), it.value());
    if (out.write(QJsonDocument(root).toJson(QJsonDocument::Indented)) < 0) {
        *error = QStringLiteral("writing the export failed: %1").arg(out.errorString());
        return false;
    }
    return true;
}

} // namespace kwb
