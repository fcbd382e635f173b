#pragma once

#include <string>

namespace kwb::runner {

// How a verdict and timings become one number.
//   cuda-agent  -1 incorrect; 1 correct; 2 faster than eager by more than 5 %; 3 faster than eager and
//               torch.compile by more than 5 % (the CUDA Agent paper's schedule)
//   kevin       0 incorrect; 0.3 + speedup over eager when correct
//   speedup     -1 incorrect; ln(speedup over torch.compile) when correct, floored at -0.9 so any correct
//               kernel scores above any incorrect one
// A correct candidate that was not timed scores as correct without any speedup: 1, 0.3 and -0.9.
class RewardScheme
{
public:
    static bool isKnown(const std::string& name);
    static const char* names(); // for help texts: "cuda-agent, kevin, speedup"

    // Speedups are baseline time / candidate time; NaN when not measured (then only correctness counts).
    static double reward(const std::string& scheme, bool correct, double speedupVsEager, double speedupVsCompile);
};

} // namespace kwb::runner
