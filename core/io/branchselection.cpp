#include "branchselection.h"

#include <QSet>

#include <cmath>

namespace kwb {

QList<BranchSelection::Branch> BranchSelection::all(const Trajectory& trajectory)
{
    QList<Branch> branches;
    for (const Turn* leaf : trajectory.leaves())
        branches.append(trajectory.branch(leaf->uuid));
    return branches;
}

QList<BranchSelection::Branch> BranchSelection::select(const Trajectory& trajectory, const ExportOptions& options, ExportSkips* skipped)
{
    QList<Branch> chosen;
    QSet<QString> ends;
    for (Branch branch : all(trajectory)) {
        if (options.acceptedOnly && !isAccepted(trajectory, branch)) {
            if (skipped)
                skipped->add(notAccepted());
            continue;
        }
        if (options.upToBest)
            branch = branch.first(bestTurn(branch) + 1);
        if (branch.isEmpty() || ends.contains(branch.last()->uuid))
            continue; // the same cut as an earlier branch: written once
        if (hasEnvironmentError(branch)) {
            if (skipped)
                skipped->add(environmentFailed());
            continue;
        }
        ends.insert(branch.last()->uuid);
        chosen.append(branch);
    }
    return chosen;
}

bool BranchSelection::hasEnvironmentError(const Branch& branch)
{
    for (const Turn* t : branch) {
        if (t->eval && !t->eval->environmentError().isEmpty())
            return true;
    }
    return false;
}

bool BranchSelection::hasLabel(const QList<Annotation>& annotations, const QString& value)
{
    for (const Annotation& a : annotations) {
        if (a.kind == Annotation::Kind::Label && a.value == value)
            return true;
    }
    return false;
}

bool BranchSelection::isAccepted(const Trajectory& trajectory, const Branch& branch)
{
    const QString accept = QStringLiteral("accept");
    return hasLabel(trajectory.annotations, accept) || (!branch.isEmpty() && hasLabel(branch.last()->annotations, accept));
}

qsizetype BranchSelection::bestTurn(const Branch& branch)
{
    qsizetype best = -1;
    for (qsizetype i = 0; i < branch.size(); ++i) {
        const double r = branch[i]->reward();
        if (!std::isnan(r) && (best < 0 || r > branch[best]->reward()))
            best = i;
    }
    return best < 0 ? branch.size() - 1 : best;
}

double BranchSelection::finalReward(const Branch& branch)
{
    for (qsizetype i = branch.size() - 1; i >= 0; --i) {
        if (!std::isnan(branch[i]->reward()))
            return branch[i]->reward();
    }
    return kUnknown;
}

} // namespace kwb
