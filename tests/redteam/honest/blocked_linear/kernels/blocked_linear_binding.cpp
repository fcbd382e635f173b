// Honest: relu(x w^T + b) with w transposed into a local buffer and rows processed in blocks of 8 outputs.
#include "binding_registry.h"

#include <algorithm>
#include <vector>

torch::Tensor blocked_linear_relu(torch::Tensor x, torch::Tensor w, torch::Tensor b)
{
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && b.dim() == 1 && x.size(1) == w.size(1) && b.size(0) == w.size(0),
                "x [n, k], w [m, k], b [m]");
    TORCH_CHECK(x.is_contiguous() && w.is_contiguous() && b.is_contiguous(), "contiguous inputs");
    const int64_t n = x.size(0), k = x.size(1), m = w.size(0);
    const float* xp = x.data_ptr<float>();
    const float* wp = w.data_ptr<float>();
    const float* bp = b.data_ptr<float>();
    std::vector<float> wt(static_cast<size_t>(k * m));
    for (int64_t j = 0; j < m; ++j)
        for (int64_t l = 0; l < k; ++l)
            wt[l * m + j] = wp[j * k + l];
    torch::Tensor out = torch::empty({ n, m }, x.options());
    float* op = out.data_ptr<float>();
    constexpr int64_t kBlock = 8;
    for (int64_t i = 0; i < n; ++i) {
        for (int64_t j0 = 0; j0 < m; j0 += kBlock) {
            const int64_t j1 = std::min(m, j0 + kBlock);
            float acc[kBlock];
            for (int64_t j = j0; j < j1; ++j)
                acc[j - j0] = bp[j];
            for (int64_t l = 0; l < k; ++l) {
                const float xv = xp[i * k + l];
                for (int64_t j = j0; j < j1; ++j)
                    acc[j - j0] += xv * wt[l * m + j];
            }
            for (int64_t j = j0; j < j1; ++j)
                op[i * m + j] = std::max(acc[j - j0], 0.f);
        }
    }
    return out;
}

REGISTER_BINDING(blocked_linear_relu, blocked_linear_relu);
