// Softmax over the last dimension, third version: one block of 256 threads per row, three sweeps over the
// row, and the block reductions done mostly in registers. Each warp reduces its 32 values with
// __shfl_xor_sync (5 steps, no shared memory, no barrier); lane 0 of each warp parks the warp's result in
// one shared slot; after a single barrier every thread combines the 8 slots itself, in the same order, so
// all threads hold the same block result without a second barrier. The max and the sum use separate slot
// arrays, so the sum's writes cannot overwrite max slots that a slow warp has not read yet.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;  // every lane holds the warp's max
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// slots: kWarps floats. Every thread returns the block max.
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

// slots: kWarps floats. Every thread returns the block sum.
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

}  // namespace

// x, y: [rows, cols] contiguous float32; rows <= INT_MAX (checked by the binding).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    softmax_rows_shfl_kernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(x, y, cols);
    return cudaGetLastError();
}
