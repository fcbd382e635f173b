// y[b] = sum_j ((x @ W^T)[b, j] / 2) * scale, reordered: the sum over j commutes with the dot products,
//   sum_j x[b, :] . W[j, :] = x[b, :] . wsum,   wsum[c] = sum_j W[j, c],
// so the 2 * batch * k * n-FLOP GEMM becomes a column sum of W (n * k adds) and a matrix-vector product
// (2 * batch * k FLOPs). Two kernels: colsum_kernel, then gemv_kernel.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kWarps = kThreads / 32;

// wsum[c] = sum_j W[j, c], one thread per column: the threads of a warp read consecutive floats of a row.
__global__ void __launch_bounds__(kThreads)
    colsum_kernel(const float* __restrict__ w, float* __restrict__ wsum, int64_t n, int64_t k)
{
    const int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (c >= k)
        return;
    float s = 0.0f;
    for (int64_t j = 0; j < n; ++j)
        s += w[j * k + c];
    wsum[c] = s;
}

// y[row] = x[row, :] . wsum, one warp per row of x: lane l takes columns l, l + 32, ..., then the 32 partial
// sums are combined with a shuffle reduction.
__global__ void __launch_bounds__(kThreads)
    gemv_kernel(const float* __restrict__ x, const float* __restrict__ wsum, float* __restrict__ y, int64_t batch,
                int64_t k, float scale)
{
    const int lane = threadIdx.x & 31;
    const int64_t row = static_cast<int64_t>(blockIdx.x) * kWarps + (threadIdx.x >> 5);
    if (row >= batch)
        return;  // the whole warp leaves together: row is the same for its 32 lanes
    const float* xr = x + row * k;
    float acc = 0.0f;
    for (int64_t c = lane; c < k; c += 32)
        acc += xr[c] * wsum[c];
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        acc += __shfl_xor_sync(acc, offset);
    if (lane == 0)
        y[row] = acc * scale;
}

}  // namespace

// x: [batch, k]; w: [n, k]; wsum: [k] scratch; y: [batch]. Contiguous float32.
extern "C" cudaError_t launch_matmul_div_sum_scale(const float* x, const float* w, float* wsum, float* y,
                                                   int64_t batch, int64_t k, int64_t n, float scale,
                                                   cudaStream_t stream)
{
    if (batch <= 0)
        return cudaSuccess;
    if (k > 0) {
        const int64_t cblocks = (k + kThreads - 1) / kThreads;  // 8 blocks for k = 2048
        if (cblocks > INT_MAX)
            return cudaErrorInvalidConfiguration;
        colsum_kernel<<<static_cast<unsigned>(cblocks), kThreads, 0, stream>>>(w, wsum, n, k);
    }
    const int64_t gblocks = (batch + kWarps - 1) / kWarps;  // 1024 blocks of 8 warps for batch = 8192
    if (gblocks > INT_MAX)
        return cudaErrorInvalidConfiguration;
    gemv_kernel<<<static_cast<unsigned>(gblocks), kThreads, 0, stream>>>(x, wsum, y, batch, k, scale);
    return cudaGetLastError();
}
