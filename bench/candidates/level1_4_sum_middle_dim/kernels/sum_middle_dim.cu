// y[o, c] = sum_r x[o, r, c] for a contiguous x of shape (outer, R, inner); every element is read once.
// Block (bx, by) owns columns [128 * bx, 128 * bx + 128) of outer index by (32 column-threads x float4) and
// all R rows of them. Its 8 row-groups (threadIdx.y) take rows ty, ty + 8, ty + 16, ...: each step down R is
// one 512-byte coalesced row segment per warp, and four rows are loaded before they are added so each
// thread keeps four 16-byte loads in flight. The 8 register partials are then combined through shared
// memory by row-group 0 in a fixed order. No atomics and no pre-zeroed output: the result is deterministic.
// Columns that are not a multiple of 4, or a misaligned pointer, take the same kernel with one float per
// thread (32 columns per block).
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kCols = 32;   // column-threads per block (blockDim.x)
constexpr int kGroups = 8;  // row-groups per block (blockDim.y)
constexpr int kUnroll = 4;  // rows loaded per row-group before they are accumulated

template <int VEC>
struct Vec;
template <>
struct Vec<4> {
    using T = float4;
};
template <>
struct Vec<1> {
    using T = float;
};

__device__ __forceinline__ void add_to(float4& a, const float4& b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
    a.w += b.w;
}
__device__ __forceinline__ void add_to(float& a, float b) { a += b; }
__device__ __forceinline__ void set_zero(float4& a) { a = make_float4(0.0f, 0.0f, 0.0f, 0.0f); }
__device__ __forceinline__ void set_zero(float& a) { a = 0.0f; }

// x and y are in units of VEC floats; inner_v = inner / VEC.
template <int VEC>
__global__ void __launch_bounds__(kCols * kGroups)
    sum_middle_dim_kernel(const typename Vec<VEC>::T* __restrict__ x, typename Vec<VEC>::T* __restrict__ y,
                          int64_t outer, int64_t r_len, int64_t inner_v)
{
    using T = typename Vec<VEC>::T;
    __shared__ T partial[kGroups - 1][kCols];
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int64_t col = static_cast<int64_t>(blockIdx.x) * kCols + tx;
    const bool active = col < inner_v;

    for (int64_t o = blockIdx.y; o < outer; o += gridDim.y) {
        T acc;
        set_zero(acc);
        if (active) {
            const T* xo = x + o * r_len * inner_v + col;
            int64_t r = ty;
            for (; r + (kUnroll - 1) * kGroups < r_len; r += kUnroll * kGroups) {
                T v[kUnroll];
#pragma unroll
                for (int u = 0; u < kUnroll; ++u)
                    v[u] = __ldcs(xo + (r + u * kGroups) * inner_v);
#pragma unroll
                for (int u = 0; u < kUnroll; ++u)
                    add_to(acc, v[u]);  // rows in increasing order
            }
            for (; r < r_len; r += kGroups)
                add_to(acc, __ldcs(xo + r * inner_v));
        }
        if (ty > 0)
            partial[ty - 1][tx] = acc;
        __syncthreads();
        if (ty == 0 && active) {
#pragma unroll
            for (int g = 0; g < kGroups - 1; ++g)
                add_to(acc, partial[g][tx]);  // row-groups 0, 1, ..., 7 in order
            y[o * inner_v + col] = acc;
        }
        __syncthreads();  // the next outer index overwrites the partials
    }
}

inline bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// x: [outer, r, inner], y: [outer, inner], contiguous float32. r may be 0 (y becomes zeros).
extern "C" cudaError_t launch_sum_middle_dim(const float* x, float* y, int64_t outer, int64_t r, int64_t inner,
                                             cudaStream_t stream)
{
    if (outer <= 0 || inner <= 0)
        return cudaSuccess;
    if (r < 0)
        return cudaErrorInvalidValue;
    const bool vec = (inner % 4 == 0) && aligned16(x) && aligned16(y);
    const int64_t inner_v = vec ? inner / 4 : inner;
    const int64_t col_blocks = (inner_v + kCols - 1) / kCols;
    if (col_blocks > INT_MAX)
        return cudaErrorInvalidValue;
    // Outer indices past 65535 are covered by the grid-stride loop over blockIdx.y.
    const dim3 grid(static_cast<unsigned>(col_blocks), static_cast<unsigned>(outer < 65535 ? outer : 65535));
    const dim3 block(kCols, kGroups);
    if (vec)
        sum_middle_dim_kernel<4><<<grid, block, 0, stream>>>(reinterpret_cast<const float4*>(x),
                                                              reinterpret_cast<float4*>(y), outer, r, inner_v);
    else
        sum_middle_dim_kernel<1><<<grid, block, 0, stream>>>(x, y, outer, r, inner_v);
    return cudaGetLastError();
}
