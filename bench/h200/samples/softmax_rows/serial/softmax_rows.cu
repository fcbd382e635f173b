// Softmax over the last dimension, first version: one block of 256 threads per row, three sweeps over the
// row in global memory.
//   sweep 1: each thread takes the max of its columns (tid, tid + 256, ...), then thread 0 combines the 256
//            partial maxima from shared memory one after another;
//   sweep 2: the same for the sum of exp(x - max);
//   sweep 3: y = exp(x - max) / sum, recomputing the exponentials.
// Neighbouring threads read neighbouring columns, so every load of a warp is one 128-byte segment.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;

__global__ void softmax_rows_serial_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t cols)
{
    __shared__ float partial[kThreads];
    __shared__ float row_stat;  // the combined max, then the combined sum, read by every thread

    const int tid = threadIdx.x;
    const float* xr = x + static_cast<int64_t>(blockIdx.x) * cols;
    float* yr = y + static_cast<int64_t>(blockIdx.x) * cols;

    // Sweep 1: row max.
    float m = -INFINITY;
    for (int64_t c = tid; c < cols; c += kThreads)
        m = fmaxf(m, xr[c]);
    partial[tid] = m;
    __syncthreads();
    if (tid == 0) {
        float r = partial[0];
        for (int i = 1; i < kThreads; ++i)
            r = fmaxf(r, partial[i]);
        row_stat = r;
    }
    __syncthreads();
    const float row_max = row_stat;

    // Sweep 2: sum of exp(x - max). partial[] may be overwritten: thread 0 finished reading it before the
    // barrier above.
    float s = 0.0f;
    for (int64_t c = tid; c < cols; c += kThreads)
        s += expf(xr[c] - row_max);
    partial[tid] = s;
    __syncthreads();
    if (tid == 0) {
        float r = 0.0f;
        for (int i = 0; i < kThreads; ++i)
            r += partial[i];
        row_stat = r;
    }
    __syncthreads();
    const float inv_sum = 1.0f / row_stat;

    // Sweep 3: normalise.
    for (int64_t c = tid; c < cols; c += kThreads)
        yr[c] = expf(xr[c] - row_max) * inv_sum;
}

}  // namespace

// x, y: [rows, cols] contiguous float32; rows <= INT_MAX (checked by the binding).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    softmax_rows_serial_kernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(x, y, cols);
    return cudaGetLastError();
}
