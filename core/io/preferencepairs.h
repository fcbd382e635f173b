#pragma once

#include "exportoptions.h"
#include "trajectorysource.h"

#include <QIODevice>

namespace kwb {

// Preference pairs from forks: the continuations of sibling turns (children of one parent, or several roots)
// are compared two by two, and the better one is "chosen". A continuation runs from the sibling down to its
// best-scoring leaf. Scored by reward (the highest reward reached) or by human label on the leaf (else the
// sibling): accept > star > none > reject. Ties and unknown scores make no pair.
class PreferencePairs
{
public:
    using Branch = QList<const Turn*>;

    struct Pair
    {
        QString forkTurn; // the shared parent; empty when the siblings are roots
        Branch shared; // root -> fork turn
        Branch chosen; // sibling -> leaf
        Branch rejected;
        double chosenScore = 0;
        double rejectedScore = 0;
    };

    // Sibling continuations that make no pair are counted in `skipped` by why: a tie, a side with no score, a side
    // whose every continuation met an environment error.
    static QList<Pair> build(const Trajectory& trajectory, ExportOptions::PairsBy by, ExportSkips* skipped = nullptr);
    static QByteArray encode(const Trajectory& trajectory, const Pair& pair, ExportOptions::PairsBy by);
    static bool write(const Store& store, const QList<qint64>& ids, const ExportOptions& options, QIODevice& out,
        const TrajectorySource::Progress& progress, QString* error, ExportSkips* skipped = nullptr);

    static double labelScore(const Turn& turn);
};

} // namespace kwb
