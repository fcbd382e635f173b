#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>

namespace kwb {

// RL rollouts: one line per branch, lines of one task together ("group_id" is the task's name), each with its
// messages, the reward of every turn (null where a turn was not evaluated) and the final reward.
class RolloutExporter
{
public:
    static QByteArray encode(const Trajectory& trajectory, const QList<const Turn*>& branch);
    // `ids` ordered by task name, then id.
    static std::optional<QList<qint64>> groupedByTask(const Store& store, const QList<qint64>& ids, QString* error);
    static QString noReward() { return QStringLiteral("rollout(s) with no reward (evaluated neither here nor by their source)"); }
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped = nullptr);
};

} // namespace kwb
