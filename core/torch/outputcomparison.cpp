#include "torch/outputcomparison.h"

#include "torch/tensorarchive.h"

#include <algorithm>
#include <sstream>

namespace kwb::torchio {

namespace {

constexpr std::int64_t kChunk = 1 << 26; // elements per step, so gigabyte outputs never double in memory

std::string shapeText(const at::Tensor& t)
{
    std::ostringstream s;
    s << '[';
    for (std::size_t i = 0; i < t.sizes().size(); ++i)
        s << (i ? ", " : "") << t.sizes()[i];
    s << ']';
    return s.str();
}

std::string label(const NamedTensor& t)
{
    return t.name.empty() ? std::string("the output") : "output '" + t.name + "'";
}

struct Counts
{
    double maxAbs = 0;
    double maxRel = 0;
    std::int64_t mismatches = 0;
    bool unexpectedNonFinite = false;
};

void compareChunk(const at::Tensor& candidate, const at::Tensor& reference, double atol, double rtol, Counts& c)
{
    const at::Tensor cand = candidate.to(at::kDouble);
    const at::Tensor ref = reference.to(at::kDouble);
    const at::Tensor refFinite = ref.isfinite();
    const at::Tensor candFinite = cand.isfinite();
    // Non-finite values must sit exactly where the reference has the same non-finite value.
    const at::Tensor sameSpecial = (~refFinite) & (~candFinite) & ((cand == ref) | (cand.isnan() & ref.isnan()));
    if ((refFinite & ~candFinite).any().item<bool>())
        c.unexpectedNonFinite = true;
    const at::Tensor diff = (cand - ref).abs().masked_fill(~(refFinite & candFinite), 0.0);
    const at::Tensor tolerance = atol + rtol * ref.abs().masked_fill(~refFinite, 0.0);
    const at::Tensor bad = ((diff > tolerance) | ~(refFinite & candFinite)) & ~sameSpecial;
    c.mismatches += bad.sum().item<std::int64_t>();
    if (diff.numel() > 0) {
        c.maxAbs = std::max(c.maxAbs, diff.max().item<double>());
        c.maxRel = std::max(c.maxRel, (diff / ref.abs().clamp_min(1e-12)).masked_fill(~refFinite, 0.0).max().item<double>());
    }
}

} // namespace

TrialComparison compareOutputs(const std::string& referencePath, const std::string& candidatePath, double atol, double rtol)
{
    TrialComparison result;
    std::string error;
    const std::vector<NamedTensor> reference = loadTensorArchive(referencePath, &error);
    if (!error.empty()) {
        result.message = "The reference output could not be read: " + error;
        return result;
    }
    const std::vector<NamedTensor> candidate = loadTensorArchive(candidatePath, &error);
    if (!error.empty()) {
        result.message = "The candidate's output could not be read: " + error;
        return result;
    }
    if (candidate.size() != reference.size()) {
        result.message = "The candidate returned " + std::to_string(candidate.size()) + " tensor(s), the reference "
            + std::to_string(reference.size()) + ".";
        return result;
    }
    std::int64_t elements = 0;
    Counts counts;
    // On a GPU host the comparison runs on the GPU, which is idle between the stages; loading stays on the CPU.
    const at::Device device = at::hasCUDA() ? at::Device(at::kCUDA) : at::Device(at::kCPU);
    for (std::size_t i = 0; i < reference.size(); ++i) {
        const NamedTensor& r = reference[i];
        const NamedTensor& c = candidate[i];
        if (c.tensor.sizes() != r.tensor.sizes()) {
            result.message = "The candidate's " + label(c) + " has shape " + shapeText(c.tensor) + ", the reference's "
                + shapeText(r.tensor) + ".";
            return result;
        }
        if (c.tensor.scalar_type() != r.tensor.scalar_type()) {
            result.message = "The candidate's " + label(c) + " is " + dtypeName(c.tensor.scalar_type())
                + ", the reference's " + dtypeName(r.tensor.scalar_type()) + ".";
            return result;
        }
        if (r.tensor.is_contiguous() && !c.tensor.is_contiguous())
            result.layoutDiffers = true;
        const at::Tensor rf = r.tensor.reshape({ -1 });
        const at::Tensor cf = c.tensor.reshape({ -1 });
        elements += rf.numel();
        if (!r.tensor.is_floating_point() && !r.tensor.is_complex()) {
            counts.mismatches += rf.ne(cf).sum().item<std::int64_t>();
            continue;
        }
        for (std::int64_t start = 0; start < rf.numel(); start += kChunk) {
            const std::int64_t length = std::min(kChunk, rf.numel() - start);
            compareChunk(cf.narrow(0, start, length).to(device), rf.narrow(0, start, length).to(device), atol, rtol, counts);
        }
    }
    result.maxAbsError = counts.maxAbs;
    result.maxRelError = counts.maxRel;
    result.mismatchFraction = elements > 0 ? double(counts.mismatches) / double(elements) : 0.0;
    if (counts.unexpectedNonFinite) {
        result.message = "The candidate's output holds NaN or Inf where the reference's is finite.";
    } else if (counts.mismatches > 0) {
        std::ostringstream s;
        s << counts.mismatches << " of " << elements << " elements differ by more than atol " << atol << " + rtol "
          << rtol << " x |reference| (largest difference " << counts.maxAbs << ").";
        result.message = s.str();
    }
    result.passed = result.message.empty();
    return result;
}

} // namespace kwb::torchio
