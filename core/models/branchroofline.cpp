#include "branchroofline.h"

#include "turngraph.h"

#include <QLocale>

#include <cmath>

namespace kwb {

namespace {

bool hasFloor(const EvalResult& e)
{
    return e.floor.isKnown() && e.floor.flops >= 0;
}

} // namespace

BranchRoofline::BranchRoofline(const Trajectory& trajectory, const TurnGraph& graph, const QList<int>& branch)
{
    bool evaluated = false, calibrated = false, counted = false;
    const EvalResult* latest = nullptr; // the latest evaluation with both a calibration and a floor
    m_length = branch.isEmpty() ? 0 : graph.depth(branch.last()) + 1;
    for (int turn : branch) {
        const auto& eval = trajectory.turns.at(turn).eval;
        if (!eval)
            continue;
        evaluated = true;
        calibrated = calibrated || eval->ceilings.isKnown();
        counted = counted || hasFloor(*eval);
        if (eval->ceilings.isKnown() && hasFloor(*eval))
            latest = &*eval;
        const int number = graph.depth(turn) + 1;
        if (const RooflinePoint p = roofline::correctCandidate(*eval); p.isValid())
            m_points.append({ turn, number, p });
        if (const RooflinePoint p = roofline::eager(*eval); p.isValid())
            m_eager = { turn, number, p };
        if (const RooflinePoint p = roofline::compiled(*eval); p.isValid())
            m_compiled = { turn, number, p };
    }
    if (!evaluated) {
        m_message = tr("No turn of this branch was evaluated.");
        return;
    }
    if (!calibrated) {
        m_message = tr("No calibration for this GPU: run kwb-runner calibrate.");
        return;
    }
    if (!counted || !latest) {
        m_message = tr("The evaluations of this branch carry no work floor of the task: evaluate again with a current "
                       "kwb-runner.");
        return;
    }
    m_ceilings = latest->ceilings;
    const QString precision = roofline::precision(*latest);
    m_roof = { precision == QLatin1String("tf32") && m_ceilings.tf32 > 0 ? precision : QStringLiteral("fp32"),
        m_ceilings.matrixRate(precision) };
    const Roof all[] = { { QStringLiteral("fp32"), m_ceilings.fp32 }, { QStringLiteral("tf32"), m_ceilings.tf32 },
        { QStringLiteral("bf16"), m_ceilings.bf16 }, { QStringLiteral("fp16"), m_ceilings.fp16 } };
    for (const Roof& r : all) {
        if (r.rate > 0 && r.precision != m_roof.precision)
            m_otherRoofs.append(r);
    }
    m_mode = latest->floor.flops > 0 ? Mode::Roofline : Mode::Bandwidth;
}

const BranchRoofline::TurnPoint* BranchRoofline::pointOf(int turn) const
{
    for (const TurnPoint& p : m_points) {
        if (p.turn == turn)
            return &p;
    }
    return nullptr;
}

double BranchRoofline::ridge() const
{
    return roofline::ridge(m_ceilings.bandwidth, m_roof.rate);
}

QString BranchRoofline::summary(const Trajectory& trajectory, int turn) const
{
    if (turn < 0 || turn >= trajectory.turns.size())
        return {};
    const auto& eval = trajectory.turns.at(turn).eval;
    const TurnPoint* here = pointOf(turn);
    if (!here) {
        // Said in the order a user can act on: evaluate, fix, time, calibrate, count.
        if (!eval)
            return tr("This turn was not evaluated.");
        if (eval->verify.status != StageStatus::Passed)
            return tr("No roofline point: this turn did not pass verification.");
        if (!eval->timing.candidate.isKnown())
            return tr("No roofline point: this turn was not timed.");
        if (!eval->ceilings.isKnown())
            return tr("No roofline point: the GPU that timed this turn has no calibration; run kwb-runner calibrate "
                      "there.");
        return tr("No roofline point: this turn's evaluation carries no work floor of the task.");
    }
    const RooflinePoint& p = here->point;
    const Ceilings& own = eval->ceilings;
    QString text;
    if (p.limitedBy == RooflinePoint::Limit::Memory) {
        text = tr("bound: memory, %1 of roofline, %2 of %3")
                   .arg(roofline::percentText(p.fractionOfRoofline), withPrefix(p.achievedBandwidth, QStringLiteral("B/s")),
                       withPrefix(own.bandwidth, QStringLiteral("B/s")));
    } else {
        const QString precision = roofline::precision(*eval);
        text = tr("bound: compute, %1 of roofline, %2 of %3 (%4)")
                   .arg(roofline::percentText(p.fractionOfRoofline), withPrefix(p.achievedFlops, QStringLiteral("FLOP/s")),
                       withPrefix(own.matrixRate(precision), QStringLiteral("FLOP/s")),
                       precision == QLatin1String("tf32") && own.tf32 > 0 ? precision : QStringLiteral("fp32"));
    }
    // Above the roof is not a measurement error: the floor is what the reference does, and a kernel that changes
    // the algorithm (a row scaling for diag(d) @ B) needs fewer FLOPs; a streaming kernel can beat the copy.
    if (p.fractionOfRoofline > 1.02) {
        text += QStringLiteral(" · ")
            + (p.limitedBy == RooflinePoint::Limit::Compute
                    ? tr("above the roof: this kernel does fewer FLOPs than the reference counts")
                    : tr("above the roof: faster than the calibrated copy"));
    }
    const RooflinePoint eagerHere = roofline::eager(*eval);
    const RooflinePoint compiledHere = roofline::compiled(*eval);
    if (eagerHere.isValid() || compiledHere.isValid()) {
        text += QStringLiteral(" · ")
            + tr("eager %1, torch.compile %2")
                  .arg(roofline::percentText(eagerHere.fractionOfRoofline),
                      roofline::percentText(compiledHere.fractionOfRoofline));
    }
    if (!(own == m_ceilings))
        text += QStringLiteral(" · ") + tr("against the calibration it was timed with, not the roofs drawn");
    return text;
}

QString BranchRoofline::withPrefix(double value, const QString& unit)
{
    if (!std::isfinite(value))
        return QStringLiteral("–");
    static const struct
    {
        double scale;
        const char* prefix;
    } kPrefixes[] = { { 1e15, "P" }, { 1e12, "T" }, { 1e9, "G" }, { 1e6, "M" }, { 1e3, "k" }, { 1, "" } };
    double scaled = value;
    QString prefix;
    for (const auto& p : kPrefixes) {
        if (std::abs(value) >= p.scale * 0.9995) { // 999.96 GB/s reads "1.00 TB/s", not "1000 GB/s"
            scaled = value / p.scale;
            prefix = QLatin1String(p.prefix);
            break;
        }
    }
    const double magnitude = std::abs(scaled);
    const int decimals = magnitude >= 99.95 ? 0 : magnitude >= 9.995 ? 1 : 2;
    return QLocale().toString(scaled, 'f', decimals) + QLatin1Char(' ') + prefix + unit;
}

} // namespace kwb
