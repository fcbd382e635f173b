#include "preferencepairs.h"

#include "branchselection.h"
#include "chatformat.h"

#include <QJsonDocument>

#include <cmath>

namespace kwb {

namespace {

double rewardScore(const PreferencePairs::Branch& continuation)
{
    double best = kUnknown;
    for (const Turn* t : continuation) {
        if (!std::isnan(t->reward()) && (std::isnan(best) || t->reward() > best))
            best = t->reward();
    }
    return best;
}

double score(const PreferencePairs::Branch& continuation, ExportOptions::PairsBy by)
{
    if (by == ExportOptions::PairsBy::Reward)
        return rewardScore(continuation);
    const double leaf = PreferencePairs::labelScore(*continuation.last());
    return leaf != 0 ? leaf : PreferencePairs::labelScore(*continuation.first());
}

// The sibling's continuation to its best-scoring leaf; the first such leaf on ties.
PreferencePairs::Branch continuation(const Trajectory& t, const Turn* sibling, ExportOptions::PairsBy by)
{
    PreferencePairs::Branch best;
    double bestScore = kUnknown;
    for (const Turn* leaf : t.leaves()) {
        const QList<const Turn*> path = t.branch(leaf->uuid);
        const qsizetype at = path.indexOf(sibling);
        if (at < 0)
            continue;
        const PreferencePairs::Branch tail = path.mid(at);
        if (BranchSelection::hasEnvironmentError(tail))
            continue; // its reward and tool results are the machine's, not the agent's
        const double s = score(tail, by);
        if (best.isEmpty() || (!std::isnan(s) && (std::isnan(bestScore) || s > bestScore))) {
            best = tail;
            bestScore = s;
        }
    }
    return best;
}

QJsonArray messagesOf(const PreferencePairs::Branch& turns)
{
    QJsonArray a;
    for (const Turn* t : turns) {
        for (const Message& m : t->messages)
            a.append(ChatFormat::toJson(m));
    }
    return a;
}

} // namespace

double PreferencePairs::labelScore(const Turn& turn)
{
    if (BranchSelection::hasLabel(turn.annotations, QStringLiteral("accept")))
        return 2;
    if (BranchSelection::hasLabel(turn.annotations, QStringLiteral("reject")))
        return -1;
    if (BranchSelection::hasLabel(turn.annotations, QStringLiteral("star")))
        return 1;
    return 0;
}

QList<PreferencePairs::Pair> PreferencePairs::build(const Trajectory& trajectory, ExportOptions::PairsBy by, ExportSkips* skipped)
{
    QList<Pair> pairs;
    QStringList parents { QString() };
    for (const Turn& t : trajectory.turns)
        parents.append(t.uuid);
    for (const QString& parent : parents) {
        const QList<const Turn*> siblings = trajectory.children(parent);
        if (siblings.size() < 2)
            continue;
        const Branch shared = parent.isEmpty() ? Branch() : trajectory.branch(parent);
        QList<Branch> tails;
        for (const Turn* s : siblings) {
            if (Branch tail = continuation(trajectory, s, by); !tail.isEmpty())
                tails.append(tail);
            else if (skipped)
                skipped->add(QStringLiteral("fork side(s) whose every continuation ended in an environment error"));
        }
        for (qsizetype i = 0; i < tails.size(); ++i) {
            for (qsizetype j = i + 1; j < tails.size(); ++j) {
                const double a = score(tails[i], by);
                const double b = score(tails[j], by);
                if (std::isnan(a) || std::isnan(b)) {
                    if (skipped)
                        skipped->add(by == ExportOptions::PairsBy::Reward ? QStringLiteral("sibling pair(s) with a side never evaluated")
                                                                          : QStringLiteral("sibling pair(s) with a side never labelled"));
                    continue;
                }
                if (a == b) {
                    if (skipped)
                        skipped->add(QStringLiteral("sibling pair(s) that tie (score %1 on both sides)").arg(a));
                    continue;
                }
                pairs.append(a > b ? Pair { parent, shared, tails[i], tails[j], a, b } : Pair { parent, shared, tails[j], tails[i], b, a });
            }
        }
    }
    return pairs;
}

QByteArray PreferencePairs::encode(const Trajectory& trajectory, const Pair& pair, ExportOptions::PairsBy by)
{
    const QJsonObject metadata { { QLatin1String("trajectory"), trajectory.uuid }, { QLatin1String("task"), trajectory.task.name },
        { QLatin1String("fork"), pair.forkTurn.isEmpty() ? QJsonValue() : QJsonValue(pair.forkTurn) },
        { QLatin1String("chosen_leaf"), pair.chosen.last()->uuid }, { QLatin1String("rejected_leaf"), pair.rejected.last()->uuid },
        { QLatin1String("chosen_score"), pair.chosenScore }, { QLatin1String("rejected_score"), pair.rejectedScore },
        { QLatin1String("by"), by == ExportOptions::PairsBy::Reward ? QStringLiteral("reward") : QStringLiteral("label") } };
    const QJsonObject line { { QLatin1String("prompt"), ChatFormat::conversation(trajectory, pair.shared) },
        { QLatin1String("chosen"), messagesOf(pair.chosen) }, { QLatin1String("rejected"), messagesOf(pair.rejected) },
        { QLatin1String("metadata"), metadata } };
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

bool PreferencePairs::write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
    const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped)
{
    return TrajectorySource::forEach(store, ids, progress, [&](const Trajectory& t, QString* visitError) {
        for (const Pair& pair : build(t, options.pairsBy, skipped)) {
            if (out.write(encode(t, pair, options.pairsBy)) < 0) {
                *visitError = QStringLiteral("writing the export failed: %1").arg(out.errorString());
                return false;
            }
        }
        return true;
    }, error);
}

} // namespace kwb
