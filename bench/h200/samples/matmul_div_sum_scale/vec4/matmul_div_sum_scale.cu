// y[b] = sum_j ((x @ W^T)[b, j] / 2) * scale, reordered as y[b] = (x[b, :] . wsum) / 2 * scale with
// wsum[c] = sum_j W[j, c]. Three kernels, all float4 along the contiguous dimension:
//   1. colsum_partial_kernel: column sums of W over row splits (many blocks, not one thread per column);
//      the 8 row groups of a block are combined by a shared-memory tree reduction;
//   2. colsum_finish_kernel:  wsum[c] = sum over splits of the partials, in a fixed order (deterministic);
//   3. gemv_kernel:           one warp per row of x, four independent float4 loads in flight per lane,
//                             shuffle reduction, then / 2 and * scale. x is read exactly once.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kColsumX = 32;  // threads along the columns (each owns VEC of them)
constexpr int kColsumY = 8;   // threads along the rows of a split
constexpr int kColsumThreads = kColsumX * kColsumY;
constexpr int kMaxSplits = 256;
constexpr int kFinishThreads = 256;
constexpr int kGemvThreads = 256;
constexpr int kGemvWarps = kGemvThreads / 32;

// float (VEC = 1, the fallback path) and float4 (VEC = 4) through one interface.
template <int VEC>
struct Lanes;
template <>
struct Lanes<1> {
    using T = float;
    static __device__ __forceinline__ T zero() { return 0.0f; }
    static __device__ __forceinline__ void accumulate(T& a, T b) { a += b; }
    static __device__ __forceinline__ float dot4(T a, T b) { return a * b; }
};
template <>
struct Lanes<4> {
    using T = float4;
    static __device__ __forceinline__ T zero() { return make_float4(0.0f, 0.0f, 0.0f, 0.0f); }
    static __device__ __forceinline__ void accumulate(T& a, T b)
    {
        a.x += b.x;
        a.y += b.y;
        a.z += b.z;
        a.w += b.w;
    }
    static __device__ __forceinline__ float dot4(T a, T b) { return (a.x * b.x + a.y * b.y) + (a.z * b.z + a.w * b.w); }
};

// partial[s, c] = sum of W[j, c] over the rows j of split s. Block 32 x 8: threadIdx.x picks a VEC-wide column
// group (a warp reads 32 * VEC consecutive floats of one row), threadIdx.y strides the split's rows. The eight
// row-group sums are then halved 8 -> 4 -> 2 -> 1 in shared memory.
template <int VEC>
__global__ void __launch_bounds__(kColsumThreads)
    colsum_partial_kernel(const float* __restrict__ w, float* __restrict__ partial, int64_t rows, int64_t cols,
                          int64_t rows_per_split)
{
    using L = Lanes<VEC>;
    using T = typename L::T;
    __shared__ T red[kColsumY][kColsumX];
    const int64_t colsv = cols / VEC;
    const int64_t cv = static_cast<int64_t>(blockIdx.x) * kColsumX + threadIdx.x;
    const int64_t r0 = static_cast<int64_t>(blockIdx.y) * rows_per_split;
    const int64_t r1 = r0 + rows_per_split < rows ? r0 + rows_per_split : rows;
    const T* wv = reinterpret_cast<const T*>(w);
    T acc = L::zero();
    if (cv < colsv) {
#pragma unroll 4
        for (int64_t r = r0 + threadIdx.y; r < r1; r += kColsumY)
            L::accumulate(acc, __ldg(wv + r * colsv + cv));
    }
    red[threadIdx.y][threadIdx.x] = acc;
    __syncthreads();
#pragma unroll
    for (int half = kColsumY / 2; half > 0; half >>= 1) {
        if (threadIdx.y < half)
            L::accumulate(red[threadIdx.y][threadIdx.x], red[threadIdx.y + half][threadIdx.x]);
        __syncthreads();
    }
    if (threadIdx.y == 0 && cv < colsv)
        reinterpret_cast<T*>(partial + static_cast<int64_t>(blockIdx.y) * cols)[cv] = red[0][threadIdx.x];
}

// wsum[c] = sum_s partial[s, c], coalesced along c, splits added in order.
__global__ void __launch_bounds__(kFinishThreads)
    colsum_finish_kernel(const float* __restrict__ partial, float* __restrict__ wsum, int64_t cols, int splits)
{
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; c < cols; c += stride) {
        float s = 0.0f;
#pragma unroll 8
        for (int i = 0; i < splits; ++i)
            s += partial[static_cast<int64_t>(i) * cols + c];
        wsum[c] = s;
    }
}

