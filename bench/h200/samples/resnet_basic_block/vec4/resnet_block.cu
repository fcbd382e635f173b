// Batch norm folded into the convolutions. For a bias-free convolution followed by an inference batch norm,
//   bn(conv(x, w))[o] = conv(x, w[o] * s[o])[o] + (beta[o] - mean[o] * s[o]),   s[o] = gamma[o] / sqrt(var[o] + eps).
// fold_bn_kernel folds both batch norms of the block in one launch (every call: the weights may change between
// calls). The epilogue after each convolution runs in place on its output: one block per (image, channel) plane,
// so the bias is one load per block and no thread divides to find its channel, and float4 accesses:
//   bias_act<false>:  y = relu(y + bf[c])
//   bias_act<true>:   y = relu(y + bf[c] + residual)
// Planes whose size is not a multiple of 4, or misaligned pointers, take the scalar kernel with the same mapping.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;

struct FoldJob {
    const float* w;  // (cout, per_out) weights of one convolution
    const float* gamma;
    const float* beta;
    const float* mean;
    const float* var;
    float eps;
    float* wf;  // folded weights, same layout as w
    float* bf;  // folded bias, cout values
};

// Output channel o of one convolution: wf[o, :] = w[o, :] * s[o] and bf[o] = beta[o] - mean[o] * s[o].
__device__ __forceinline__ void fold_channel(const FoldJob& j, int o, int per_out)
{
    const float s = j.gamma[o] / sqrtf(j.var[o] + j.eps);
    const int64_t base = static_cast<int64_t>(o) * per_out;
    for (int k = threadIdx.x; k < per_out; k += kThreads)
        j.wf[base + k] = j.w[base + k] * s;
    if (threadIdx.x == 0)
        j.bf[o] = j.beta[o] - j.mean[o] * s;
}

// Block (o, i) folds output channel o of convolution i. The branch on blockIdx.y keeps every parameter access
// static (an index into a kernel-parameter array would copy the array to the stack).
__global__ void __launch_bounds__(kThreads) fold_bn_kernel(const FoldJob first, const FoldJob second, int per_out)
{
    if (blockIdx.y == 0)
        fold_channel(first, blockIdx.x, per_out);
    else
        fold_channel(second, blockIdx.x, per_out);
}

__device__ __forceinline__ float4 add_bias(float4 v, float b)
{
    return make_float4(v.x + b, v.y + b, v.z + b, v.w + b);
}

__device__ __forceinline__ float4 relu4(float4 v)
{
    return make_float4(fmaxf(v.x, 0.f), fmaxf(v.y, 0.f), fmaxf(v.z, 0.f), fmaxf(v.w, 0.f));
}

// Block p owns plane p = n * channels + c of y (in place) and of the residual.
template <bool Residual>
__global__ void __launch_bounds__(kThreads)
    bias_act_vec4_kernel(float4* y, const float4* __restrict__ residual, const float* __restrict__ bias, int channels,
                         int plane_vecs)
{
    const int64_t plane = blockIdx.x;
    const float b = __ldg(bias + plane % channels);
    float4* yp = y + plane * plane_vecs;
    for (int v = threadIdx.x; v < plane_vecs; v += kThreads) {
        float4 a = add_bias(yp[v], b);
        if constexpr (Residual) {
            const float4 r = __ldcs(residual + plane * plane_vecs + v);  // read once: streaming load
            a.x += r.x;
            a.y += r.y;
            a.z += r.z;
            a.w += r.w;
        }
        yp[v] = relu4(a);
    }
}

template <bool Residual>
__global__ void __launch_bounds__(kThreads)
    bias_act_scalar_kernel(float* y, const float* __restrict__ residual, const float* __restrict__ bias, int channels,
                           int64_t plane_size)
{
    const int64_t plane = blockIdx.x;
    const float b = __ldg(bias + plane % channels);
    float* yp = y + plane * plane_size;
    for (int64_t i = threadIdx.x; i < plane_size; i += kThreads) {
        float a = yp[i] + b;
        if constexpr (Residual)
            a += residual[plane * plane_size + i];
        yp[i] = fmaxf(a, 0.f);
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// Folds two batch norms into two convolutions' weights: index 0 and 1 of every array. w[i], wf[i]:
// (cout, per_out) contiguous; the BN vectors and bf[i]: cout values.
extern "C" cudaError_t launch_fold_bn_pair(const float* const* w, const float* const* gamma, const float* const* beta,
                                           const float* const* mean, const float* const* var, const float* eps,
                                           float* const* wf, float* const* bf, int64_t cout, int64_t per_out,
                                           cudaStream_t stream)
{
    if (cout == 0)
        return cudaSuccess;
    const FoldJob first{w[0], gamma[0], beta[0], mean[0], var[0], eps[0], wf[0], bf[0]};
    const FoldJob second{w[1], gamma[1], beta[1], mean[1], var[1], eps[1], wf[1], bf[1]};
    const dim3 grid(static_cast<unsigned>(cout), 2);
    fold_bn_kernel<<<grid, kThreads, 0, stream>>>(first, second, static_cast<int>(per_out));
    return cudaGetLastError();
}

// y (updated in place) and residual (null, or the same shape): contiguous (batch, channels, plane) float32.
extern "C" cudaError_t launch_bias_act(float* y, const float* bias, const float* residual, int64_t batch,
                                       int64_t channels, int64_t plane, cudaStream_t stream)
{
    const int64_t planes = batch * channels;
    if (planes == 0 || plane == 0)
        return cudaSuccess;
    if (planes > 0x7fffffff)
        return cudaErrorInvalidValue;
    const unsigned grid = static_cast<unsigned>(planes);
    const int c = static_cast<int>(channels);
    const bool vec = plane % 4 == 0 && plane / 4 <= 0x7fffffff && aligned16(y) && (!residual || aligned16(residual));
    if (vec) {
        float4* y4 = reinterpret_cast<float4*>(y);
        const float4* r4 = reinterpret_cast<const float4*>(residual);
        const int pv = static_cast<int>(plane / 4);
        if (residual)
            bias_act_vec4_kernel<true><<<grid, kThreads, 0, stream>>>(y4, r4, bias, c, pv);
        else
            bias_act_vec4_kernel<false><<<grid, kThreads, 0, stream>>>(y4, nullptr, bias, c, pv);
    } else if (residual) {
        bias_act_scalar_kernel<true><<<grid, kThreads, 0, stream>>>(y, residual, bias, c, plane);
    } else {
        bias_act_scalar_kernel<false><<<grid, kThreads, 0, stream>>>(y, nullptr, bias, c, plane);
    }
    return cudaGetLastError();
}
