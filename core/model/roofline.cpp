#include "roofline.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace kwb {

bool RooflinePoint::isValid() const
{
    return std::isfinite(fractionOfRoofline) && fractionOfRoofline > 0;
}

namespace roofline {

RooflinePoint point(const WorkFloor& floor, const Ceilings& ceilings, double medianUs, const QString& precision)
{
    RooflinePoint p;
    const double rate = ceilings.matrixRate(precision);
    // Uncounted FLOPs are not zero FLOPs: a matmul whose count is missing must not pass for a copy.
    if (!floor.isKnown() || !(floor.flops >= 0) || !(ceilings.bandwidth > 0) || !(rate > 0) || !(medianUs > 0)
        || !std::isfinite(medianUs))
        return p;
    p.seconds = medianUs * 1e-6;
    p.bytes = floor.bytes();
    p.flops = floor.flops;
    p.intensity = p.flops / p.bytes;
    p.achievedBandwidth = p.bytes / p.seconds;
    p.achievedFlops = p.flops / p.seconds;
    p.bandwidthFraction = p.achievedBandwidth / ceilings.bandwidth;
    p.computeFraction = p.achievedFlops / rate;
    const double memorySeconds = p.bytes / ceilings.bandwidth;
    const double computeSeconds = p.flops / rate;
    p.limitedBy = computeSeconds > memorySeconds ? RooflinePoint::Limit::Compute : RooflinePoint::Limit::Memory;
    p.boundSeconds = std::max(memorySeconds, computeSeconds);
    p.fractionOfRoofline = p.boundSeconds / p.seconds;
    return p;
}

QString precision(const EvalResult& e)
{
    return e.fingerprint.value(QLatin1String("tf32_policy")).toString(QStringLiteral("fp32"));
}

namespace {

// A median of no samples is no measurement, as for the speedups.
double medianOf(const TimingStats& stats)
{
    return stats.isKnown() ? stats.medianUs : kUnknown;
}

} // namespace

RooflinePoint candidate(const EvalResult& e)
{
    return point(e.floor, e.ceilings, medianOf(e.timing.candidate), precision(e));
}

RooflinePoint eager(const EvalResult& e)
{
    return point(e.floor, e.ceilings, medianOf(e.timing.eager), precision(e));
}

RooflinePoint compiled(const EvalResult& e)
{
    return point(e.floor, e.ceilings, medianOf(e.timing.compiled), precision(e));
}

RooflinePoint correctCandidate(const EvalResult& e)
{
    return e.verify.status == StageStatus::Passed ? candidate(e) : RooflinePoint();
}

double attainable(double intensity, double bandwidth, double rate)
{
    if (!(intensity >= 0) || !(bandwidth > 0) || !(rate > 0))
        return kUnknown; // std::min would quietly answer the rate for a NaN intensity
    return std::min(rate, intensity * bandwidth);
}

double ridge(double bandwidth, double rate)
{
    return bandwidth > 0 && rate > 0 ? rate / bandwidth : kUnknown;
}

QString percentText(double fraction)
{
    if (!std::isfinite(fraction))
        return QStringLiteral("–");
    const double percent = fraction * 100;
    // One decimal below 10 %, judged after rounding: 9.96 % reads "10 %", not "10.0 %".
    return QLocale().toString(percent, 'f', std::abs(percent) < 9.95 ? 1 : 0) + QStringLiteral(" %");
}

} // namespace roofline

} // namespace kwb
