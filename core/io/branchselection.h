#pragma once

#include "exportoptions.h"
#include "model/trajectory.h"

namespace kwb {

// The branches (root -> leaf paths) of a trajectory that an export writes, in turn order.
class BranchSelection
{
public:
    using Branch = QList<const Turn*>;

    static QList<Branch> all(const Trajectory& trajectory);
    // all(), filtered and cut as `options` asks; a cut that repeats an earlier one is left out, and so is a branch
    // with a turn whose evaluation ended in an environment error (its reward and tool results are the machine's).
    // What was left out is counted in `skipped` when given.
    static QList<Branch> select(const Trajectory& trajectory, const ExportOptions& options, ExportSkips* skipped = nullptr);
    static QString notAccepted() { return QStringLiteral("branch(es) not labelled accept (--accepted-only)"); }
    static QString environmentFailed() { return QStringLiteral("branch(es) with an environment error (the machine's failure, not the agent's)"); }

    static bool hasEnvironmentError(const Branch& branch);
    static bool hasLabel(const QList<Annotation>& annotations, const QString& value);
    static bool isAccepted(const Trajectory& trajectory, const Branch& branch);
    // Index of the first turn with the highest reward; the last turn when none has a reward.
    static qsizetype bestTurn(const Branch& branch);
    // The reward of the branch's last evaluated turn; NaN when none was evaluated.
    static double finalReward(const Branch& branch);
};

} // namespace kwb
