# pure CUDA
# KernelBench level1/98_KLDivLoss: kl_div(log(p), t, 'batchmean') = sum(xlogy(t, t) - t * log(p)) / N, fused into one
# float4 grid-stride reduction (fp32 terms, fp64 per-thread and per-block sums) and a one-block fp64 finish; the
# log(p) tensor is never written. Deterministic (fixed grid, ordered partials).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor kl_div_batchmean_fwd(torch::Tensor p, torch::Tensor t);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 256

__device__ __forceinline__ float kl_term(float p, float t) {
    const float xlogy = (t == 0.f) ? 0.f : t * logf(t);  // xlogy(t, t): 0 where t == 0, NaN stays NaN
    return xlogy - t * logf(p);
}

__device__ __forceinline__ double block_sum_d(double v, double* sh) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    double r = 0.0;
    if (wid == 0) {
        r = lane < (int)(blockDim.x >> 5) ? sh[lane] : 0.0;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) r += __shfl_xor_sync(0xffffffffu, r, o);
    }
    return r;  // valid in thread 0
}

__global__ void __launch_bounds__(THREADS) kl_partial_kernel(const float* __restrict__ p, const float* __restrict__ t,
                                                             int64_t n, bool vec, double* __restrict__ partial) {
    __shared__ double sh[32];
    double acc = 0.0;
    const int64_t stride = (int64_t)gridDim.x * THREADS;
    const int64_t tid = (int64_t)blockIdx.x * THREADS + threadIdx.x;
    int64_t done = 0;
    if (vec) {
        const int64_t n4 = n / 4;
        const float4* p4 = reinterpret_cast<const float4*>(p);
        const float4* t4 = reinterpret_cast<const float4*>(t);
        for (int64_t i = tid; i < n4; i += stride) {
            const float4 a = __ldg(p4 + i);
            const float4 b = __ldg(t4 + i);
            const float s = (kl_term(a.x, b.x) + kl_term(a.y, b.y)) + (kl_term(a.z, b.z) + kl_term(a.w, b.w));
            acc += (double)s;
        }
        done = n4 * 4;
    }
    for (int64_t i = done + tid; i < n; i += stride) acc += (double)kl_term(__ldg(p + i), __ldg(t + i));
    const double r = block_sum_d(acc, sh);
    if (threadIdx.x == 0) partial[blockIdx.x] = r;
}

__global__ void kl_finish_kernel(const double* __restrict__ partial, int nparts, double inv_batch, float* __restrict__ out) {
    __shared__ double sh[32];
    double acc = 0.0;
    for (int i = threadIdx.x; i < nparts; i += blockDim.x) acc += partial[i];
    const double r = block_sum_d(acc, sh);
    if (threadIdx.x == 0) out[0] = (float)(r * inv_batch);
}

torch::Tensor kl_div_batchmean_fwd(torch::Tensor p, torch::Tensor t) {
    TORCH_CHECK(p.is_cuda() && t.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(p.scalar_type() == torch::kFloat32 && t.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(p.sizes() == t.sizes(), "predictions and targets must have the same shape");
    TORCH_CHECK(p.dim() >= 1, "expected at least one dimension");
    p = p.contiguous();
    t = t.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(p.device());
    const int64_t n = p.numel();
    const int64_t batch = p.size(0);
    auto out = torch::empty({}, p.options());
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    int64_t blocks = (n / 4 + THREADS - 1) / THREADS;
    if (blocks > (int64_t)sms * 8) blocks = (int64_t)sms * 8;
    if (blocks < 1) blocks = 1;
    auto partial = torch::empty({blocks}, p.options().dtype(torch::kFloat64));
    const bool vec = ((reinterpret_cast<uintptr_t>(p.data_ptr<float>()) |
                       reinterpret_cast<uintptr_t>(t.data_ptr<float>())) & 15) == 0;
    kl_partial_kernel<<<(unsigned)blocks, THREADS, 0, stream>>>(p.data_ptr<float>(), t.data_ptr<float>(), n, vec,
                                                                partial.data_ptr<double>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    kl_finish_kernel<<<1, 1024, 0, stream>>>(partial.data_ptr<double>(), (int)blocks, 1.0 / (double)batch,
                                            out.data_ptr<float>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p98_kl_div",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["kl_div_batchmean_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        return _ext.kl_div_batchmean_fwd(predictions.contiguous(), targets.contiguous())
