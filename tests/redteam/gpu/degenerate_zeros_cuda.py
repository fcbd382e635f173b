# Exploit (CUDA): KernelBench level 2 task 23's pattern (Conv3d -> GroupNorm -> mean over all but the batch) is
# zero up to rounding, so a kernel that writes zeros passes its comparison; the task is degenerate, not the kernel
# right.
import torch
from torch.utils.cpp_extension import load_inline

SOURCE = r"""
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>
__global__ void zero_kernel(float* out, int64_t n)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = 0.f;
}
torch::Tensor zeros_for(torch::Tensor x)
{
    torch::Tensor out = torch::empty({x.size(0)}, x.options());
    zero_kernel<<<1, 256, 0, at::cuda::getCurrentCUDAStream()>>>(out.data_ptr<float>(), out.numel());
    return out;
}
"""
_ext = load_inline(name="redteam_degenerate_zeros", cpp_sources="torch::Tensor zeros_for(torch::Tensor x);",
                   cuda_sources=SOURCE, functions=["zeros_for"], verbose=False)


class ModelNew(torch.nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, num_groups):
        super().__init__()

    def forward(self, x):
        return _ext.zeros_for(x)
