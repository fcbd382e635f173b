# pure CUDA
# KernelBench level1/40_LayerNorm: LayerNorm over the last three dims (4M elements per row, elementwise affine).
# Three kernels: per-chunk (sum, sum of squares) partials (float4 loads, fp32 per thread, fp64 block combine),
# a per-row fp64 finalize (mean, rstd), then a float4 normalize + affine pass.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor layer_norm_big_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 256
#define CHUNK 8192  // elements per partial-sum block

template <typename T>
__device__ __forceinline__ T warp_sum(T v) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// Sum over the block; the result is valid in every thread. sh holds 32 entries.
template <typename T>
__device__ __forceinline__ T block_sum(T v, T* sh) {
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    v = warp_sum(v);
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    const int nw = (blockDim.x + 31) >> 5;
    T r = (threadIdx.x < nw) ? sh[threadIdx.x] : T(0);
    if (wid == 0) {
        r = warp_sum(r);
        if (lane == 0) sh[0] = r;
    }
    __syncthreads();
    r = sh[0];
    __syncthreads();
    return r;
}

// grid (nchunks, rows): partial[row][chunk] = (sum, sumsq) over that chunk.
__global__ void ln_partial_kernel(const float* __restrict__ x, double2* __restrict__ partial,
                                  int64_t D, int nchunks, bool vec) {
    __shared__ double sh[32];
    const int64_t row = blockIdx.y;
    const int64_t start = (int64_t)blockIdx.x * CHUNK;
    int64_t end = start + CHUNK;
    if (end > D) end = D;
    const float* xr = x + row * D;
    float s = 0.f, q = 0.f;
    if (vec) {
        const float4* x4 = reinterpret_cast<const float4*>(xr);
        for (int64_t i = start / 4 + threadIdx.x; i < end / 4; i += THREADS) {
            const float4 v = __ldg(x4 + i);
            s += (v.x + v.y) + (v.z + v.w);
            q += (v.x * v.x + v.y * v.y) + (v.z * v.z + v.w * v.w);
        }
    } else {
        for (int64_t i = start + threadIdx.x; i < end; i += THREADS) {
            const float v = __ldg(xr + i);
            s += v;
            q += v * v;
        }
    }
    const double ds = block_sum<double>((double)s, sh);
    const double dq = block_sum<double>((double)q, sh);
    if (threadIdx.x == 0) partial[row * nchunks + blockIdx.x] = make_double2(ds, dq);
}

// one block per row
__global__ void ln_finalize_kernel(const double2* __restrict__ partial, float2* __restrict__ stats,
                                   int nchunks, int64_t D, double eps) {
    __shared__ double sh[32];
    const int64_t row = blockIdx.x;
    double s = 0.0, q = 0.0;
    for (int i = threadIdx.x; i < nchunks; i += blockDim.x) {
        const double2 p = partial[row * nchunks + i];
        s += p.x;
        q += p.y;
    }
    s = block_sum<double>(s, sh);
    q = block_sum<double>(q, sh);
    if (threadIdx.x == 0) {
        const double mean = s / (double)D;
        double var = q / (double)D - mean * mean;
        if (var < 0.0) var = 0.0;
        stats[row] = make_float2((float)mean, (float)(1.0 / sqrt(var + eps)));
    }
}

// grid (gx, rows)
__global__ void ln_apply_vec_kernel(const float4* __restrict__ x, const float4* __restrict__ w,
                                    const float4* __restrict__ b, const float2* __restrict__ stats,
                                    float4* __restrict__ y, int64_t D4) {
    const int64_t row = blockIdx.y;
    const float2 st = stats[row];
    const float4* xr = x + row * D4;
    float4* yr = y + row * D4;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < D4; i += (int64_t)gridDim.x * blockDim.x) {
        const float4 v = __ldg(xr + i);
        const float4 g = __ldg(w + i);
        const float4 bb = __ldg(b + i);
        float4 o;
        o.x = (v.x - st.x) * st.y * g.x + bb.x;
        o.y = (v.y - st.x) * st.y * g.y + bb.y;
        o.z = (v.z - st.x) * st.y * g.z + bb.z;
        o.w = (v.w - st.x) * st.y * g.w + bb.w;
        yr[i] = o;
    }
}

