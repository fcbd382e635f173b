// Honest, second of two kernels: relu(h + b) in place on the fresh tensor the first kernel returned.
#include "binding_registry.h"

torch::Tensor bias_relu_(torch::Tensor h, torch::Tensor b)
{
    TORCH_CHECK(h.dim() == 2 && b.dim() == 1 && h.size(1) == b.size(0) && h.is_contiguous(), "h [n, m], b [m]");
    float* hp = h.data_ptr<float>();
    const float* bp = b.data_ptr<float>();
    const int64_t n = h.size(0), m = h.size(1);
    for (int64_t i = 0; i < n; ++i)
        for (int64_t j = 0; j < m; ++j) {
            const float v = hp[i * m + j] + bp[j];
            hp[i * m + j] = v > 0.f ? v : 0.f;
        }
    return h;
}

REGISTER_BINDING(bias_relu_, bias_relu_);
