# pure CUDA
# KernelBench level1/95_CrossEntropyLoss: mean cross entropy of (N, C) logits and int64 targets. One warp per row
# makes an online (max, sum of exp) pass over float4 loads and writes the row's loss; a single-block fp64 pass
# then averages the rows (deterministic, ignore_index -100 honoured as in F.cross_entropy).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor cross_entropy_mean_fwd(torch::Tensor logits, torch::Tensor targets);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

__device__ __forceinline__ void online_add(float& m, float& s, float v) {
    if (v > m) {
        s = s * expf(m - v) + 1.f;
        m = v;
    } else {
        s += expf(v - m);
    }
}

__device__ __forceinline__ void online_merge(float& m, float& s, float m2, float s2) {
    const float mn = fmaxf(m, m2);
    if (mn == -CUDART_INF_F) return;  // both empty
    s = s * expf(m - mn) + s2 * expf(m2 - mn);
    m = mn;
}

// 8 warps per block, one row per warp.
__global__ void ce_rows_kernel(const float* __restrict__ x, const int64_t* __restrict__ t,
                               float* __restrict__ loss, float* __restrict__ valid, int64_t N, int64_t C, bool vec) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= N) return;
    const float* xr = x + row * C;
    float m = -CUDART_INF_F, s = 0.f;
    if (vec) {
        const float4* x4 = reinterpret_cast<const float4*>(xr);
        const int64_t C4 = C / 4;
        for (int64_t i = lane; i < C4; i += 32) {
            const float4 v = __ldg(x4 + i);
            const float mx = fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
            if (mx > m) {
                s *= expf(m - mx);
                m = mx;
            }
            s += (expf(v.x - m) + expf(v.y - m)) + (expf(v.z - m) + expf(v.w - m));
        }
    } else {
        for (int64_t i = lane; i < C; i += 32) online_add(m, s, __ldg(xr + i));
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        const float m2 = __shfl_xor_sync(0xffffffffu, m, o);
        const float s2 = __shfl_xor_sync(0xffffffffu, s, o);
        online_merge(m, s, m2, s2);
    }
    if (lane == 0) {
        const int64_t tg = t[row];
        if (tg == -100 || tg < 0 || tg >= C) {  // ignored (out-of-range targets are an error in torch)
            loss[row] = 0.f;
            valid[row] = 0.f;
        } else {
            loss[row] = (m + logf(s)) - __ldg(xr + tg);
            valid[row] = 1.f;
        }
    }
}

__global__ void ce_mean_kernel(const float* __restrict__ loss, const float* __restrict__ valid, int64_t N,
                               float* __restrict__ out) {
    __shared__ double sl[32], sv[32];
    double a = 0.0, c = 0.0;
    for (int64_t i = threadIdx.x; i < N; i += blockDim.x) {
        a += (double)loss[i];
        c += (double)valid[i];
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        a += __shfl_xor_sync(0xffffffffu, a, o);
        c += __shfl_xor_sync(0xffffffffu, c, o);
    }
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) { sl[wid] = a; sv[wid] = c; }
    __syncthreads();
    if (wid == 0) {
        const int nw = blockDim.x >> 5;
        a = lane < nw ? sl[lane] : 0.0;
        c = lane < nw ? sv[lane] : 0.0;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            a += __shfl_xor_sync(0xffffffffu, a, o);
            c += __shfl_xor_sync(0xffffffffu, c, o);
        }
        if (lane == 0) out[0] = (float)(a / c);
    }
}

torch::Tensor cross_entropy_mean_fwd(torch::Tensor logits, torch::Tensor targets) {
    TORCH_CHECK(logits.is_cuda() && targets.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(logits.scalar_type() == torch::kFloat32 && logits.dim() == 2, "logits must be (N, C) float32");
    TORCH_CHECK(targets.scalar_type() == torch::kInt64 && targets.dim() == 1 && targets.size(0) == logits.size(0),
                "targets must be (N,) int64");
    logits = logits.contiguous();
    targets = targets.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(logits.device());
    const int64_t N = logits.size(0), C = logits.size(1);
    auto out = torch::empty({}, logits.options());
    auto loss = torch::empty({N > 0 ? N : 1}, logits.options());
    auto valid = torch::empty({N > 0 ? N : 1}, logits.options());
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const bool vec = (C % 4 == 0) && (reinterpret_cast<uintptr_t>(logits.data_ptr<float>()) & 15) == 0;
    if (N > 0) {
        const int64_t blocks = (N + 7) / 8;
        TORCH_CHECK(blocks < (1LL << 31), "too many rows");
        ce_rows_kernel<<<(unsigned)blocks, 256, 0, stream>>>(logits.data_ptr<float>(), targets.data_ptr<int64_t>(),
                                                            loss.data_ptr<float>(), valid.data_ptr<float>(), N, C, vec);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    ce_mean_kernel<<<1, 1024, 0, stream>>>(loss.data_ptr<float>(), valid.data_ptr<float>(), N, out.data_ptr<float>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p95_cross_entropy",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["cross_entropy_mean_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        return _ext.cross_entropy_mean_fwd(predictions.contiguous(), targets.contiguous())
