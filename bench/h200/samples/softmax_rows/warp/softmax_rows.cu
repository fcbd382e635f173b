// Softmax over the last dimension, one warp per row: a block of 256 threads handles 8 rows, and each row's
// 32 lanes do everything with register shuffles. There is no shared memory and no __syncthreads: a warp
// never waits for the other seven. Three sweeps over the row, as in the block-per-row version: the row max,
// the sum of exp(x - max), then y = exp(x - max) / sum. Lane l reads columns l, l + 32, ..., so each warp
// load is still one 128-byte segment, but a lane now walks 4096 / 32 = 128 columns per sweep instead of 16.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;

__device__ __forceinline__ float warp_max(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, offset));
    return v;  // every lane holds the row max
}

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void __launch_bounds__(kThreads)
    softmax_rows_warp_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t rows, int64_t cols)
{
    const int lane = threadIdx.x & 31;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= rows)
        return;  // the whole warp leaves together, so the shuffles below always have all 32 lanes
    const float* xr = x + row * cols;
    float* yr = y + row * cols;

    float m = -INFINITY;
    for (int64_t c = lane; c < cols; c += 32)
        m = fmaxf(m, xr[c]);
    const float row_max = warp_max(m);

    float s = 0.0f;
    for (int64_t c = lane; c < cols; c += 32)
        s += expf(xr[c] - row_max);
    const float inv_sum = 1.0f / warp_sum(s);

    for (int64_t c = lane; c < cols; c += 32)
        yr[c] = expf(xr[c] - row_max) * inv_sum;
}

}  // namespace

// x, y: [rows, cols] contiguous float32; rows <= INT_MAX (checked by the binding).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const unsigned grid = static_cast<unsigned>((rows + kRowsPerBlock - 1) / kRowsPerBlock);
    softmax_rows_warp_kernel<<<grid, kThreads, 0, stream>>>(x, y, rows, cols);
    return cudaGetLastError();
}
