#pragma once

#include <QStringList>

namespace kwb {

// What an export writes: which trajectories and branches, and how preference pairs are ordered.
struct ExportOptions
{
    enum class PairsBy { Reward, Label };

    QStringList tasks; // exact task names; empty: every task
    bool acceptedOnly = false; // only branches whose leaf, or whose trajectory, carries the label "accept"
    bool upToBest = false; // cut each branch after its highest-reward turn
    PairsBy pairsBy = PairsBy::Reward;
};

} // namespace kwb
