#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace kwb::torchio {

// What a tensor holds, in a few numbers a person or a judge can read without LibTorch.
struct TensorSummary
{
    std::string name; // key path inside the file: "" for a lone tensor, "out", "0", "a.b.1"
    std::string dtype; // Python spelling: "float32", "bfloat16", "int64", ...
    std::vector<std::int64_t> shape;
    std::int64_t numel = 0;
    // Over the finite elements only (complex: their magnitudes); NaN when there are none.
    double min = 0.0;
    double max = 0.0;
    double mean = 0.0;
    bool hasNan = false;
    bool hasInf = false;
};

} // namespace kwb::torchio
