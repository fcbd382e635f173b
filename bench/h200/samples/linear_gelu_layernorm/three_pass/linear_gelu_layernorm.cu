// GELU and LayerNorm after the cuBLAS GEMM (which already added the linear bias), as two kernels:
//   gelu_kernel:       g = 0.5 * y * (1 + erf(y / sqrt(2)))   (exact GELU, F.gelu's default), one thread per element
//   layernorm_kernel:  out = (g - mean) / sqrt(var + eps) * weight + bias over each row of g, one block per row,
//                      three sweeps over the row: the mean, the biased variance, then the normalised store.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;

__global__ void gelu_kernel(const float* __restrict__ y, float* __restrict__ g, int64_t n)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n) {
        const float v = y[i];
        g[i] = 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
    }
}

__global__ void layernorm_kernel(const float* __restrict__ g, const float* __restrict__ weight,
                                 const float* __restrict__ bias, float* __restrict__ out, int cols, float eps)
{
    __shared__ float red[kThreads];
    const float* row = g + static_cast<int64_t>(blockIdx.x) * cols;
    float* dst = out + static_cast<int64_t>(blockIdx.x) * cols;

    float s = 0.f;
    for (int c = threadIdx.x; c < cols; c += kThreads)
        s += row[c];
    const float mean = block_sum(s, red) / cols;

    float q = 0.f;
    for (int c = threadIdx.x; c < cols; c += kThreads) {
        const float d = row[c] - mean;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, red) / cols + eps);

    for (int c = threadIdx.x; c < cols; c += kThreads)
        dst[c] = (row[c] - mean) * rstd * weight[c] + bias[c];
}

// Tree reduction over the block's 256 values in shared memory; every thread returns the total.
__device__ float block_sum(float v, float* red)
{
    red[threadIdx.x] = v;
    __syncthreads();
    for (int s = kThreads / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            red[threadIdx.x] += red[threadIdx.x + s];
        __syncthreads();
    }
    const float total = red[0];
    __syncthreads();  // red is written again by the next call
    return total;
}

}  // namespace

// y: (rows, cols) GEMM output with the linear bias; g: scratch of the same shape; out: the result.
extern "C" cudaError_t launch_gelu_layernorm(const float* y, float* g, const float* weight, const float* bias,
                                             float* out, int64_t rows, int64_t cols, float eps, cudaStream_t stream)
{
    const int64_t n = rows * cols;
    if (n == 0)
        return cudaSuccess;
    gelu_kernel<<<static_cast<unsigned>((n + kThreads - 1) / kThreads), kThreads, 0, stream>>>(y, g, n);
    layernorm_kernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(g, weight, bias, out,
                                                                          static_cast<int>(cols), eps);
    return cudaGetLastError();
}
