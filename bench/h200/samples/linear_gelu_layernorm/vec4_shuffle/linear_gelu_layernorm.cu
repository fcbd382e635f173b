// Bias + GELU + LayerNorm fused into one row kernel that runs in place on the cuBLAS GEMM output (x W^T):
//   g = gelu(y + b),   y = (g - mean(g)) / sqrt(var(g) + eps) * weight + beta
// One block of 256 threads per row. Thread t owns float4 columns t, t + 256, ... (VPT of them: 4 for a
// 4096-wide row), held in registers from the load to the store, so the row is read once and written once.
// Both statistics are block sums: a warp shuffle-xor reduction, then one shared-memory exchange of the 8 warp
// partials, which every thread adds in the same order. The two sums use separate scratch arrays, so each costs
// one barrier. Rows whose width is not a multiple of 4, or misaligned pointers, take a scalar kernel with the
// same structure.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxPerThread = 16;  // the longest row is kThreads * kMaxPerThread = 4096 values

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Every thread returns the block total.
__device__ __forceinline__ float block_sum(float v, float* scratch)
{
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float total = scratch[0];
#pragma unroll
    for (int i = 1; i < kWarps; ++i)
        total += scratch[i];
    return total;
}

__device__ __forceinline__ float gelu(float v)
{
    return 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
}

template <int VPT>
__global__ void __launch_bounds__(kThreads)
    bias_gelu_layernorm_vec4_kernel(float4* y, const float4* __restrict__ bias, const float4* __restrict__ gamma,
                                    const float4* __restrict__ beta, int cols4, float inv_cols, float eps)
{
    __shared__ float red_mean[kWarps];
    __shared__ float red_var[kWarps];
    float4* row = y + static_cast<int64_t>(blockIdx.x) * cols4;

    float4 g[VPT];
    float s = 0.f;
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int c = threadIdx.x + i * kThreads;
        if (c < cols4) {
            const float4 v = __ldcs(row + c);  // read once: streaming load
            const float4 b = __ldg(bias + c);  // the same 16 KiB for every row: stays in L1/L2
            g[i] = make_float4(gelu(v.x + b.x), gelu(v.y + b.y), gelu(v.z + b.z), gelu(v.w + b.w));
        } else {
            g[i] = make_float4(0.f, 0.f, 0.f, 0.f);
        }
        s += (g[i].x + g[i].y) + (g[i].z + g[i].w);
    }
    const float mean = block_sum(s, red_mean) * inv_cols;

    float q = 0.f;
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        if (threadIdx.x + i * kThreads < cols4) {
            const float dx = g[i].x - mean, dy = g[i].y - mean, dz = g[i].z - mean, dw = g[i].w - mean;
            q += (dx * dx + dy * dy) + (dz * dz + dw * dw);
        }
    }
    const float rstd = rsqrtf(block_sum(q, red_var) * inv_cols + eps);  // biased variance, as nn.LayerNorm

#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int c = threadIdx.x + i * kThreads;
        if (c < cols4) {
            const float4 w = __ldg(gamma + c), b = __ldg(beta + c);
            float4 o;
            o.x = (g[i].x - mean) * rstd * w.x + b.x;
            o.y = (g[i].y - mean) * rstd * w.y + b.y;
            o.z = (g[i].z - mean) * rstd * w.z + b.z;
            o.w = (g[i].w - mean) * rstd * w.w + b.w;
            __stcs(row + c, o);  // written once: streaming store
        }
    }
}

// Any width up to 4096 and any alignment: thread t owns columns t, t + 256, ...
__global__ void __launch_bounds__(kThreads)
    bias_gelu_layernorm_scalar_kernel(float* y, const float* __restrict__ bias, const float* __restrict__ gamma,
                                      const float* __restrict__ beta, int cols, float inv_cols, float eps)
{
    __shared__ float red_mean[kWarps];
    __shared__ float red_var[kWarps];
    float* row = y + static_cast<int64_t>(blockIdx.x) * cols;

    float g[kMaxPerThread];
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < kMaxPerThread; ++k) {
        const int c = threadIdx.x + k * kThreads;
        g[k] = c < cols ? gelu(row[c] + bias[c]) : 0.f;
        s += g[k];
    }
    const float mean = block_sum(s, red_mean) * inv_cols;
    float q = 0.f;
#pragma unroll
    for (int k = 0; k < kMaxPerThread; ++k) {
        const float d = threadIdx.x + k * kThreads < cols ? g[k] - mean : 0.f;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, red_var) * inv_cols + eps);
#pragma unroll
    for (int k = 0; k < kMaxPerThread; ++k) {
        const int c = threadIdx.x + k * kThreads;
        if (c < cols)
            row[c] = (g[k] - mean) * rstd * gamma[c] + beta[c];
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// y: (rows, cols) GEMM output without the bias, overwritten with the result; cols <= 4096.
extern "C" cudaError_t launch_bias_gelu_layernorm(float* y, const float* bias, const float* gamma, const float* beta,
                                                  int64_t rows, int64_t cols, float eps, cudaStream_t stream)
{
    if (rows == 0 || cols == 0)
        return cudaSuccess;
    if (cols > kThreads * kMaxPerThread || rows > 0x7fffffff)
        return cudaErrorInvalidValue;
    const unsigned grid = static_cast<unsigned>(rows);  // one block per row
    const float inv_cols = 1.f / static_cast<float>(cols);
    const bool vec = cols % 4 == 0 && aligned16(y) && aligned16(bias) && aligned16(gamma) && aligned16(beta);
    if (!vec) {
        bias_gelu_layernorm_scalar_kernel<<<grid, kThreads, 0, stream>>>(y, bias, gamma, beta, static_cast<int>(cols),
                                                                        inv_cols, eps);
        return cudaGetLastError();
    }
    float4* y4 = reinterpret_cast<float4*>(y);
    const float4* b4 = reinterpret_cast<const float4*>(bias);
    const float4* w4 = reinterpret_cast<const float4*>(gamma);
    const float4* e4 = reinterpret_cast<const float4*>(beta);
    const int c4 = static_cast<int>(cols / 4);
    if (c4 <= kThreads)
        bias_gelu_layernorm_vec4_kernel<1><<<grid, kThreads, 0, stream>>>(y4, b4, w4, e4, c4, inv_cols, eps);
    else if (c4 <= 2 * kThreads)
        bias_gelu_layernorm_vec4_kernel<2><<<grid, kThreads, 0, stream>>>(y4, b4, w4, e4, c4, inv_cols, eps);
    else
        bias_gelu_layernorm_vec4_kernel<4><<<grid, kThreads, 0, stream>>>(y4, b4, w4, e4, c4, inv_cols, eps);
    return cudaGetLastError();
}
