#include "turnbadges.h"

#include "model/roofline.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

#include <cmath>

namespace kwb {

QList<TurnBadge> TurnBadges::of(const Turn& turn)
{
    QList<TurnBadge> badges;
    if (turn.eval) {
        const EvalResult& e = *turn.eval;
        const auto failed = [](StageStatus s) {
            return s == StageStatus::Failed || s == StageStatus::Error || s == StageStatus::TimedOut;
        };
        if (!e.environmentError().isEmpty())
            badges.append({ TurnBadge::Kind::EnvironmentError, tr("environment error") });
        else if (failed(e.compile.status))
            badges.append({ TurnBadge::Kind::CompileFailed, tr("compile failed") });
        else if (failed(e.verify.status))
            badges.append({ TurnBadge::Kind::VerifyFailed, tr("verify failed") });
        // A reward-hacking check that fired: the first flag names it, the count says whether there are more.
        if (!e.hackFlags.isEmpty()) {
            // Whether a flag failed the turn: the runner says so per flag; without that, a rejected verdict does.
            bool fails = false;
            const QJsonArray details = e.source.value(QLatin1String("hack_details")).toArray();
            for (const QJsonValue& d : details)
                fails = fails || d.toObject().value(QLatin1String("fails")).toBool();
            if (details.isEmpty())
                fails = e.verify.status != StageStatus::Passed;
            badges.append({ fails ? TurnBadge::Kind::Hack : TurnBadge::Kind::Review, e.hackFlags.size() == 1 ? tr("flagged: %1").arg(e.hackFlags.front())
                                                                          : tr("flagged: %1 +%2").arg(e.hackFlags.front()).arg(e.hackFlags.size() - 1) });
        }
        const double speedup = e.speedupVsCompile();
        if (!std::isnan(speedup) && speedup > 0) {
            badges.append({ speedup >= 1 ? TurnBadge::Kind::Faster : TurnBadge::Kind::Slower,
                tr("%1× vs compile").arg(QLocale().toString(speedup, 'f', 2)) });
        }
        if (const RooflinePoint p = roofline::correctCandidate(e); p.isValid())
            badges.append({ TurnBadge::Kind::Roofline, tr("%1 roofline").arg(roofline::percentText(p.fractionOfRoofline)) });
    }
    for (const Annotation& a : turn.annotations) {
        if (a.kind == Annotation::Kind::Label && !a.value.isEmpty())
            badges.append({ TurnBadge::Kind::Label, a.value });
    }
    return badges;
}

} // namespace kwb
