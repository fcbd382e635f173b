// Inference batch norm after each convolution of the block, as one elementwise kernel over an NCHW tensor:
//   bn_relu:      out = relu((y - mean[c]) / sqrt(var[c] + eps) * weight[c] + bias[c])
//   bn_add_relu:  out = relu(bn(y) + residual)
// One thread per element; the channel of flat element i is (i / plane) % channels.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;

struct BnParams {
    const float* weight;
    const float* bias;
    const float* mean;
    const float* var;
    float eps;
};

__device__ __forceinline__ float batch_norm(float v, const BnParams& p, int c)
{
    return (v - p.mean[c]) / sqrtf(p.var[c] + p.eps) * p.weight[c] + p.bias[c];
}

__global__ void bn_relu_kernel(const float* __restrict__ y, float* __restrict__ out, BnParams p, int channels,
                               int64_t plane, int64_t total)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    const int c = static_cast<int>((i / plane) % channels);
    out[i] = fmaxf(batch_norm(y[i], p, c), 0.f);
}

__global__ void bn_add_relu_kernel(const float* __restrict__ y, const float* __restrict__ residual,
                                   float* __restrict__ out, BnParams p, int channels, int64_t plane, int64_t total)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    const int c = static_cast<int>((i / plane) % channels);
    out[i] = fmaxf(batch_norm(y[i], p, c) + residual[i], 0.f);
}

}  // namespace

// y, out (and residual when it is not null): contiguous (batch, channels, plane) float32.
extern "C" cudaError_t launch_bn_act(const float* y, const float* residual, const float* out, const float* weight,
                                     const float* bias, const float* mean, const float* var, float eps, int64_t batch,
                                     int64_t channels, int64_t plane, cudaStream_t stream)
{
    const int64_t total = batch * channels * plane;
    if (total == 0)
        return cudaSuccess;
    const BnParams p{weight, bias, mean, var, eps};
    const unsigned grid = static_cast<unsigned>((total + kThreads - 1) / kThreads);
    const int c = static_cast<int>(channels);
    if (residual)
        bn_add_relu_kernel<<<grid, kThreads, 0, stream>>>(y, residual, out, p, c, plane, total);
    else
        bn_relu_kernel<<<grid, kThreads, 0, stream>>>(y, out, p, c, plane, total);
    return cudaGetLastError();
}
