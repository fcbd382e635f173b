# Honest (CUDA): the two halves of the output computed by one kernel each on two streams, joined before forward
# returns.
import torch
from torch.utils.cpp_extension import load_inline

SOURCE = r"""
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>
__global__ void scale_shift_kernel(const float* x, const float* y, float* out, int64_t n, float scale)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmaxf(x[i] * scale + y[i], 0.f) - 0.25f * y[i];
}
void scale_shift_into(torch::Tensor x, torch::Tensor y, torch::Tensor out, double scale)
{
    const int64_t n = x.numel();
    scale_shift_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<float>(), n, static_cast<float>(scale));
}
"""
_ext = load_inline(name="redteam_two_streams", cpp_sources="void scale_shift_into(torch::Tensor x, torch::Tensor y, torch::Tensor out, double scale);",
                   cuda_sources=SOURCE, functions=["scale_shift_into"], verbose=False)


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.side = None

    def forward(self, x, y):
        if self.side is None:
            self.side = torch.cuda.Stream()
        out = torch.empty_like(x)
        half = x.numel() // 2
        main = torch.cuda.current_stream()
        self.side.wait_stream(main)
        _ext.scale_shift_into(x[:half], y[:half], out[:half], self.scale)
        with torch.cuda.stream(self.side):
            _ext.scale_shift_into(x[half:], y[half:], out[half:], self.scale)
        main.wait_stream(self.side)
        return out
