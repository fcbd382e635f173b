// diag(d) @ B as a row scaling, first version: one thread per output element.
// out[r, c] = d[r] * B[r, c]. No N x N matrix and no GEMM: B is read once and the output written once.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;

// The matrix is treated as one flat array of rows * cols floats; thread i finds its row as i / cols.
__global__ void row_scale_flat_kernel(const float* __restrict__ d, const float* __restrict__ b,
                                      float* __restrict__ out, int64_t total, int64_t cols)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < total)
        out[i] = d[i / cols] * b[i];
}

}  // namespace

// d: [rows], b and out: [rows, cols], all contiguous float32 on the current device.
extern "C" cudaError_t launch_diag_matmul(const float* d, const float* b, float* out, int64_t rows, int64_t cols,
                                          cudaStream_t stream)
{
    const int64_t total = rows * cols;
    if (total <= 0)
        return cudaSuccess;
    const int64_t blocks = (total + kThreads - 1) / kThreads;  // 98304 blocks for 3072 x 8192
    if (blocks > INT_MAX)
        return cudaErrorInvalidConfiguration;
    row_scale_flat_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(d, b, out, total, cols);
    return cudaGetLastError();
}
