// Bias + exact GELU + LayerNorm (with affine) over each row, in place on the cuBLAS output y = x W^T:
//   g = gelu(y + b),  out = (g - mean(g)) / sqrt(var(g) + eps) * gamma + beta
// with the biased variance, and IEEE sqrtf and division for the scale (no approximate rsqrtf).
// One block of 256 threads per row. Thread t owns float4 columns t, t + 256, ... (VPT of them; 4 for the
// task's 4096-wide rows), so g stays in registers from the load to the store: the row is read once and written
// once, and the GELU output never reaches memory. The variance is two-pass over the registers (a block sum
// for the mean, then a block sum of (g - mean)^2), so a positive GELU mean costs no precision. Each block sum
// is a warp shuffle tree and one shared exchange of the 8 warp partials, which every thread adds in the same
// order. Rows wider than 8192, not a multiple of 4, or misaligned take a three-sweep scalar kernel that
// recomputes g in each sweep.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxVecPerThread = 8;  // register path covers rows up to 256 * 4 * 8 = 8192 floats

__device__ __forceinline__ float gelu_erf(float v)
{
    return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f));  // full-precision erff, as F.gelu
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Every thread returns the block total. One barrier per call; the two statistics use separate scratch arrays,
// and the next row's first write to a scratch array comes after the second barrier of this row.
__device__ __forceinline__ float block_sum(float v, float* scratch)
{
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = scratch[0];
#pragma unroll
    for (int i = 1; i < kWarps; ++i)
        r += scratch[i];
    return r;
}

template <int VPT>
__global__ void __launch_bounds__(kThreads)
    bias_gelu_layernorm_vec4_kernel(float4* __restrict__ y, const float4* __restrict__ bias,
                                    const float4* __restrict__ gamma, const float4* __restrict__ beta, int64_t rows,
                                    int cols4, float inv_cols, float eps)
{
    __shared__ float red_mean[kWarps];
    __shared__ float red_var[kWarps];
    const int tid = threadIdx.x;
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        float4* yr = y + row * cols4;
        float4 g[VPT];
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4)
                g[i] = __ldcs(yr + c);
        }
        float s = 0.0f;
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4) {
                const float4 b = __ldg(bias + c);
                g[i].x = gelu_erf(g[i].x + b.x);
                g[i].y = gelu_erf(g[i].y + b.y);
                g[i].z = gelu_erf(g[i].z + b.z);
                g[i].w = gelu_erf(g[i].w + b.w);
                s += (g[i].x + g[i].y) + (g[i].z + g[i].w);
            }
        }
        const float mean = block_sum(s, red_mean) * inv_cols;
        float q = 0.0f;
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4) {
                const float dx = g[i].x - mean, dy = g[i].y - mean, dz = g[i].z - mean, dw = g[i].w - mean;
                q += (dx * dx + dy * dy) + (dz * dz + dw * dw);
            }
        }
        const float rstd = 1.0f / sqrtf(block_sum(q, red_var) * inv_cols + eps);
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4) {
                const float4 w = __ldg(gamma + c);
                const float4 b = __ldg(beta + c);
                float4 o;
                o.x = (g[i].x - mean) * rstd * w.x + b.x;
                o.y = (g[i].y - mean) * rstd * w.y + b.y;
                o.z = (g[i].z - mean) * rstd * w.z + b.z;
                o.w = (g[i].w - mean) * rstd * w.w + b.w;
                __stcs(yr + c, o);
            }
        }
    }
}

// Any width and alignment: mean, variance and the normalised store as three sweeps over the row, each
// recomputing g from y; only the last sweep writes, and each thread writes only the columns it reads.
__global__ void __launch_bounds__(kThreads)
    bias_gelu_layernorm_generic_kernel(float* __restrict__ y, const float* __restrict__ bias,
                                       const float* __restrict__ gamma, const float* __restrict__ beta, int64_t rows,
                                       int64_t cols, float inv_cols, float eps)
{
    __shared__ float red_mean[kWarps];
    __shared__ float red_var[kWarps];
    const int tid = threadIdx.x;
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        float* yr = y + row * cols;
        float s = 0.0f;
        for (int64_t c = tid; c < cols; c += kThreads)
            s += gelu_erf(yr[c] + bias[c]);
        const float mean = block_sum(s, red_mean) * inv_cols;
        float q = 0.0f;
        for (int64_t c = tid; c < cols; c += kThreads) {
            const float d = gelu_erf(yr[c] + bias[c]) - mean;
            q += d * d;
        }
        const float rstd = 1.0f / sqrtf(block_sum(q, red_var) * inv_cols + eps);
        for (int64_t c = tid; c < cols; c += kThreads)
            yr[c] = (gelu_erf(yr[c] + bias[c]) - mean) * rstd * gamma[c] + beta[c];
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// y: [rows, cols] (x W^T, updated in place); bias, gamma, beta: [cols]; all contiguous float32.
extern "C" cudaError_t launch_bias_gelu_layernorm(float* y, const float* bias, const float* gamma, const float* beta,
                                                  int64_t rows, int64_t cols, float eps, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const unsigned grid = static_cast<unsigned>(rows < INT_MAX ? rows : INT_MAX);  // one block per row
    const float inv_cols = 1.0f / static_cast<float>(cols);
    const int64_t cols4 = cols / 4;
    const bool vec = cols % 4 == 0 && aligned16(y) && aligned16(bias) && aligned16(gamma) && aligned16(beta)
                     && cols4 <= kThreads * kMaxVecPerThread;
    if (!vec) {
        bias_gelu_layernorm_generic_kernel<<<grid, kThreads, 0, stream>>>(y, bias, gamma, beta, rows, cols, inv_cols,
                                                                          eps);
        return cudaGetLastError();
    }
    float4* y4 = reinterpret_cast<float4*>(y);
    const float4* b4 = reinterpret_cast<const float4*>(bias);
    const float4* w4 = reinterpret_cast<const float4*>(gamma);
    const float4* o4 = reinterpret_cast<const float4*>(beta);
    const int c4 = static_cast<int>(cols4);
    if (c4 <= kThreads)
        bias_gelu_layernorm_vec4_kernel<1><<<grid, kThreads, 0, stream>>>(y4, b4, w4, o4, rows, c4, inv_cols, eps);
    else if (c4 <= 2 * kThreads)
        bias_gelu_layernorm_vec4_kernel<2><<<grid, kThreads, 0, stream>>>(y4, b4, w4, o4, rows, c4, inv_cols, eps);
    else if (c4 <= 4 * kThreads)  // the task: 4096 columns
        bias_gelu_layernorm_vec4_kernel<4><<<grid, kThreads, 0, stream>>>(y4, b4, w4, o4, rows, c4, inv_cols, eps);
    else
        bias_gelu_layernorm_vec4_kernel<8><<<grid, kThreads, 0, stream>>>(y4, b4, w4, o4, rows, c4, inv_cols, eps);
    return cudaGetLastError();
}
