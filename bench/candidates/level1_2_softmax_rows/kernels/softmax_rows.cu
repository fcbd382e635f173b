// Softmax over the last dimension, one block per row with the row held in registers.
// Each element is read from HBM once and written once: the row (16 KiB for 4096 columns) is loaded into
// registers with float4 loads, the row max and the sum of exponentials are block reductions (warp
// shuffles, then one shared-memory exchange), and exp(x - max) is computed once, kept in registers and
// scaled by 1/sum on the way out. Rows that do not fit (or are not float4-friendly) take a two-read
// online-softmax fallback.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxVecPerThread = 8;  // register path covers rows up to 256 * 4 * 8 = 8192 floats

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Every thread returns the block-wide result (each reads all warp partials, in the same order).
// One __syncthreads per call; callers alternate two scratch arrays so no second barrier is needed.
__device__ __forceinline__ float block_max(float v, float* scratch)
{
    v = warp_max(v);
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = scratch[0];
#pragma unroll
    for (int i = 1; i < kWarps; ++i)
        r = fmaxf(r, scratch[i]);
    return r;
}

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

__device__ __forceinline__ float max4(float4 v)
{
    return fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
}

// Register path: thread t owns float4 columns t, t + 256, ..., t + 256 * (VPT - 1) of its row.
// Missing columns (cols4 not a multiple of 256) are padded with -inf and never stored.
template <int VPT>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_vec4_kernel(const float4* __restrict__ x, float4* __restrict__ y, int64_t rows, int cols4)
{
    __shared__ float red_max[kWarps];
    __shared__ float red_sum[kWarps];
    const int tid = threadIdx.x;
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const float4* xr = x + row * cols4;
        float4* yr = y + row * cols4;

        float4 v[VPT];
        float m = -INFINITY;
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4)
                v[i] = __ldcs(xr + c);  // read once: streaming load
            else
                v[i] = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
            m = fmaxf(m, max4(v[i]));
        }
        m = block_max(m, red_max);

        float s = 0.0f;
#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            // exp(-inf - m) is 0 for padding; full-precision expf (no fast math).
            v[i].x = expf(v[i].x - m);
            v[i].y = expf(v[i].y - m);
            v[i].z = expf(v[i].z - m);
            v[i].w = expf(v[i].w - m);
            s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
        }
        s = block_sum(s, red_sum);
        const float inv = 1.0f / s;

#pragma unroll
        for (int i = 0; i < VPT; ++i) {
            const int c = tid + i * kThreads;
            if (c < cols4) {
                float4 o;
                o.x = v[i].x * inv;
                o.y = v[i].y * inv;
                o.z = v[i].z * inv;
                o.w = v[i].w * inv;
                __stcs(yr + c, o);
            }
        }
    }
}

// Online (max, sum) pair: sum is relative to max. Merging handles -inf maxima (empty or masked parts).
__device__ __forceinline__ void online_merge(float& m, float& s, float m2, float s2)
{
    const float mn = fmaxf(m, m2);
    const float a = (m == -INFINITY) ? 0.0f : s * expf(m - mn);
    const float b = (m2 == -INFINITY) ? 0.0f : s2 * expf(m2 - mn);
    m = mn;
    s = a + b;
}

// Fallback for any column count and alignment: pass 1 is an online softmax (running max and rescaled
// sum in one read), pass 2 re-reads the row and writes exp(x - max) / sum.
__global__ void __launch_bounds__(kThreads)
    softmax_rows_generic_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t rows, int64_t cols)
{
    __shared__ float red_m[kWarps];
    __shared__ float red_s[kWarps];
    const int tid = threadIdx.x;
    const int lane = tid & 31;
    const int warp = tid >> 5;
    for (int64_t row = blockIdx.x; row < rows; row += gridDim.x) {
        const float* xr = x + row * cols;
        float* yr = y + row * cols;
        float m = -INFINITY;
        float s = 0.0f;
        for (int64_t c = tid; c < cols; c += kThreads) {
            const float v = xr[c];
            if (v > m) {
                s = (m == -INFINITY) ? 1.0f : s * expf(m - v) + 1.0f;
                m = v;
            } else if (v != -INFINITY) {
                s += expf(v - m);  // a NaN lands here and makes the row NaN, as in torch
            }
        }
#pragma unroll
        for (int offset = 16; offset > 0; offset >>= 1) {
            const float m2 = __shfl_xor_sync(0xffffffffu, m, offset);
            const float s2 = __shfl_xor_sync(0xffffffffu, s, offset);
            online_merge(m, s, m2, s2);
        }
        if (lane == 0) {
            red_m[warp] = m;
            red_s[warp] = s;
        }
        __syncthreads();
        m = red_m[0];
        s = red_s[0];
#pragma unroll
        for (int i = 1; i < kWarps; ++i)
            online_merge(m, s, red_m[i], red_s[i]);
        const float inv = 1.0f / s;
        for (int64_t c = tid; c < cols; c += kThreads)
            yr[c] = expf(xr[c] - m) * inv;
        __syncthreads();  // red_m / red_s are rewritten by the next row
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// x, y: [rows, cols] contiguous float32 (y may not alias x).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    // One block per row; the grid-stride loop only matters past 2^31 - 1 rows.
    const unsigned grid = static_cast<unsigned>(rows < INT_MAX ? rows : INT_MAX);
    const int64_t cols4 = cols / 4;
    const bool vec = (cols % 4 == 0) && aligned16(x) && aligned16(y) && cols4 <= kThreads * kMaxVecPerThread;
    if (!vec) {
        softmax_rows_generic_kernel<<<grid, kThreads, 0, stream>>>(x, y, rows, cols);
        return cudaGetLastError();
    }
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    const int c4 = static_cast<int>(cols4);
    if (c4 <= kThreads)
        softmax_rows_vec4_kernel<1><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    else if (c4 <= 2 * kThreads)
        softmax_rows_vec4_kernel<2><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    else if (c4 <= 4 * kThreads)
        softmax_rows_vec4_kernel<4><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);  // 4096 columns
    else
        softmax_rows_vec4_kernel<8><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    return cudaGetLastError();
}
