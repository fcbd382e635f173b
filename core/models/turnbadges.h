#pragma once

#include "model/turn.h"

#include <QCoreApplication>
#include <QList>
#include <QMetaType>
#include <QString>

namespace kwb {

// A small mark on a turn in the fork tree: what went wrong, how fast it was, how close to the machine's roofline,
// what a person called it.
struct TurnBadge
{
    // Hack: a check that failed the turn; Review: flags that only ask for a person's look (a large speed-up).
    enum class Kind { EnvironmentError, CompileFailed, VerifyFailed, Hack, Review, Faster, Slower, Roofline, Label };
    Kind kind = Kind::Label;
    QString text;
    bool operator==(const TurnBadge&) const = default;
};

// Computes the badges of a turn from its header (evaluation and annotations).
class TurnBadges
{
    Q_DECLARE_TR_FUNCTIONS(kwb::TurnBadges)
public:
    static QList<TurnBadge> of(const Turn& turn);
};

} // namespace kwb

Q_DECLARE_METATYPE(kwb::TurnBadge)
