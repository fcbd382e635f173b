// diag(d) @ B as a row scaling, second version: a 2-D grid. blockIdx.y is the row, so no thread divides by
// cols any more, and all 256 threads of a block read the same d[r].
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int64_t kMaxGridY = 65535;

// Thread (blockIdx.x, threadIdx.x) owns one column c; blockIdx.y walks the rows (grid-stride past 65535).
__global__ void row_scale_kernel(const float* __restrict__ d, const float* __restrict__ b, float* __restrict__ out,
                                 int64_t rows, int64_t ncols)
{
    const int64_t c = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (c >= cols)
        return;
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        const float s = d[r];
        const float* brow = b + r * cols;
        float* orow = out + r * cols;
        orow[c] = s * brow[c];
    }
}

}  // namespace

// d: [rows], b and out: [rows, cols], all contiguous float32 on the current device.
extern "C" cudaError_t launch_diag_matmul(const float* d, const float* b, float* out, int64_t rows, int64_t cols,
                                          cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const int64_t gx = (cols + kThreads - 1) / kThreads;  // 32 column blocks for cols = 8192
    if (gx > INT_MAX)
        return cudaErrorInvalidConfiguration;
    const int64_t gy = rows < kMaxGridY ? rows : kMaxGridY;
    const dim3 grid(static_cast<unsigned>(gx), static_cast<unsigned>(gy));
    row_scale_kernel<<<grid, kThreads, 0, stream>>>(d, b, out, rows, cols);
    return cudaGetLastError();
}
