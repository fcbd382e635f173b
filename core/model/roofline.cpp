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
    if (!floor.isKnown() || !(ceilings.bandwidth > 0) || !(rate > 0) || !(medianUs > 0))
        return p;
    p.seconds = medianUs * 1e-6;
    p.bytes = floor.bytes();
    p.flops = std::isnan(floor.flops) ? 0.0 : floor.flops;
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

namespace {

QString precisionOf(const EvalResult& e)
{
    return e.fingerprint.value(QLatin1String("tf32_policy")).toString(QStringLiteral("fp32"));
}

} // namespace

RooflinePoint candidate(const EvalResult& e)
{
    return point(e.floor, e.ceilings, e.timing.candidate.medianUs, precisionOf(e));
}

RooflinePoint eager(const EvalResult& e)
{
    return point(e.floor, e.ceilings, e.timing.eager.medianUs, precisionOf(e));
}

RooflinePoint compiled(const EvalResult& e)
{
    return point(e.floor, e.ceilings, e.timing.compiled.medianUs, precisionOf(e));
}

double attainable(double intensity, double bandwidth, double rate)
{
    return std::min(rate, intensity * bandwidth);
}

double ridge(double bandwidth, double rate)
{
    return rate / bandwidth;
}

QString percentText(double fraction)
{
    if (!std::isfinite(fraction))
        return QStringLiteral("–");
    const double percent = fraction * 100;
    return QLocale().toString(percent, 'f', percent < 10 ? 1 : 0) + QStringLiteral(" %");
}

} // namespace roofline

} // namespace kwb
