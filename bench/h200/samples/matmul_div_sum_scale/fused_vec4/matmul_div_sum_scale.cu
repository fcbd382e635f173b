// y[b] = sum_j ((x @ W^T)[b, j] / 2) * scale = (x[b, :] . wsum) / 2 * scale, wsum[c] = sum_j W[j, c],
// as ONE kernel. The dot product splits over column slices: y[b] = sum over slices S of x[b, S] . wsum[S].
// Block (sx, sy) owns the 16 columns of slice sx and the batch rows of split sy. It
//   1. sums W over all n rows for its 16 columns (a shared-memory tree combines the row groups), so its
//      slice of wsum never leaves the SM;
//   2. multiplies each of its batch rows by that slice and adds the partial dot product into y[b] with one
//      atomicAdd per row. y is zeroed on the stream first.
// The price: each of the `splits` blocks of a slice repeats step 1 (W is read `splits` times, mostly from
// L2), and the order of the atomic additions, so the last bits of y, change from run to run.
// Second version: the slice is 4 float4 columns, so a thread moves 16 bytes per load, and each thread keeps
// four loads in flight in both steps. The scalar kernel stays as the path for k % 4 != 0 or misaligned data.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kCols = 16;                  // columns per slice
constexpr int kGroups = 16;                // row groups per block
constexpr int kThreads = kCols * kGroups;  // 256
constexpr int64_t kMaxGridY = 65535;

// Scalar path. Thread t: column c = t % 16 of the slice, row group g = t / 16. A warp holds two row groups,
// so each of its loads covers two rows x 64 contiguous bytes.
__global__ void __launch_bounds__(kThreads)
    fused_slice_kernel(const float* __restrict__ x, const float* __restrict__ w, float* __restrict__ y,
                       int64_t batch, int64_t k, int64_t n, int64_t rows_per_split, float scale)
{
    __shared__ float red[kGroups][kCols];
    const int c = threadIdx.x % kCols;
    const int g = threadIdx.x / kCols;
    const int64_t col = static_cast<int64_t>(blockIdx.x) * kCols + c;
    const bool live = col < k;

    // 1. This slice of wsum: rows g, g + 16, ... of W, then the 16 row groups halved 16 -> 8 -> 4 -> 2 -> 1.
    float s = 0.0f;
    if (live) {
        for (int64_t j = g; j < n; j += kGroups)
            s += w[j * k + col];
    }
    red[g][c] = s;
    __syncthreads();
    for (int half = kGroups / 2; half > 0; half >>= 1) {
        if (g < half)
            red[g][c] += red[g + half][c];
        __syncthreads();
    }
    const float wsum = red[0][c];  // 0 for columns past k

    // 2. Partial dot products of the split's batch rows. The loop bound is the same for the whole block, so
    // every lane reaches the shuffles; rows past the split contribute nothing.
    const int64_t b0 = static_cast<int64_t>(blockIdx.y) * rows_per_split;
    const int64_t b1 = b0 + rows_per_split < batch ? b0 + rows_per_split : batch;
    for (int64_t base = b0; base < b1; base += kGroups) {
        const int64_t row = base + g;
        float p = (live && row < b1) ? x[row * k + col] * wsum : 0.0f;
#pragma unroll
        for (int offset = kCols / 2; offset > 0; offset >>= 1)  // the 16 lanes of one row group
            p += __shfl_xor_sync(0xffffffffu, p, offset);
        if (c == 0 && row < b1)
            atomicAdd(y + row, (p / 2.0f) * scale);
    }
}

// float4 path: thread t owns float4 column q = t % 4 of the slice (16 floats) and row group g = t / 4 (64
// groups). A warp holds eight row groups, so each of its loads covers eight rows x 64 contiguous bytes.
constexpr int kQuads = kCols / 4;              // 4 float4 columns per slice
constexpr int kGroups4 = kThreads / kQuads;    // 64 row groups
constexpr int kUnroll = 4;                     // loads in flight per thread

__device__ __forceinline__ void add4(float4& a, const float4& b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
    a.w += b.w;
}

