// Inclusive prefix sum along each row of a row-major (rows x cols) matrix, as torch.cumsum(x, dim=1).
// One warp per row (8 rows per 256-thread block, grid-stride past the grid). The row is walked in chunks of
// 32 * VEC elements: each lane scans its own VEC consecutive values in registers, a 5-step shuffle scan turns
// the lane totals into exclusive lane offsets, and a running carry joins the chunk to the ones before it.
// kUnroll chunks are loaded before any of them is scanned, so each lane keeps kUnroll loads in flight; only
// the carry is serial. One read and one write per element. VEC = 4 (float4) when cols is a multiple of 4 and
// both pointers are 16-byte aligned, else VEC = 1.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;
constexpr int kUnroll = 4;
constexpr unsigned kFull = 0xffffffffu;

template <int VEC>
struct Vec;
template <>
struct Vec<1> {
    using T = float;
    static __device__ __forceinline__ T zero() { return 0.0f; }
    static __device__ __forceinline__ float scan(T& v) { return v; }  // inclusive scan in place; returns the total
    static __device__ __forceinline__ void add(T& v, float s) { v += s; }
};
template <>
struct Vec<4> {
    using T = float4;
    static __device__ __forceinline__ T zero() { return make_float4(0.0f, 0.0f, 0.0f, 0.0f); }
    static __device__ __forceinline__ float scan(T& v)
    {
        v.y += v.x;
        v.z += v.y;
        v.w += v.z;
        return v.w;
    }
    static __device__ __forceinline__ void add(T& v, float s)
    {
        v.x += s;
        v.y += s;
        v.z += s;
        v.w += s;
    }
};

// Inclusive scan of one value per lane.
__device__ __forceinline__ float warp_inclusive_scan(float s, int lane)
{
#pragma unroll
    for (int offset = 1; offset < 32; offset <<= 1) {
        const float n = __shfl_up_sync(kFull, s, offset);
        if (lane >= offset)
            s += n;
    }
    return s;
}

template <int VEC>
__global__ void __launch_bounds__(kThreads)
    cumsum_rows_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t rows, int64_t cols)
{
    using V = Vec<VEC>;
    using T = typename V::T;
    const int lane = threadIdx.x & 31;
    const int64_t steps = cols / VEC;  // vectors per row
    const int64_t warp = static_cast<int64_t>(blockIdx.x) * kWarps + (threadIdx.x >> 5);
    const int64_t warps = static_cast<int64_t>(gridDim.x) * kWarps;
    for (int64_t row = warp; row < rows; row += warps) {
        const T* xr = reinterpret_cast<const T*>(x + row * cols);
        T* yr = reinterpret_cast<T*>(y + row * cols);
        float carry = 0.0f;  // sum of every element before the current chunk
        for (int64_t base = 0; base < steps; base += 32 * kUnroll) {
            T v[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int64_t i = base + 32 * u + lane;
                v[u] = i < steps ? __ldcs(xr + i) : V::zero();  // lanes past the row add zeros
            }
            float offset[kUnroll], total[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const float own = V::scan(v[u]);
                const float inclusive = warp_inclusive_scan(own, lane);
                const float before = __shfl_up_sync(kFull, inclusive, 1);
                offset[u] = lane == 0 ? 0.0f : before;  // exclusive: the lanes before this one
                total[u] = __shfl_sync(kFull, inclusive, 31);
            }
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int64_t i = base + 32 * u + lane;
                V::add(v[u], carry + offset[u]);
                if (i < steps)
                    __stcs(yr + i, v[u]);
                carry += total[u];
            }
        }
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// x, y: [rows, cols] contiguous float32, not overlapping.
extern "C" cudaError_t launch_cumsum_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    int64_t grid = (rows + kWarps - 1) / kWarps;
    if (grid > INT_MAX)
        grid = INT_MAX;
    if (cols % 4 == 0 && aligned16(x) && aligned16(y))
        cumsum_rows_kernel<4><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(x, y, rows, cols);
    else
        cumsum_rows_kernel<1><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(x, y, rows, cols);
    return cudaGetLastError();
}
