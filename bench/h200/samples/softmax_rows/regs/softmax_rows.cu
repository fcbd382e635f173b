// Softmax over the last dimension, fourth version: one block of 256 threads per row with the row held in
// registers. Thread t loads the float4s t, t + 256, t + 512, ... of its row (VPT of them; 4 for a 4096-wide
// row, so 16 floats per thread) once, with 16-byte streaming loads. The max is taken over the registers,
// exp(x - max) overwrites them in place, the sum is taken over them, and the stores scale them by 1/sum:
// each element is read from global memory once and written once, and expf runs once per element.
// The reductions are the shuffle + one-slot-per-warp reductions of the previous version. Rows that are
// not a multiple of 4 floats, not 16-byte aligned or wider than 8192 floats take the three-sweep kernel.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kMaxVecPerThread = 8;  // register path: rows up to 256 * 4 * 8 = 8192 floats

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

__device__ __forceinline__ float block_max(float v, float* slots)
{
    v = warp_max(v);
    if ((threadIdx.x & 31) == 0)
        slots[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = slots[0];
#pragma unroll
    for (int w = 1; w < kWarps; ++w)
        r = fmaxf(r, slots[w]);
    return r;
}

__device__ __forceinline__ float block_sum(float v, float* slots)
{
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0)
        slots[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = slots[0];
#pragma unroll
    for (int w = 1; w < kWarps; ++w)
        r += slots[w];
    return r;
}

// Register path. VPT float4s per thread; columns past the row end are padded with -inf (exp gives 0) and
// never stored. The loops over VPT are unrolled, so v[] lives in registers, not in local memory.
template <int VPT>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_regs_kernel(const float4* __restrict__ x, float4* __restrict__ y, int cols4)
{
    __shared__ float max_slots[kWarps];
    __shared__ float sum_slots[kWarps];

    const int tid = threadIdx.x;
    const float4* xr = x + static_cast<int64_t>(blockIdx.x) * cols4;
    float4* yr = y + static_cast<int64_t>(blockIdx.x) * cols4;

    float4 v[VPT];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int c = tid + i * kThreads;
        v[i] = c < cols4 ? __ldcs(xr + c) : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
        m = fmaxf(m, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
    }
    const float row_max = block_max(m, max_slots);

    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        v[i].x = expf(v[i].x - row_max);
        v[i].y = expf(v[i].y - row_max);
        v[i].z = expf(v[i].z - row_max);
        v[i].w = expf(v[i].w - row_max);
        s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
    }
    const float inv_sum = 1.0f / block_sum(s, sum_slots);

#pragma unroll
    for (int i = 0; i < VPT; ++i) {
        const int c = tid + i * kThreads;
        if (c < cols4)
            __stcs(yr + c, make_float4(v[i].x * inv_sum, v[i].y * inv_sum, v[i].z * inv_sum, v[i].w * inv_sum));
    }
}

// Fallback for any width and alignment: the three-sweep kernel of the previous version.
__global__ void __launch_bounds__(kThreads)
    softmax_rows_shfl_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t cols)
{
    __shared__ float max_slots[kWarps];
    __shared__ float sum_slots[kWarps];

    const int tid = threadIdx.x;
    const float* xr = x + static_cast<int64_t>(blockIdx.x) * cols;
    float* yr = y + static_cast<int64_t>(blockIdx.x) * cols;

    float m = -INFINITY;
    for (int64_t c = tid; c < cols; c += kThreads)
        m = fmaxf(m, xr[c]);
    const float row_max = block_max(m, max_slots);

    float s = 0.0f;
    for (int64_t c = tid; c < cols; c += kThreads)
        s += expf(xr[c] - row_max);
    const float inv_sum = 1.0f / block_sum(s, sum_slots);

    for (int64_t c = tid; c < cols; c += kThreads)
        yr[c] = expf(xr[c] - row_max) * inv_sum;
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// x, y: [rows, cols] contiguous float32; rows <= INT_MAX (checked by the binding).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const unsigned grid = static_cast<unsigned>(rows);
    const int64_t cols4 = cols / 4;
    if (cols % 4 != 0 || !aligned16(x) || !aligned16(y) || cols4 > kThreads * kMaxVecPerThread) {
        softmax_rows_shfl_kernel<<<grid, kThreads, 0, stream>>>(x, y, cols);
        return cudaGetLastError();
    }
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    const int c4 = static_cast<int>(cols4);
    if (c4 <= kThreads)
        softmax_rows_regs_kernel<1><<<grid, kThreads, 0, stream>>>(x4, y4, c4);
    else if (c4 <= 2 * kThreads)
        softmax_rows_regs_kernel<2><<<grid, kThreads, 0, stream>>>(x4, y4, c4);
    else if (c4 <= 4 * kThreads)
        softmax_rows_regs_kernel<4><<<grid, kThreads, 0, stream>>>(x4, y4, c4);  // the task's 4096 columns
    else
        softmax_rows_regs_kernel<8><<<grid, kThreads, 0, stream>>>(x4, y4, c4);
    return cudaGetLastError();
}
