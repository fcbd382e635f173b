#include "runner/rewardscheme.h"

#include <algorithm>
#include <cmath>

namespace kwb::runner {

namespace {

// "t < 0.95 t0": more than 5 % less time than the baseline.
bool fasterByFivePercent(double speedup)
{
    return std::isfinite(speedup) && 1.0 / speedup < 0.95;
}

} // namespace

bool RewardScheme::isKnown(const std::string& name)
{
    return name == "cuda-agent" || name == "kevin" || name == "speedup";
}

const char* RewardScheme::names()
{
    return "cuda-agent, kevin, speedup";
}

double RewardScheme::reward(const std::string& scheme, bool correct, double speedupVsEager, double speedupVsCompile)
{
    if (scheme == "kevin")
        return correct ? 0.3 + (std::isfinite(speedupVsEager) ? speedupVsEager : 0.0) : 0.0;
    if (scheme == "speedup") {
        constexpr double kSlowestCorrect = -0.9;
        if (!correct)
            return -1.0;
        // Untimed (a verify-only run, a failed timing pass): correct, and no claim to any speed.
        return std::isfinite(speedupVsCompile) && speedupVsCompile > 0 ? std::max(std::log(speedupVsCompile), kSlowestCorrect)
                                                                       : kSlowestCorrect;
    }
    if (!correct)
        return -1.0;
    if (fasterByFivePercent(speedupVsEager))
        return fasterByFivePercent(speedupVsCompile) ? 3.0 : 2.0;
    return 1.0;
}

} // namespace kwb::runner
