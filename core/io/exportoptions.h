#pragma once

#include <QMap>
#include <QStringList>

namespace kwb {

// What an export writes: which trajectories and branches, and how preference pairs are ordered.
struct ExportOptions
{
    enum class PairsBy { Reward, Label };

    QStringList tasks; // exact task names; empty: every task
    bool acceptedOnly = false; // only branches whose leaf, or whose trajectory, carries the label "accept"
    bool upToBest = false; // cut each branch after its highest-reward turn
    // sft: a branch with code but no conversation (a KernelBench run, a workspace) gets one built from the task's
    // reference and the branch's files, marked "synthesized" in its metadata.
    bool synthesizePrompt = false;
    PairsBy pairsBy = PairsBy::Reward;
};

// What an export left out, and why: reason -> how many (branches, trajectories). An export states it so a training
// set's gaps are never silent.
struct ExportSkips
{
    QMap<QString, qint64> reasons;
    QMap<QString, qint64> caveats; // records written with something missing: what -> how many

    void add(const QString& reason, qint64 count = 1) { reasons[reason] += count; }
    void caveat(const QString& what, qint64 count = 1) { caveats[what] += count; }
    bool isEmpty() const { return reasons.isEmpty() && caveats.isEmpty(); }
    qint64 total() const
    {
        qint64 n = 0;
        for (qint64 c : reasons)
            n += c;
        return n;
    }
    // "Skipped 3 branches with no assistant message (code imported without a conversation)." — one sentence per reason.
    QString summary() const
    {
        QStringList sentences;
        for (auto it = reasons.cbegin(); it != reasons.cend(); ++it)
            sentences << QStringLiteral("Skipped %1 %2.").arg(it.value()).arg(it.key());
        for (auto it = caveats.cbegin(); it != caveats.cend(); ++it)
            sentences << QStringLiteral("Wrote %1 %2.").arg(it.value()).arg(it.key());
        return sentences.join(QLatin1Char(' '));
    }
};

} // namespace kwb
