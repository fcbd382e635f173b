// Softmax over the last dimension, second version: one block of 256 threads per row, three sweeps over the
// row, and the two block reductions (max, then sum of exp) as shared-memory trees: at each of the 8 levels
// the lower half of the active threads combines its slot with the slot `step` above it, so the work is
// spread over the block instead of a 256-step loop in thread 0.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;  // a power of two: the tree halves it down to 1

// Every thread returns the block-wide max of v. buf has kThreads floats.
__device__ float block_reduce_max(float v, float* buf)
{
    const int tid = threadIdx.x;
    buf[tid] = v;
    __syncthreads();
    for (int step = kThreads / 2; step > 0; step >>= 1) {
        if (tid < step)
            buf[tid] = fmaxf(buf[tid], buf[tid + step]);
        __syncthreads();
    }
    const float r = buf[0];
    __syncthreads();  // everyone has read buf[0] before the next reduction overwrites buf
    return r;
}

// Every thread returns the block-wide sum of v. buf has kThreads floats.
__device__ float block_reduce_sum(float v, float* buf)
{
    const int tid = threadIdx.x;
    buf[tid] = v;
    __syncthreads();
    for (int step = kThreads / 2; step > 0; step >>= 1) {
        if (tid < step)
            buf[tid] += buf[tid + step];
        __syncthreads();
    }
    const float r = buf[0];
    __syncthreads();
    return r;
}

__global__ void softmax_rows_tree_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t cols)
{
    __shared__ float buf[kThreads];

    const int tid = threadIdx.x;
    const float* xr = x + static_cast<int64_t>(blockIdx.x) * cols;
    float* yr = y + static_cast<int64_t>(blockIdx.x) * cols;

    float m = -INFINITY;
    for (int64_t c = tid; c < cols; c += kThreads)
        m = fmaxf(m, xr[c]);
    const float row_max = block_reduce_max(m, buf);

    float s = 0.0f;
    for (int64_t c = tid; c < cols; c += kThreads)
        s += expf(xr[c] - row_max);
    const float inv_sum = 1.0f / block_reduce_sum(s, buf);

    for (int64_t c = tid; c < cols; c += kThreads)
        yr[c] = expf(xr[c] - row_max) * inv_sum;
}

}  // namespace

// x, y: [rows, cols] contiguous float32; rows <= INT_MAX (checked by the binding).
extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    softmax_rows_tree_kernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(x, y, cols);
    return cudaGetLastError();
}
