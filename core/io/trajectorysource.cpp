#include "trajectorysource.h"

#include "store/store.h"

#include <QSet>

#include <algorithm>

namespace kwb {

std::optional<QList<qint64>> TrajectorySource::ids(const Store& store, const QStringList& tasks, QString* error)
{
    if (tasks.isEmpty()) {
        auto all = store.trajectoryIds({}, TrajectoryColumn::Created, false, error);
        if (all)
            std::sort(all->begin(), all->end());
        return all;
    }
    QSet<qint64> chosen;
    for (const QString& task : tasks) {
        TrajectoryFilter filter;
        filter.taskContains = task;
        const auto candidates = store.trajectoryIds(filter, TrajectoryColumn::Created, false, error);
        if (!candidates)
            return std::nullopt;
        const auto rows = store.summaries(*candidates, error);
        if (!rows)
            return std::nullopt;
        for (const TrajectorySummary& row : *rows) {
            if (row.task == task) // the filter matches parts of names; an export wants the task itself
                chosen.insert(row.id);
        }
    }
    QList<qint64> sorted(chosen.begin(), chosen.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

bool TrajectorySource::forEach(const Store& store, const QList<qint64>& ids, const Progress& progress,
    const Visit& visit, QString* error)
{
    qint64 done = 0;
    for (qint64 id : ids) {
        const auto t = store.trajectory(id, Store::Depth::Full, error);
        if (!t || !visit(*t, error))
            return false;
        if (progress && !progress(++done, ids.size())) {
            *error = QStringLiteral("the export was cancelled");
            return false;
        }
    }
    return true;
}

} // namespace kwb
