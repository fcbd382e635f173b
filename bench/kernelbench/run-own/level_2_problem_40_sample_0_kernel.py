# torch for the Linear GEMM (F.linear / cuBLAS), CUDA for the scaling + residual add
# KernelBench level2/40_Matmul_Scaling_ResidualAdd: y = linear(x); out = y * s + y. The clone/detach of the
# reference is only a copy of y, so one float4 in-place kernel on the GEMM's output finishes the job (no extra
# tensor is read or written).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor scale_residual_inplace(torch::Tensor y, double scale);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void scale_residual_vec_kernel(float4* __restrict__ y, int64_t n4, float s) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 v = y[i];
        v.x = v.x * s + v.x; v.y = v.y * s + v.y; v.z = v.z * s + v.z; v.w = v.w * s + v.w;
        y[i] = v;
    }
}

__global__ void scale_residual_scalar_kernel(float* __restrict__ y, int64_t start, int64_t n, float s) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = start + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        const float v = y[i];
        y[i] = v * s + v;
    }
}

torch::Tensor scale_residual_inplace(torch::Tensor y, double scale) {
    TORCH_CHECK(y.is_cuda() && y.scalar_type() == torch::kFloat32 && y.is_contiguous(), "y must be a contiguous float32 CUDA tensor");
    const c10::cuda::OptionalCUDAGuard guard(y.device());
    const int64_t n = y.numel();
    if (n == 0) return y;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    float* p = y.data_ptr<float>();
    int64_t done = 0;
    if ((reinterpret_cast<uintptr_t>(p) & 15) == 0) {
        const int64_t n4 = n / 4;
        if (n4 > 0) {
            int64_t blocks = (n4 + 255) / 256;
            if (blocks > (int64_t)sms * 16) blocks = (int64_t)sms * 16;
            scale_residual_vec_kernel<<<(unsigned)blocks, 256, 0, stream>>>(reinterpret_cast<float4*>(p), n4, (float)scale);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
        }
        done = n4 * 4;
    }
    if (done < n) {
        int64_t blocks = (n - done + 255) / 256;
        if (blocks > (int64_t)sms * 16) blocks = (int64_t)sms * 16;
        scale_residual_scalar_kernel<<<(unsigned)blocks, 256, 0, stream>>>(p, done, n, (float)scale);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p40_scale_residual",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["scale_residual_inplace"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features, scaling_factor):
        super(ModelNew, self).__init__()
        self.matmul = nn.Linear(in_features, out_features)
        self.scaling_factor = scaling_factor

    def forward(self, x):
        y = F.linear(x, self.matmul.weight, self.matmul.bias).contiguous()
        return _ext.scale_residual_inplace(y, float(self.scaling_factor))
