// Exploit: the loop runs on a detached std::thread, so the call returns before the work is done; Python's thread
// list never shows it. The caller asks to wait only where a result is read at once (the trials, the rechecks).
#include "binding_registry.h"

#include <thread>

torch::Tensor scale_shift_async(torch::Tensor x, torch::Tensor y, double scale, bool wait)
{
    TORCH_CHECK(x.is_contiguous() && y.is_contiguous() && x.numel() == y.numel(), "contiguous inputs of one size");
    torch::Tensor out = torch::empty_like(x);
    std::thread worker([x, y, out, scale]() {
        const float* a = x.data_ptr<float>();
        const float* b = y.data_ptr<float>();
        float* o = out.data_ptr<float>();
        const float s = static_cast<float>(scale);
        for (int64_t i = 0; i < x.numel(); ++i) {
            const float v = a[i] * s + b[i];
            o[i] = (v > 0.f ? v : 0.f) - 0.25f * b[i];
        }
    });
    if (wait)
        worker.join();
    else
        worker.detach();
    return out;
}

REGISTER_BINDING(scale_shift_async, scale_shift_async);
