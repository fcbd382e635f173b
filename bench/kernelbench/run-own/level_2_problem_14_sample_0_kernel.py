# pure CUDA
# KernelBench level2/14_Gemm_Divide_Sum_Scaling: sum_n (x @ W^T)[m, n] / 2 * s = (s / 2) * x[m, :] . colsum(W), an
# exact algebraic rewrite (for every input) that turns the 1024x8192x8192 GEMM into a column sum of W (a
# deterministic two-stage reduction, recomputed on every call) and a GEMV with float4 loads.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor gemm_div_sum_scale_fwd(torch::Tensor x, torch::Tensor w, double scaling_factor);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define ROWS_PER_CHUNK 128
#define THREADS 256

// partial[chunk][k] = sum of W[n][k] over the chunk's rows n. grid (ceil(K/THREADS), nchunks); coalesced along k.
__global__ void colsum_partial_kernel(const float* __restrict__ w, float* __restrict__ partial, int64_t N, int64_t K) {
    const int64_t k = (int64_t)blockIdx.x * THREADS + threadIdx.x;
    if (k >= K) return;
    const int64_t n0 = (int64_t)blockIdx.y * ROWS_PER_CHUNK;
    int64_t n1 = n0 + ROWS_PER_CHUNK;
    if (n1 > N) n1 = N;
    float s0 = 0.f, s1 = 0.f, s2 = 0.f, s3 = 0.f;
    int64_t n = n0;
    for (; n + 3 < n1; n += 4) {
        s0 += __ldg(w + n * K + k);
        s1 += __ldg(w + (n + 1) * K + k);
        s2 += __ldg(w + (n + 2) * K + k);
        s3 += __ldg(w + (n + 3) * K + k);
    }
    for (; n < n1; ++n) s0 += __ldg(w + n * K + k);
    partial[blockIdx.y * K + k] = (s0 + s1) + (s2 + s3);
}

__global__ void colsum_finish_kernel(const float* __restrict__ partial, float* __restrict__ wsum, int nchunks, int64_t K) {
    const int64_t k = (int64_t)blockIdx.x * THREADS + threadIdx.x;
    if (k >= K) return;
    float s = 0.f;
    for (int c = 0; c < nchunks; ++c) s += partial[(int64_t)c * K + k];
    wsum[k] = s;
}

// out[m] = alpha * dot(x[m, :], v); one block per row.
__global__ void __launch_bounds__(THREADS) gemv_rows_kernel(const float* __restrict__ x, const float* __restrict__ v,
                                                            float* __restrict__ out, int64_t M, int64_t K, float alpha,
                                                            bool vec) {
    __shared__ float sh[32];
    for (int64_t m = blockIdx.x; m < M; m += gridDim.x) {
        const float* xr = x + m * K;
        float acc = 0.f;
        if (vec) {
            const float4* x4 = reinterpret_cast<const float4*>(xr);
            const float4* v4 = reinterpret_cast<const float4*>(v);
            for (int64_t i = threadIdx.x; i < K / 4; i += THREADS) {
                const float4 a = __ldg(x4 + i), b = __ldg(v4 + i);
                acc = fmaf(a.x, b.x, acc);
                acc = fmaf(a.y, b.y, acc);
                acc = fmaf(a.z, b.z, acc);
                acc = fmaf(a.w, b.w, acc);
            }
        } else {
            for (int64_t i = threadIdx.x; i < K; i += THREADS) acc = fmaf(__ldg(xr + i), __ldg(v + i), acc);
        }
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
        const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
        if (lane == 0) sh[wid] = acc;
        __syncthreads();
        if (wid == 0) {
            acc = lane < THREADS / 32 ? sh[lane] : 0.f;
            #pragma unroll
            for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
            if (lane == 0) out[m] = acc * alpha;
        }
        __syncthreads();
    }
}

torch::Tensor gemm_div_sum_scale_fwd(torch::Tensor x, torch::Tensor w, double scaling_factor) {
    TORCH_CHECK(x.is_cuda() && w.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && w.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && x.size(1) == w.size(1), "expected x (M, K) and weight (N, K)");
    x = x.contiguous();
    w = w.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t M = x.size(0), K = x.size(1), N = w.size(0);
    auto out = torch::empty({M, 1}, x.options());
    if (M == 0) return out;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    auto wsum = torch::empty({K > 0 ? K : 1}, x.options());
    const int64_t nchunks = (N + ROWS_PER_CHUNK - 1) / ROWS_PER_CHUNK;
    if (K > 0) {
        if (nchunks > 0) {
            TORCH_CHECK(nchunks <= 65535, "weight has too many rows for this kernel");
            auto partial = torch::empty({nchunks * K}, x.options());
            const unsigned gx = (unsigned)((K + THREADS - 1) / THREADS);
            colsum_partial_kernel<<<dim3(gx, (unsigned)nchunks), THREADS, 0, stream>>>(w.data_ptr<float>(),
                                                                                      partial.data_ptr<float>(), N, K);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
            colsum_finish_kernel<<<gx, THREADS, 0, stream>>>(partial.data_ptr<float>(), wsum.data_ptr<float>(),
                                                            (int)nchunks, K);
            C10_CUDA_KERNEL_LAUNCH_CHECK();
        } else {
            wsum.zero_();
        }
    }
    const bool vec = (K % 4 == 0) && (reinterpret_cast<uintptr_t>(x.data_ptr<float>()) & 15) == 0;
    const int64_t blocks = M < 65535 * 16 ? M : 65535 * 16;
    gemv_rows_kernel<<<(unsigned)blocks, THREADS, 0, stream>>>(x.data_ptr<float>(), wsum.data_ptr<float>(),
                                                               out.data_ptr<float>(), M, K,
                                                               (float)(0.5 * scaling_factor), vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p14_gemm_div_sum_scale",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["gemm_div_sum_scale_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_size, scaling_factor):
        super(ModelNew, self).__init__()
        self.weight = nn.Parameter(torch.randn(hidden_size, input_size))
        self.scaling_factor = scaling_factor

    def forward(self, x):
        return _ext.gemm_div_sum_scale_fwd(x.contiguous(), self.weight, float(self.scaling_factor))