// y[row] = (x[row, :] . wsum) / 2 * scale, one warp per row. Lane l reads VEC-wide groups l, l + 32, ...,
// four per step into four accumulators, so four independent loads are in flight; then a shuffle reduction.
template <int VEC>
__global__ void __launch_bounds__(kGemvThreads)
    gemv_kernel(const float* __restrict__ x, const float* __restrict__ wsum, float* __restrict__ y, int64_t rows,
                int64_t cols, float scale)
{
    using L = Lanes<VEC>;
    using T = typename L::T;
    const int lane = threadIdx.x & 31;
    const int64_t colsv = cols / VEC;
    const T* wv = reinterpret_cast<const T*>(wsum);
    const int64_t warp0 = static_cast<int64_t>(blockIdx.x) * kGemvWarps + (threadIdx.x >> 5);
    const int64_t warps = static_cast<int64_t>(gridDim.x) * kGemvWarps;
    for (int64_t row = warp0; row < rows; row += warps) {  // row is warp-uniform: the shuffles see 32 lanes
        const T* xr = reinterpret_cast<const T*>(x + row * cols);
        float a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;
        int64_t c = lane;
        for (; c + 96 < colsv; c += 128) {
            const T x0 = __ldcs(xr + c);  // streaming: each byte of x is used once
            const T x1 = __ldcs(xr + c + 32);
            const T x2 = __ldcs(xr + c + 64);
            const T x3 = __ldcs(xr + c + 96);
            a0 += L::dot4(x0, __ldg(wv + c));  // wsum: 8 KiB, shared by every warp, stays in L1/L2
            a1 += L::dot4(x1, __ldg(wv + c + 32));
            a2 += L::dot4(x2, __ldg(wv + c + 64));
            a3 += L::dot4(x3, __ldg(wv + c + 96));
        }
        for (; c < colsv; c += 32)
            a0 += L::dot4(__ldcs(xr + c), __ldg(wv + c));
        float acc = (a0 + a1) + (a2 + a3);
#pragma unroll
        for (int offset = 16; offset > 0; offset >>= 1)
            acc += __shfl_xor_sync(0xffffffffu, acc, offset);
        if (lane == 0)
            y[row] = (acc / 2.0f) * scale;  // the reference's "/ 2", then "* scale"
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

int sm_count()
{
    static int cached = 0;  // one device in this process
    if (cached > 0)
        return cached;
    int dev = 0;
    int sms = 0;
    if (cudaGetDevice(&dev) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) !=
                                                  cudaSuccess || sms < 1)
        sms = 1;
    cached = sms;
    return sms;
}

}  // namespace

// How many row splits the column sum uses (the caller allocates splits x cols floats of scratch): enough
// blocks for about 8 per SM, each split at least kColsumY rows, at most kMaxSplits.
extern "C" int64_t matmul_div_sum_scale_splits(int64_t rows, int64_t cols)
{
    const int64_t colsv = (cols % 4 == 0) ? cols / 4 : cols;
    const int64_t groups = (colsv + kColsumX - 1) / kColsumX;  // 16 column blocks for cols = 2048
    const int64_t target = static_cast<int64_t>(sm_count()) * 8;
    int64_t splits = (target + groups - 1) / groups;
    const int64_t max_by_rows = (rows + kColsumY - 1) / kColsumY;
    if (splits > max_by_rows)
        splits = max_by_rows;
    if (splits > kMaxSplits)
        splits = kMaxSplits;
    return splits < 1 ? 1 : splits;
}

// x: [batch, k]; w: [n, k]; partial: [splits, k] scratch; wsum: [k] scratch; y: [batch]. Contiguous float32.
extern "C" cudaError_t launch_matmul_div_sum_scale(const float* x, const float* w, float* partial, float* wsum,
                                                   float* y, int64_t batch, int64_t k, int64_t n, int64_t splits,
                                                   float scale, cudaStream_t stream)
{
    if (batch <= 0)
        return cudaSuccess;
    if (splits < 1)
        return cudaErrorInvalidValue;

    // 1 + 2: wsum = column sums of W (zeros when n == 0).
    if (k > 0) {
        const bool wvec = (k % 4 == 0) && aligned16(w) && aligned16(partial);
        const int64_t gx = ((wvec ? k / 4 : k) + kColsumX - 1) / kColsumX;
        const int64_t rows_per_split = (n + splits - 1) / splits;
        if (gx > INT_MAX)
            return cudaErrorInvalidConfiguration;
        const dim3 cgrid(static_cast<unsigned>(gx), static_cast<unsigned>(splits));
        const dim3 cblock(kColsumX, kColsumY);
        if (wvec)
            colsum_partial_kernel<4><<<cgrid, cblock, 0, stream>>>(w, partial, n, k, rows_per_split);
        else
            colsum_partial_kernel<1><<<cgrid, cblock, 0, stream>>>(w, partial, n, k, rows_per_split);
        int64_t fgrid = (k + kFinishThreads - 1) / kFinishThreads;
        if (fgrid > INT_MAX)
            fgrid = INT_MAX;
        colsum_finish_kernel<<<static_cast<unsigned>(fgrid), kFinishThreads, 0, stream>>>(
            partial, wsum, k, static_cast<int>(splits));
    }

    // 3: y = (x . wsum) / 2 * scale, one warp per row.
    const bool xvec = (k % 4 == 0) && aligned16(x) && aligned16(wsum);
    int64_t ggrid = (batch + kGemvWarps - 1) / kGemvWarps;
    if (ggrid > INT_MAX)
        ggrid = INT_MAX;
    if (xvec)
        gemv_kernel<4><<<static_cast<unsigned>(ggrid), kGemvThreads, 0, stream>>>(x, wsum, y, batch, k, scale);
    else
        gemv_kernel<1><<<static_cast<unsigned>(ggrid), kGemvThreads, 0, stream>>>(x, wsum, y, batch, k, scale);
    return cudaGetLastError();
}
