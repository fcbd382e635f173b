// Batch norm folded into the convolutions. For a bias-free convolution followed by an inference batch norm,
//   bn(conv(x, w))[o] = (conv(x, w)[o] - mean[o]) * s[o] + beta[o],   s[o] = gamma[o] / sqrt(var[o] + eps)
//                     = conv(x, w[o] * s[o])[o] + (beta[o] - mean[o] * s[o]).
// fold_bn_kernel writes the scaled weights wf and the per-channel bias bf (every call: the weights may change
// between calls), cuDNN convolves with wf, and the epilogue after each convolution is only
//   bias_relu:      out = relu(y + bf[c])
//   bias_add_relu:  out = relu(y + bf[c] + residual)
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

// One block per output channel o: wf[o, :] = w[o, :] * s[o] over the per_out = cin * kh * kw weights of o.
__global__ void fold_bn_kernel(const float* __restrict__ w, BnParams p, float* __restrict__ wf,
                               float* __restrict__ bf, int64_t per_out)
{
    const int o = blockIdx.x;
    const float s = p.weight[o] / sqrtf(p.var[o] + p.eps);
    const float* src = w + o * per_out;
    float* dst = wf + o * per_out;
    for (int64_t k = threadIdx.x; k < per_out; k += blockDim.x)
        dst[k] = src[k] * s;
    if (threadIdx.x == 0)
        bf[o] = p.bias[o] - p.mean[o] * s;  // the running mean moves into the bias, scaled like the weights
}

__global__ void bias_relu_kernel(const float* __restrict__ y, const float* __restrict__ bias,
                                 float* __restrict__ out, int channels, int64_t plane, int64_t total)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    const int c = static_cast<int>((i / plane) % channels);
    out[i] = fmaxf(y[i] + bias[c], 0.f);
}

__global__ void bias_add_relu_kernel(const float* __restrict__ y, const float* __restrict__ bias,
                                     const float* __restrict__ residual, float* __restrict__ out, int channels,
                                     int64_t plane, int64_t total)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    const int c = static_cast<int>((i / plane) % channels);
    out[i] = fmaxf(y[i] + bias[c] + residual[i], 0.f);
}

}  // namespace

// w, wf: (cout, per_out) contiguous; the BN vectors and bf: cout values.
extern "C" cudaError_t launch_fold_bn(const float* w, const float* weight, const float* bias, const float* mean,
                                      const float* var, float eps, float* wf, float* bf, int64_t cout,
                                      int64_t per_out, cudaStream_t stream)
{
    if (cout == 0)
        return cudaSuccess;
    const BnParams p{weight, bias, mean, var, eps};
    fold_bn_kernel<<<static_cast<unsigned>(cout), kThreads, 0, stream>>>(w, p, wf, bf, per_out);
    return cudaGetLastError();
}

// y, out (and residual when it is not null): contiguous (batch, channels, plane) float32.
extern "C" cudaError_t launch_bias_act(const float* y, const float* bias, const float* residual, float* out,
                                       int64_t batch, int64_t channels, int64_t plane, cudaStream_t stream)
{
    const int64_t total = batch * channels * plane;
    if (total == 0)
        return cudaSuccess;
    const unsigned grid = static_cast<unsigned>((total + kThreads - 1) / kThreads);
    const int c = static_cast<int>(channels);
    if (residual)
        bias_add_relu_kernel<<<grid, kThreads, 0, stream>>>(y, bias, residual, out, c, plane, total);
    else
        bias_relu_kernel<<<grid, kThreads, 0, stream>>>(y, bias, out, c, plane, total);
    return cudaGetLastError();
}
