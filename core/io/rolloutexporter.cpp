#include "rolloutexporter.h"

#include "branchselection.h"
#include "chatformat.h"
#include "store/store.h"

#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace kwb {

namespace {

QJsonValue number(double v)
{
    return std::isnan(v) ? QJsonValue() : QJsonValue(v);
}

} // namespace

QByteArray RolloutExporter::encode(const Trajectory& trajectory, const QList<const Turn*>& branch)
{
    QJsonArray rewards;
    QJsonArray turns;
    for (const Turn* t : branch) {
        rewards.append(number(t->reward()));
        turns.append(t->uuid);
    }
    const QJsonObject line { { QLatin1String("group_id"), trajectory.task.name },
        { QLatin1String("rollout_id"), QString(trajectory.uuid + QLatin1Char('/') + branch.last()->uuid) },
        { QLatin1String("trajectory"), trajectory.uuid }, { QLatin1String("level"), trajectory.task.level },
        { QLatin1String("messages"), ChatFormat::conversation(trajectory, branch) }, { QLatin1String("turns"), turns },
        { QLatin1String("turn_rewards"), rewards } };
    // Every reward there is: ours, else the one the source's harness gave (an imported run's reward.json), saying which.
    QJsonObject out = line;
    const double ours = BranchSelection::finalReward(branch);
    const QJsonObject source = trajectory.metadata.value(QLatin1String("source_reward")).toObject();
    if (!std::isnan(ours)) {
        out.insert(QLatin1String("reward"), ours);
        out.insert(QLatin1String("reward_source"), QStringLiteral("kwb"));
    } else if (source.value(QLatin1String("value")).isDouble()) {
        out.insert(QLatin1String("reward"), source.value(QLatin1String("value")));
        out.insert(QLatin1String("reward_source"), source.value(QLatin1String("from")).toString(QStringLiteral("source")));
    } else {
        out.insert(QLatin1String("reward"), QJsonValue());
    }
    // The verdict of the branch's last judged turn, for loops that filter on correctness where no reward exists.
    for (qsizetype i = branch.size() - 1; i >= 0; --i) {
        const Turn* turn = branch.at(i);
        if (!turn->eval || !turn->eval->environmentError().isEmpty() || turn->eval->compile.status == StageStatus::NotRun)
            continue;
        out.insert(QLatin1String("verdict"), QJsonObject { { QLatin1String("compiled"), turn->eval->compile.status == StageStatus::Passed },
            { QLatin1String("correct"), turn->eval->verify.status == StageStatus::Passed }, { QLatin1String("turn"), turn->uuid },
            { QLatin1String("from"), turn->provenance.kind == Provenance::Kind::Import ? QStringLiteral("import: %1").arg(turn->provenance.agent) : QStringLiteral("kwb") } });
        break;
    }
    return QJsonDocument(out).toJson(QJsonDocument::Compact) + '\n';
}

std::optional<QList<qint64>> RolloutExporter::groupedByTask(const Store& store, const QList<qint64>& ids, QString* error)
{
    const auto rows = store.summaries(ids, error);
    if (!rows)
        return std::nullopt;
    QList<QPair<QString, qint64>> keyed;
    for (const TrajectorySummary& row : *rows)
        keyed.append({ row.task, row.id });
    std::sort(keyed.begin(), keyed.end());
    QList<qint64> ordered;
    for (const auto& k : keyed)
        ordered.append(k.second);
    return ordered;
}

bool RolloutExporter::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    const auto ordered = groupedByTask(store, ids, error);
    if (!ordered)
        return false;
    return TrajectorySource::forEach(store, *ordered, progress, [&](const Trajectory& t, QString* visitError) {
        for (const auto& branch : BranchSelection::select(t, options, skipped)) {
            const QByteArray line = encode(t, branch);
            const bool rewarded = !std::isnan(BranchSelection::finalReward(branch))
                || t.metadata.value(QLatin1String("source_reward")).toObject().value(QLatin1String("value")).isDouble();
            if (skipped && !rewarded)
                skipped->caveat(noReward());
            if (out.write(line) < 0) {
                *visitError = QStringLiteral("writing the export failed: %1").arg(out.errorString());
                return false;
            }
        }
        return true;
    }, error);
}

} // namespace kwb
