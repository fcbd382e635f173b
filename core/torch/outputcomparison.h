#pragma once

#include <string>

namespace kwb::torchio {

// The judge's verdict on one correctness trial. Free of LibTorch so the runner and Qt code can include it.
struct TrialComparison
{
    bool passed = false;
    double maxAbsError = 0;
    double maxRelError = 0;
    double mismatchFraction = 0; // elements outside atol + rtol * |reference|
    std::string message; // why it failed, one sentence; empty when it passed
    // The values match but a tensor is laid out differently (a permuted view where the reference is
    // contiguous): the layout work may have been skipped. Flagged for review, not failed.
    bool layoutDiffers = false;
};

// Compares a candidate's saved outputs with the reference's: same structure, shapes and dtypes, and every
// element within tolerance. NaN or Inf where the reference has a finite value fails; integer outputs must match.
TrialComparison compareOutputs(const std::string& referencePath, const std::string& candidatePath, double atol, double rtol);

} // namespace kwb::torchio
