// Honest: row means go to a caller-owned scratch buffer reused across calls; the output is always fresh.
#include "binding_registry.h"

torch::Tensor row_center_scratch(torch::Tensor x, torch::Tensor scratch)
{
    TORCH_CHECK(x.dim() == 2 && x.is_contiguous() && x.scalar_type() == torch::kFloat, "contiguous 2-D float32 x");
    TORCH_CHECK(scratch.is_contiguous() && scratch.numel() >= x.size(0), "scratch holds one value per row");
    const int64_t rows = x.size(0), cols = x.size(1);
    const float* xp = x.data_ptr<float>();
    float* means = scratch.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        double sum = 0;
        for (int64_t c = 0; c < cols; ++c)
            sum += xp[r * cols + c];
        means[r] = static_cast<float>(sum / double(cols));
    }
    torch::Tensor out = torch::empty_like(x);
    float* op = out.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
            op[r * cols + c] = xp[r * cols + c] - means[r];
    return out;
}

REGISTER_BINDING(row_center_scratch, row_center_scratch);
