# torch for the Linear GEMM (F.linear / cuBLAS), CUDA for GELU + softmax
# KernelBench level2/99_Matmul_GELU_Softmax: one block per row applies the exact (erf) GELU and the row softmax
# in a single read and a single write: up to 8192 columns stay in registers (8 float4 per thread), block-wide
# max and sum via warp shuffles; longer or unaligned rows take a three-pass fallback.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor gelu_softmax_rows_fwd(torch::Tensor y);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

#define THREADS 256
#define VPT 8  // float4 per thread in the register path

__device__ __forceinline__ float gelu_erf(float v) { return 0.5f * v * (1.f + erff(v * 0.7071067811865476f)); }

__device__ __forceinline__ float block_max(float v, float* sh) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    float r = lane < THREADS / 32 ? sh[lane] : -CUDART_INF_F;
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) r = fmaxf(r, __shfl_xor_sync(0xffffffffu, r, o));
    __syncthreads();
    return r;
}

__device__ __forceinline__ float block_sum(float v, float* sh) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    float r = lane < THREADS / 32 ? sh[lane] : 0.f;
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) r += __shfl_xor_sync(0xffffffffu, r, o);
    __syncthreads();
    return r;
}

// C % 4 == 0, C <= THREADS * VPT * 4, aligned rows
__global__ void __launch_bounds__(THREADS) gelu_softmax_reg_kernel(const float* __restrict__ x, float* __restrict__ y,
                                                                   int64_t C) {
    __shared__ float sh[32];
    const int64_t row = blockIdx.x;
    const float4* xr = reinterpret_cast<const float4*>(x + row * C);
    float4* yr = reinterpret_cast<float4*>(y + row * C);
    const int C4 = (int)(C / 4);
    float4 v[VPT];
    float m = -CUDART_INF_F;
    #pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int j = threadIdx.x + i * THREADS;
        if (j < C4) {
            float4 t = __ldg(xr + j);
            t.x = gelu_erf(t.x); t.y = gelu_erf(t.y); t.z = gelu_erf(t.z); t.w = gelu_erf(t.w);
            v[i] = t;
            m = fmaxf(m, fmaxf(fmaxf(t.x, t.y), fmaxf(t.z, t.w)));
        }
    }
    m = block_max(m, sh);
    float s = 0.f;
    #pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int j = threadIdx.x + i * THREADS;
        if (j < C4) {
            v[i].x = expf(v[i].x - m); v[i].y = expf(v[i].y - m); v[i].z = expf(v[i].z - m); v[i].w = expf(v[i].w - m);
            s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
        }
    }
    s = block_sum(s, sh);
    const float inv = 1.f / s;
    #pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int j = threadIdx.x + i * THREADS;
        if (j < C4) yr[j] = make_float4(v[i].x * inv, v[i].y * inv, v[i].z * inv, v[i].w * inv);
    }
}

// any C: GELU written to y, then max, sum and normalize passes over y (L2-resident rows)
__global__ void __launch_bounds__(THREADS) gelu_softmax_generic_kernel(const float* __restrict__ x, float* __restrict__ y,
                                                                       int64_t C) {
    __shared__ float sh[32];
    const int64_t row = blockIdx.x;
    const float* xr = x + row * C;
    float* yr = y + row * C;
    float m = -CUDART_INF_F;
    for (int64_t j = threadIdx.x; j < C; j += THREADS) {
        const float g = gelu_erf(xr[j]);
        yr[j] = g;
        m = fmaxf(m, g);
    }
    m = block_max(m, sh);
    float s = 0.f;
    for (int64_t j = threadIdx.x; j < C; j += THREADS) s += expf(yr[j] - m);
    s = block_sum(s, sh);
    const float inv = 1.f / s;
    for (int64_t j = threadIdx.x; j < C; j += THREADS) yr[j] = expf(yr[j] - m) * inv;
}

torch::Tensor gelu_softmax_rows_fwd(torch::Tensor x) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 2, "x must be a 2D float32 CUDA tensor");
    x = x.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t R = x.size(0), C = x.size(1);
    auto y = torch::empty_like(x);
    if (R == 0 || C == 0) return y;
    TORCH_CHECK(R < (1LL << 31), "too many rows");
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const bool aligned = ((reinterpret_cast<uintptr_t>(x.data_ptr<float>()) |
                           reinterpret_cast<uintptr_t>(y.data_ptr<float>())) & 15) == 0;
    if (aligned && C % 4 == 0 && C <= (int64_t)THREADS * VPT * 4) {
        gelu_softmax_reg_kernel<<<(unsigned)R, THREADS, 0, stream>>>(x.data_ptr<float>(), y.data_ptr<float>(), C);
    } else {
        gelu_softmax_generic_kernel<<<(unsigned)R, THREADS, 0, stream>>>(x.data_ptr<float>(), y.data_ptr<float>(), C);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p99_gelu_softmax",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["gelu_softmax_rows_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_features, out_features):
        super(ModelNew, self).__init__()
        self.linear = nn.Linear(in_features, out_features)

    def forward(self, x):
        y = F.linear(x, self.linear.weight, self.linear.bias)
        return _ext.gelu_softmax_rows_fwd(y)
