# torch for the two Linear GEMMs (F.linear / cuBLAS), CUDA for the sigmoid and the row LogSumExp
# KernelBench level2/45_Gemm_Sigmoid_LogSumExp: linear1 -> sigmoid (float4 in-place kernel on the GEMM output)
# -> linear2 -> logsumexp over dim 1 (one warp per row, online max / sum of exp over float4 loads).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor sigmoid_inplace_fwd(torch::Tensor y);
torch::Tensor row_logsumexp_fwd(torch::Tensor z);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

__device__ __forceinline__ float sigm(float v) { return 1.f / (1.f + expf(-v)); }

__global__ void sigmoid_vec_kernel(float4* __restrict__ y, int64_t n4) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += stride) {
        float4 v = y[i];
        v.x = sigm(v.x); v.y = sigm(v.y); v.z = sigm(v.z); v.w = sigm(v.w);
        y[i] = v;
    }
}

__global__ void sigmoid_scalar_kernel(float* __restrict__ y, int64_t start, int64_t n) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    for (int64_t i = start + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) y[i] = sigm(y[i]);
}

__device__ __forceinline__ void lse_merge(float& m, float& s, float m2, float s2) {
    const float mn = fmaxf(m, m2);
    if (mn == -CUDART_INF_F) return;
    s = s * expf(m - mn) + s2 * expf(m2 - mn);
    m = mn;
}

// one warp per row, 8 rows per block
__global__ void row_lse_kernel(const float* __restrict__ z, float* __restrict__ out, int64_t R, int64_t C, bool vec) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= R) return;
    const float* zr = z + row * C;
    float m = -CUDART_INF_F, s = 0.f;
    if (vec) {
        const float4* z4 = reinterpret_cast<const float4*>(zr);
        for (int64_t i = lane; i < C / 4; i += 32) {
            const float4 v = __ldg(z4 + i);
            const float mx = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
            if (mx > m) {
                s *= expf(m - mx);
                m = mx;
            }
            s += (expf(v.x - m) + expf(v.y - m)) + (expf(v.z - m) + expf(v.w - m));
        }
    } else {
        for (int64_t i = lane; i < C; i += 32) {
            const float v = __ldg(zr + i);
            if (v > m) {
                s = s * expf(m - v) + 1.f;
                m = v;
            } else {
                s += expf(v - m);
            }
        }
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, o);
        const float s2 = __shfl_xor_sync(0xffffffffu, s, o);
        lse_merge(m, s, m2, s2);
    }
    if (lane == 0) out[row] = (m == -CUDART_INF_F) ? m : m + logf(s);
}

torch::Tensor sigmoid_inplace_fwd(torch::Tensor y) {
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
            sigmoid_vec_kernel<<<(unsigned)blocks, 256, 0, stream>>>(reinterpret_cast<float4*>(p), n4);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
        }
        done = n4 * 4;
    }
    if (done < n) {
        int64_t blocks = (n - done + 255) / 256;
        if (blocks > (int64_t)sms * 16) blocks = (int64_t)sms * 16;
        sigmoid_scalar_kernel<<<(unsigned)blocks, 256, 0, stream>>>(p, done, n);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    return y;
}

torch::Tensor row_logsumexp_fwd(torch::Tensor z) {
    TORCH_CHECK(z.is_cuda() && z.scalar_type() == torch::kFloat32 && z.dim() == 2, "z must be a 2D float32 CUDA tensor");
    z = z.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(z.device());
    const int64_t R = z.size(0), C = z.size(1);
    auto out = torch::empty({R}, z.options());
    if (R == 0) return out;
    const bool vec = (C % 4 == 0) && (reinterpret_cast<uintptr_t>(z.data_ptr<float>()) & 15) == 0;
    row_lse_kernel<<<(unsigned)((R + 7) / 8), 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        z.data_ptr<float>(), out.data_ptr<float>(), R, C, vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p45_sigmoid_lse",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["sigmoid_inplace_fwd", "row_logsumexp_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size, output_size):
        super(ModelNew, self).__init__()
        self.linear1 = nn.Linear(input_size, hidden_size)
        self.linear2 = nn.Linear(hidden_size, output_size)

    def forward(self, x):
        h = F.linear(x, self.linear1.weight, self.linear1.bias).contiguous()
        h = _ext.sigmoid_inplace_fwd(h)
        z = F.linear(h, self.linear2.weight, self.linear2.bias)
        return _ext.row_logsumexp_fwd(z)
