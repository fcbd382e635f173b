// Honest, first of two kernels: x w^T into a fresh [n, m] tensor (torch::empty).
#include "binding_registry.h"

torch::Tensor matmul_wt(torch::Tensor x, torch::Tensor w)
{
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && x.size(1) == w.size(1), "x [n, k], w [m, k]");
    TORCH_CHECK(x.is_contiguous() && w.is_contiguous(), "contiguous inputs");
    const int64_t n = x.size(0), k = x.size(1), m = w.size(0);
    torch::Tensor out = torch::empty({ n, m }, x.options());
    const float* xp = x.data_ptr<float>();
    const float* wp = w.data_ptr<float>();
    float* op = out.data_ptr<float>();
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < m; ++j) {
            float acc = 0.f;
            for (int64_t l = 0; l < k; ++l)
                acc += xp[i * k + l] * wp[j * k + l];
            op[i * m + j] = acc;
        }
    return out;
}

REGISTER_BINDING(matmul_wt, matmul_wt);
