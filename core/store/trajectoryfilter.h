#pragma once

#include <QString>
#include <QStringList>
#include <QVariantList>

#include <limits>

namespace kwb {

// The columns a trajectory list can be sorted by.
enum class TrajectoryColumn {
    Task, Level, Title, Source, Policy, Created, Turns, Branches, Status, BestReward, BestSpeedup, BestRoofline, Labels, Count
};

// What the trajectory list shows; empty fields do not filter. Turned into one SQL WHERE clause.
struct TrajectoryFilter
{
    QString taskContains;
    int level = 0; // 0: any
    QString status; // one of statuses(); empty: any
    // The stored trajectory statuses: correct, incorrect, compile-error, environment-error, not-evaluated.
    static QStringList statuses();
    double minReward = -std::numeric_limits<double>::infinity();
    double maxReward = std::numeric_limits<double>::infinity();
    double minSpeedup = -std::numeric_limits<double>::infinity();
    double maxSpeedup = std::numeric_limits<double>::infinity();
    QString label; // trajectories carrying this label
    QString hackFlag; // trajectories with a turn a reward-hacking check flagged so ("any": any flag)
    QString text; // full-text search over messages and code (FTS5 query syntax)
    int synthetic = -1; // -1 any, 0 real only, 1 synthetic only

    bool isEmpty() const;

    // SQL over `trajectories t` (joined with `tasks k` when needsTasks()); the values bind in order.
    QString whereClause(QVariantList* binds) const;
    static QString orderByClause(TrajectoryColumn column, bool descending);
    // Whether the query must join the tasks table (k); without it, an index on trajectories alone can answer.
    bool needsTasks(TrajectoryColumn sortBy) const;
};

} // namespace kwb
