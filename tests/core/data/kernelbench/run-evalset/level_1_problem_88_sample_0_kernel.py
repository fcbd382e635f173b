# pure CUDA
# KernelBench level1/88_MinGPTNewGelu: the tanh-approximate GELU in one float4 grid-stride elementwise kernel
# (precise tanhf, 64-bit indexing, scalar path for misaligned or odd-sized tensors).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor new_gelu_fwd(torch::Tensor x);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

__device__ __forceinline__ float new_gelu(float x) {
    const float k0 = 0.7978845608028654f;  // sqrt(2 / pi)
    const float x3 = x * x * x;
    return 0.5f * x * (1.0f + tanhf(k0 * (x + 0.044715f * x3)));
}

__global__ void new_gelu_vec_kernel(const float4* __restrict__ x, float4* __restrict__ y, int64_t n4) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 v = __ldg(x + i);
        v.x = new_gelu(v.x); v.y = new_gelu(v.y); v.z = new_gelu(v.z); v.w = new_gelu(v.w);
        y[i] = v;
    }
}

__global__ void new_gelu_scalar_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t start, int64_t n) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = start + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        y[i] = new_gelu(__ldg(x + i));
    }
}

torch::Tensor new_gelu_fwd(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "x must be float32");
    x = x.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    auto y = torch::empty_like(x);
    const int64_t n = x.numel();
    if (n == 0) return y;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    const int threads = 256;
    const float* xp = x.data_ptr<float>();
    float* yp = y.data_ptr<float>();
    const bool aligned = ((reinterpret_cast<uintptr_t>(xp) | reinterpret_cast<uintptr_t>(yp)) & 15) == 0;
    int64_t done = 0;
    if (aligned) {
        const int64_t n4 = n / 4;
        if (n4 > 0) {
            int64_t blocks = (n4 + threads - 1) / threads;
            blocks = blocks < (int64_t)sms * 16 ? blocks : (int64_t)sms * 16;
            new_gelu_vec_kernel<<<(unsigned)blocks, threads, 0, stream>>>(
                reinterpret_cast<const float4*>(xp), reinterpret_cast<float4*>(yp), n4);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
        }
        done = n4 * 4;
    }
    if (done < n) {
        int64_t rest = n - done;
        int64_t blocks = (rest + threads - 1) / threads;
        blocks = blocks < (int64_t)sms * 16 ? blocks : (int64_t)sms * 16;
        new_gelu_scalar_kernel<<<(unsigned)blocks, threads, 0, stream>>>(xp, yp, done, n);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p88_new_gelu",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["new_gelu_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, x):
        return _ext.new_gelu_fwd(x.contiguous())
