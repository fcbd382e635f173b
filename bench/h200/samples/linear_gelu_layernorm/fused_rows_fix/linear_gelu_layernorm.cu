// Bias + GELU + LayerNorm fused into one row kernel after the cuBLAS GEMM (x W^T, no bias):
//   g = gelu(y + b),   out = (g - mean(g)) / sqrt(var(g) + eps) * weight + beta
// One block of 256 threads per row. Thread t owns columns t, t + 256, ..., so a row of up to 256 * 16 = 4096
// values lives in registers: y is read once, out written once, and the GELU output never goes to memory.
// Each row needs two statistics, which come from block reductions over the values in registers.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kPerThread = 16;  // the longest row is kThreads * kPerThread = 4096 values

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

__device__ __forceinline__ float gelu(float v)
{
    return 0.5f * v * (1.f + erff(v * 0.70710678118654752f));
}

__global__ void __launch_bounds__(kThreads)
    bias_gelu_layernorm_kernel(const float* __restrict__ y, const float* __restrict__ bias,
                               const float* __restrict__ gamma, const float* __restrict__ beta,
                               float* __restrict__ out, int cols, float eps)
{
    __shared__ float red[kThreads];
    const float* row = y + static_cast<int64_t>(blockIdx.x) * cols;
    float* dst = out + static_cast<int64_t>(blockIdx.x) * cols;

    float g[kPerThread];
    float s = 0.f;
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        const int c = threadIdx.x + k * kThreads;
        g[k] = c < cols ? gelu(row[c] + bias[c]) : 0.f;
        s += g[k];
    }
    const float mean = block_sum(s, red) / cols;

    // Two-pass variance: the squared deviations from the mean, over the values still in registers (biased, as
    // nn.LayerNorm). No memory is read again, and there is no E[g^2] - mean^2 cancellation.
    float q = 0.f;
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        const int c = threadIdx.x + k * kThreads;
        const float d = c < cols ? g[k] - mean : 0.f;
        q += d * d;
    }
    const float rstd = rsqrtf(block_sum(q, red) / cols + eps);

#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
        const int c = threadIdx.x + k * kThreads;
        if (c < cols)
            dst[c] = (g[k] - mean) * rstd * gamma[c] + beta[c];
    }
}

}  // namespace

// y: (rows, cols) GEMM output without the bias; out: the result, same shape; cols <= 4096.
extern "C" cudaError_t launch_bias_gelu_layernorm(const float* y, const float* bias, const float* gamma,
                                                  const float* beta, float* out, int64_t rows, int64_t cols, float eps,
                                                  cudaStream_t stream)
{
    if (rows == 0 || cols == 0)
        return cudaSuccess;
    if (cols > kThreads * kPerThread || rows > 0x7fffffff)
        return cudaErrorInvalidValue;
    bias_gelu_layernorm_kernel<<<static_cast<unsigned>(rows), kThreads, 0, stream>>>(
        y, bias, gamma, beta, out, static_cast<int>(cols), eps);
    return cudaGetLastError();
}
