// Softmax over the last dimension, one warp per row with the row held in registers. Lane l loads the
// float4s l, l + 32, l + 64, ... of its row (VPL of them: 32 for a 4096-wide row, so 128 floats per lane)
// once, with 16-byte streaming loads; the max, exp(x - max) in place, the sum and the scaled stores all
// work on those registers, so each element is read once and written once. Still no shared memory and no
// barrier: the reductions are 5 shuffle steps within the warp. The price is registers: 128 floats per
// lane is most of what a thread can hold, so fewer warps fit on an SM. Rows that are not a multiple of 4
// floats, not 16-byte aligned or wider than 4096 floats take the three-sweep warp kernel.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kRowsPerBlock = kThreads / 32;
constexpr int kMaxVecPerLane = 32;  // register path: rows up to 32 * 4 * 32 = 4096 floats

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

// VPL float4s per lane; columns past the row end are padded with -inf and never stored.
template <int VPL>
__global__ void __launch_bounds__(kThreads)
    softmax_rows_warp_regs_kernel(const float4* __restrict__ x, float4* __restrict__ y, int64_t rows, int cols4)
{
    const int lane = threadIdx.x & 31;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= rows)
        return;  // whole warp
    const float4* xr = x + row * cols4;
    float4* yr = y + row * cols4;

    float4 v[VPL];
    float m = -INFINITY;
#pragma unroll
    for (int i = 0; i < VPL; ++i) {
        const int c = lane + 32 * i;
        v[i] = c < cols4 ? __ldcs(xr + c) : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
        m = fmaxf(m, fmaxf(fmaxf(v[i].x, v[i].y), fmaxf(v[i].z, v[i].w)));
    }
    const float row_max = warp_max(m);

    float s = 0.0f;
#pragma unroll
    for (int i = 0; i < VPL; ++i) {
        v[i].x = expf(v[i].x - row_max);
        v[i].y = expf(v[i].y - row_max);
        v[i].z = expf(v[i].z - row_max);
        v[i].w = expf(v[i].w - row_max);
        s += (v[i].x + v[i].y) + (v[i].z + v[i].w);
    }
    const float inv_sum = 1.0f / warp_sum(s);

#pragma unroll
    for (int i = 0; i < VPL; ++i) {
        const int c = lane + 32 * i;
        if (c < cols4)
            __stcs(yr + c, make_float4(v[i].x * inv_sum, v[i].y * inv_sum, v[i].z * inv_sum, v[i].w * inv_sum));
    }
}

// Fallback for any width and alignment: the three-sweep warp-per-row kernel of the previous turn.
__global__ void __launch_bounds__(kThreads)
    softmax_rows_warp_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t rows, int64_t cols)
{
    const int lane = threadIdx.x & 31;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kRowsPerBlock + (threadIdx.x >> 5);
    if (row >= rows)
        return;
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
    const unsigned grid = static_cast<unsigned>((rows + kRowsPerBlock - 1) / kRowsPerBlock);
    const int64_t cols4 = cols / 4;
    if (cols % 4 != 0 || !aligned16(x) || !aligned16(y) || cols4 > 32 * kMaxVecPerLane) {
        softmax_rows_warp_kernel<<<grid, kThreads, 0, stream>>>(x, y, rows, cols);
        return cudaGetLastError();
    }
    const float4* x4 = reinterpret_cast<const float4*>(x);
    float4* y4 = reinterpret_cast<float4*>(y);
    const int c4 = static_cast<int>(cols4);
    if (c4 <= 32 * 4)
        softmax_rows_warp_regs_kernel<4><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    else if (c4 <= 32 * 8)
        softmax_rows_warp_regs_kernel<8><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    else if (c4 <= 32 * 16)
        softmax_rows_warp_regs_kernel<16><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);
    else
        softmax_rows_warp_regs_kernel<32><<<grid, kThreads, 0, stream>>>(x4, y4, rows, c4);  // 4096 columns
    return cudaGetLastError();
}
