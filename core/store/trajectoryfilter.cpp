#include "trajectoryfilter.h"

#include "schema.h"

#include <cmath>

namespace kwb {

QStringList TrajectoryFilter::statuses()
{
    return { QStringLiteral("correct"), QStringLiteral("incorrect"), QStringLiteral("compile-error"), QStringLiteral("environment-error"),
        QStringLiteral("not-evaluated") };
}

bool TrajectoryFilter::isEmpty() const
{
    return whereClause(nullptr).isEmpty();
}

QString TrajectoryFilter::whereClause(QVariantList* binds) const
{
    QStringList terms;
    auto bind = [binds](const QVariant& v) {
        if (binds)
            binds->append(v);
    };
    if (!taskContains.isEmpty()) {
        terms << QStringLiteral("instr(lower(k.name), lower(?)) > 0");
        bind(taskContains);
    }
    if (level > 0) {
        terms << QStringLiteral("k.level = ?");
        bind(level);
    }
    if (!status.isEmpty()) {
        terms << QStringLiteral("t.status = ?");
        bind(status);
    }
    if (std::isfinite(minReward)) {
        terms << QStringLiteral("t.best_reward >= ?");
        bind(minReward);
    }
    if (std::isfinite(maxReward)) {
        terms << QStringLiteral("t.best_reward <= ?");
        bind(maxReward);
    }
    if (std::isfinite(minSpeedup)) {
        terms << QStringLiteral("t.best_speedup >= ?");
        bind(minSpeedup);
    }
    if (std::isfinite(maxSpeedup)) {
        terms << QStringLiteral("t.best_speedup <= ?");
        bind(maxSpeedup);
    }
    if (!label.isEmpty()) {
        terms << QStringLiteral("EXISTS (SELECT 1 FROM json_each(t.labels) WHERE json_each.value = ?)");
        bind(label);
    }
    if (hackFlag == QLatin1String("any")) {
        terms << QStringLiteral("EXISTS (SELECT 1 FROM turns u WHERE u.trajectory_id = t.id"
                                " AND json_array_length(u.eval, '$.hack_flags') > 0)");
    } else if (!hackFlag.isEmpty()) {
        terms << QStringLiteral("EXISTS (SELECT 1 FROM turns u, json_each(u.eval, '$.hack_flags') f"
                                " WHERE u.trajectory_id = t.id AND f.value = ?)");
        bind(hackFlag);
    }
    if (synthetic >= 0) {
        terms << QStringLiteral("t.synthetic = ?");
        bind(synthetic);
    }
    if (!text.isEmpty()) {
        terms << QStringLiteral(
            "t.id IN (SELECT rowid >> %1 FROM turn_text WHERE turn_text MATCH ?"
            " UNION SELECT u.trajectory_id FROM manifest_entries m JOIN turns u ON u.manifest = m.manifest"
            " WHERE m.blob IN (SELECT hash FROM blobs WHERE id IN (SELECT rowid FROM blob_text WHERE blob_text MATCH ?)))")
                     .arg(Schema::kTurnSeqBits);
        bind(text);
        bind(text);
    }
    return terms.join(QLatin1String(" AND "));
}

bool TrajectoryFilter::needsTasks(TrajectoryColumn sortBy) const
{
    return !taskContains.isEmpty() || level > 0 || sortBy == TrajectoryColumn::Task || sortBy == TrajectoryColumn::Level;
}

QString TrajectoryFilter::orderByClause(TrajectoryColumn column, bool descending)
{
    static const char* const kColumns[] = { "k.name", "k.level", "t.title", "t.source", "t.policy", "t.created",
        "t.turn_count", "t.branch_count", "t.status", "t.best_reward", "t.best_speedup",
        "t.best_roofline", "t.labels" };
    static_assert(std::size(kColumns) == std::size_t(TrajectoryColumn::Count));
    const QString dir = descending ? QStringLiteral(" DESC") : QStringLiteral(" ASC");
    return QLatin1String(kColumns[int(column)]) + dir + QStringLiteral(", t.id") + dir;
}

} // namespace kwb
