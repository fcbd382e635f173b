#pragma once

#include "runner/jsonvalue.h"

#include <vector>

namespace kwb::runner {

// The statistics every timing in a result carries, computed as the harness computes them (quantiles interpolated
// between the sorted samples): median_us, p20_us, p80_us, min_us, cv (population standard deviation / mean), n.
class TimingStats
{
public:
    static JsonValue of(std::vector<double> samplesUs);
};

} // namespace kwb::runner