__global__ void __launch_bounds__(kThreads)
    fused_slice_vec4_kernel(const float4* __restrict__ x, const float4* __restrict__ w, float* __restrict__ y,
                            int64_t batch, int64_t k4, int64_t n, int64_t rows_per_split, float scale)
{
    __shared__ float4 red[kGroups4][kQuads];  // 4 KiB
    const int q = threadIdx.x % kQuads;
    const int g = threadIdx.x / kQuads;
    const int64_t col = static_cast<int64_t>(blockIdx.x) * kQuads + q;
    const bool live = col < k4;

    // 1. This slice of wsum: rows g, g + 64, ... of W, four rows per step, then the 64 row groups halved
    // 64 -> 32 -> ... -> 1 in shared memory.
    float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (live) {
        int64_t j = g;
        for (; j + (kUnroll - 1) * kGroups4 < n; j += kUnroll * kGroups4) {
            const float4 v0 = __ldg(w + j * k4 + col);
            const float4 v1 = __ldg(w + (j + kGroups4) * k4 + col);
            const float4 v2 = __ldg(w + (j + 2 * kGroups4) * k4 + col);
            const float4 v3 = __ldg(w + (j + 3 * kGroups4) * k4 + col);
            add4(s, v0);
            add4(s, v1);
            add4(s, v2);
            add4(s, v3);
        }
        for (; j < n; j += kGroups4)
            add4(s, __ldg(w + j * k4 + col));
    }
    red[g][q] = s;
    __syncthreads();
    for (int half = kGroups4 / 2; half > 0; half >>= 1) {
        if (g < half)
            add4(red[g][q], red[g + half][q]);
        __syncthreads();
    }
    const float4 ws = red[0][q];  // zeros for columns past k

    // 2. Four batch rows per step (g, g + 64, g + 128, g + 192 past base): four independent streaming loads,
    // then a shuffle over the 4 lanes of each row group and one atomicAdd per row. The loop bound is the same
    // for the whole block, so every lane reaches the shuffles.
    const int64_t b0 = static_cast<int64_t>(blockIdx.y) * rows_per_split;
    const int64_t b1 = b0 + rows_per_split < batch ? b0 + rows_per_split : batch;
    for (int64_t base = b0; base < b1; base += kUnroll * kGroups4) {
        float4 v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int64_t row = base + g + u * kGroups4;
            v[u] = (live && row < b1) ? __ldcs(x + row * k4 + col) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        }
        float p[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            p[u] = (v[u].x * ws.x + v[u].y * ws.y) + (v[u].z * ws.z + v[u].w * ws.w);
            p[u] += __shfl_xor_sync(0xffffffffu, p[u], 2);
            p[u] += __shfl_xor_sync(0xffffffffu, p[u], 1);
        }
        if (q == 0) {
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int64_t row = base + g + u * kGroups4;
                if (row < b1)
                    atomicAdd(y + row, (p[u] / 2.0f) * scale);
            }
        }
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

// x: [batch, k]; w: [n, k]; y: [batch]. Contiguous float32.
extern "C" cudaError_t launch_matmul_div_sum_scale(const float* x, const float* w, float* y, int64_t batch,
                                                   int64_t k, int64_t n, float scale, cudaStream_t stream)
{
    if (batch <= 0)
        return cudaSuccess;
    cudaError_t err = cudaMemsetAsync(y, 0, static_cast<size_t>(batch) * sizeof(float), stream);
    if (err != cudaSuccess || k <= 0)
        return err;
    const bool vec = (k % 4 == 0) && aligned16(x) && aligned16(w);
    const int64_t slices = (k + kCols - 1) / kCols;  // 128 slices for k = 2048
    if (slices > INT_MAX)
        return cudaErrorInvalidConfiguration;
    // Batch splits: enough blocks for about two per SM. Each split repeats the slice's column sum.
    int64_t splits = (2 * static_cast<int64_t>(sm_count()) + slices - 1) / slices;
    const int64_t rows_per_step = vec ? kGroups4 : kGroups;
    const int64_t max_by_rows = (batch + rows_per_step - 1) / rows_per_step;
    if (splits > max_by_rows)
        splits = max_by_rows;
    if (splits > kMaxGridY)
        splits = kMaxGridY;
    if (splits < 1)
        splits = 1;
    const int64_t rows_per_split = (batch + splits - 1) / splits;
    const dim3 grid(static_cast<unsigned>(slices), static_cast<unsigned>(splits));
    if (vec)
        fused_slice_vec4_kernel<<<grid, kThreads, 0, stream>>>(reinterpret_cast<const float4*>(x),
                                                               reinterpret_cast<const float4*>(w), y, batch,
                                                               k / 4, n, rows_per_split, scale);
    else
        fused_slice_kernel<<<grid, kThreads, 0, stream>>>(x, w, y, batch, k, n, rows_per_split, scale);
    return cudaGetLastError();
}