__global__ void ln_apply_scalar_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                       const float* __restrict__ b, const float2* __restrict__ stats,
                                       float* __restrict__ y, int64_t D) {
    const int64_t row = blockIdx.y;
    const float2 st = stats[row];
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < D; i += (int64_t)gridDim.x * blockDim.x) {
        y[row * D + i] = (__ldg(x + row * D + i) - st.x) * st.y * __ldg(w + i) + __ldg(b + i);
    }
}

torch::Tensor layer_norm_big_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    TORCH_CHECK(x.is_cuda() && w.is_cuda() && b.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && w.scalar_type() == torch::kFloat32 &&
                b.scalar_type() == torch::kFloat32, "inputs must be float32");
    x = x.contiguous();
    w = w.contiguous();
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t D = w.numel();
    TORCH_CHECK(D > 0 && b.numel() == D && x.numel() % D == 0, "normalized shape mismatch");
    const int64_t rows = x.numel() / D;
    auto y = torch::empty_like(x);
    if (rows == 0) return y;
    TORCH_CHECK(rows <= 65535, "too many rows for this kernel's grid");
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int64_t nchunks = (D + CHUNK - 1) / CHUNK;
    TORCH_CHECK(nchunks <= 2147483647LL, "row too long");
    auto partial = torch::empty({rows * nchunks * 2}, x.options().dtype(torch::kFloat64));
    auto stats = torch::empty({rows * 2}, x.options());
    const float* xp = x.data_ptr<float>();
    const uintptr_t al = reinterpret_cast<uintptr_t>(xp) | reinterpret_cast<uintptr_t>(w.data_ptr<float>()) |
                         reinterpret_cast<uintptr_t>(b.data_ptr<float>()) | reinterpret_cast<uintptr_t>(y.data_ptr<float>());
    const bool vec = (D % 4 == 0) && (al & 15) == 0;
    ln_partial_kernel<<<dim3((unsigned)nchunks, (unsigned)rows), THREADS, 0, stream>>>(
        xp, reinterpret_cast<double2*>(partial.data_ptr<double>()), D, (int)nchunks, vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    ln_finalize_kernel<<<(unsigned)rows, THREADS, 0, stream>>>(
        reinterpret_cast<const double2*>(partial.data_ptr<double>()), reinterpret_cast<float2*>(stats.data_ptr<float>()),
        (int)nchunks, D, eps);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    int64_t per_row = ((int64_t)sms * 8 + rows - 1) / rows;
    if (vec) {
        const int64_t D4 = D / 4;
        int64_t gx = (D4 + THREADS - 1) / THREADS;
        if (gx > per_row * 4) gx = per_row * 4;
        ln_apply_vec_kernel<<<dim3((unsigned)gx, (unsigned)rows), THREADS, 0, stream>>>(
            reinterpret_cast<const float4*>(xp), reinterpret_cast<const float4*>(w.data_ptr<float>()),
            reinterpret_cast<const float4*>(b.data_ptr<float>()), reinterpret_cast<const float2*>(stats.data_ptr<float>()),
            reinterpret_cast<float4*>(y.data_ptr<float>()), D4);
    } else {
        int64_t gx = (D + THREADS - 1) / THREADS;
        if (gx > per_row * 4) gx = per_row * 4;
        ln_apply_scalar_kernel<<<dim3((unsigned)gx, (unsigned)rows), THREADS, 0, stream>>>(
            xp, w.data_ptr<float>(), b.data_ptr<float>(), reinterpret_cast<const float2*>(stats.data_ptr<float>()),
            y.data_ptr<float>(), D);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p40_layer_norm",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["layer_norm_big_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, normalized_shape: tuple):
        super(ModelNew, self).__init__()
        self.ln = nn.LayerNorm(normalized_shape=normalized_shape)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.layer_norm_big_fwd(x.contiguous(), self.ln.weight, self.ln.bias, float(self.ln.eps))
