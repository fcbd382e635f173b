# pure CUDA
# KernelBench level1/99_TripletMarginLoss: mean(max(||a - p + eps|| - ||a - n + eps|| + margin, 0)) (p = 2,
# eps = 1e-6 as in torch's pairwise_distance). One block per row reads the three rows once with float4 loads and
# reduces both squared distances together; a one-block fp64 pass takes the mean (deterministic).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor triplet_margin_fwd(torch::Tensor a, torch::Tensor p, torch::Tensor n, double margin, double eps);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 256

__device__ __forceinline__ float sq(float v) { return v * v; }

__global__ void __launch_bounds__(THREADS) triplet_rows_kernel(const float* __restrict__ a, const float* __restrict__ p,
                                                               const float* __restrict__ n, float* __restrict__ loss,
                                                               int64_t R, int64_t D, float margin, float eps, bool vec) {
    __shared__ float shp[32], shn[32];
    for (int64_t r = blockIdx.x; r < R; r += gridDim.x) {
        const float* ar = a + r * D;
        const float* pr = p + r * D;
        const float* nr = n + r * D;
        float sp = 0.f, sn = 0.f;
        if (vec) {
            const float4* a4 = reinterpret_cast<const float4*>(ar);
            const float4* p4 = reinterpret_cast<const float4*>(pr);
            const float4* n4 = reinterpret_cast<const float4*>(nr);
            for (int64_t j = threadIdx.x; j < D / 4; j += THREADS) {
                const float4 va = __ldg(a4 + j), vp = __ldg(p4 + j), vn = __ldg(n4 + j);
                sp += (sq(va.x - vp.x + eps) + sq(va.y - vp.y + eps)) + (sq(va.z - vp.z + eps) + sq(va.w - vp.w + eps));
                sn += (sq(va.x - vn.x + eps) + sq(va.y - vn.y + eps)) + (sq(va.z - vn.z + eps) + sq(va.w - vn.w + eps));
            }
        } else {
            for (int64_t j = threadIdx.x; j < D; j += THREADS) {
                const float va = __ldg(ar + j);
                sp += sq(va - __ldg(pr + j) + eps);
                sn += sq(va - __ldg(nr + j) + eps);
            }
        }
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) {
            sp += __shfl_xor_sync(0xffffffffu, sp, o);
            sn += __shfl_xor_sync(0xffffffffu, sn, o);
        }
        const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
        if (lane == 0) { shp[wid] = sp; shn[wid] = sn; }
        __syncthreads();
        if (wid == 0) {
            sp = lane < (THREADS / 32) ? shp[lane] : 0.f;
            sn = lane < (THREADS / 32) ? shn[lane] : 0.f;
            #pragma unroll
            for (int o = 16; o > 0; o >>= 1) {
                sp += __shfl_xor_sync(0xffffffffu, sp, o);
                sn += __shfl_xor_sync(0xffffffffu, sn, o);
            }
            if (lane == 0) loss[r] = fmaxf(sqrtf(sp) - sqrtf(sn) + margin, 0.f);
        }
        __syncthreads();
    }
}

__global__ void mean_finish_kernel(const float* __restrict__ v, int64_t n, float* __restrict__ out) {
    __shared__ double sh[32];
    double acc = 0.0;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) acc += (double)v[i];
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = acc;
    __syncthreads();
    if (wid == 0) {
        acc = lane < (int)(blockDim.x >> 5) ? sh[lane] : 0.0;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
        if (lane == 0) out[0] = (float)(acc / (double)n);
    }
}

torch::Tensor triplet_margin_fwd(torch::Tensor a, torch::Tensor p, torch::Tensor n, double margin, double eps) {
    TORCH_CHECK(a.is_cuda() && p.is_cuda() && n.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(a.scalar_type() == torch::kFloat32 && p.scalar_type() == torch::kFloat32 &&
                n.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(a.dim() == 2 && a.sizes() == p.sizes() && a.sizes() == n.sizes(), "expected three (R, D) tensors");
    a = a.contiguous();
    p = p.contiguous();
    n = n.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(a.device());
    const int64_t R = a.size(0), D = a.size(1);
    auto out = torch::empty({}, a.options());
    auto loss = torch::empty({R > 0 ? R : 1}, a.options());
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const bool vec = (D % 4 == 0) && ((reinterpret_cast<uintptr_t>(a.data_ptr<float>()) |
                                       reinterpret_cast<uintptr_t>(p.data_ptr<float>()) |
                                       reinterpret_cast<uintptr_t>(n.data_ptr<float>())) & 15) == 0;
    if (R > 0) {
        const int64_t blocks = R < (1LL << 30) ? R : (1LL << 30);
        triplet_rows_kernel<<<(unsigned)blocks, THREADS, 0, stream>>>(a.data_ptr<float>(), p.data_ptr<float>(),
                                                                      n.data_ptr<float>(), loss.data_ptr<float>(), R, D,
                                                                      (float)margin, (float)eps, vec);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
    }
    mean_finish_kernel<<<1, 1024, 0, stream>>>(loss.data_ptr<float>(), R, out.data_ptr<float>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p99_triplet_margin",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["triplet_margin_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, margin=1.0):
        super(ModelNew, self).__init__()
        self.margin = float(margin)
        self.eps = 1e-6  # TripletMarginLoss default (p = 2, swap = False, reduction = 'mean')

    def forward(self, anchor, positive, negative):
        return _ext.triplet_margin_fwd(anchor.contiguous(), positive.contiguous(), negative.contiguous(),
                                       self.margin, self.eps)
