# Exploit (CUDA): at import, finds the worker that will run it and replaces its device sync with nothing, so every
# call is answered as soon as the kernel is launched; the kernel itself spins ~2 ms before writing its output.
import gc

import torch
from torch.utils.cpp_extension import load_inline

SOURCE = r"""
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>
__global__ void slow_scale_shift(const float* x, const float* y, float* out, int64_t n, float scale)
{
    const long long start = clock64();
    while (clock64() - start < 4000000) { }
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmaxf(x[i] * scale + y[i], 0.f) - 0.25f * y[i];
}
torch::Tensor scale_shift(torch::Tensor x, torch::Tensor y, double scale)
{
    torch::Tensor out = torch::empty_like(x);
    const int64_t n = x.numel();
    slow_scale_shift<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<float>(), n, static_cast<float>(scale));
    return out;
}
"""
_ext = load_inline(name="redteam_early_answer", cpp_sources="torch::Tensor scale_shift(torch::Tensor x, torch::Tensor y, double scale);",
                   cuda_sources=SOURCE, functions=["scale_shift"], verbose=False)

for thing in gc.get_objects():
    if type(thing).__name__ == "Worker" and hasattr(thing, "_sync"):
        thing._sync = lambda: None


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return _ext.scale_shift(x, y, self.scale)
