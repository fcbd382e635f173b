#include "runner/timingstats.h"

#include <algorithm>
#include <cmath>

namespace kwb::runner {

JsonValue TimingStats::of(std::vector<double> samples)
{
    JsonValue stats;
    if (samples.empty())
        return stats;
    std::sort(samples.begin(), samples.end());
    const auto quantile = [&](double q) {
        const double pos = q * double(samples.size() - 1);
        const std::size_t lo = std::size_t(std::floor(pos));
        const std::size_t hi = std::size_t(std::ceil(pos));
        return samples[lo] + (samples[hi] - samples[lo]) * (pos - double(lo));
    };
    double mean = 0;
    for (const double s : samples)
        mean += s;
    mean /= double(samples.size());
    double variance = 0;
    for (const double s : samples)
        variance += (s - mean) * (s - mean);
    variance /= double(samples.size());
    stats.set("median_us", JsonValue(quantile(0.5)));
    stats.set("p20_us", JsonValue(quantile(0.2)));
    stats.set("p80_us", JsonValue(quantile(0.8)));
    stats.set("min_us", JsonValue(samples.front()));
    stats.set("cv", JsonValue(mean > 0 ? std::sqrt(variance) / mean : 0.0));
    stats.set("n", JsonValue(double(samples.size())));
    return stats;
}

} // namespace kwb::runner
