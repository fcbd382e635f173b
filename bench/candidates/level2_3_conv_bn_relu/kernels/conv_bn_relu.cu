// The epilogue of Conv2d(bias) -> BatchNorm2d(eval) -> ReLU, in place on the bias-free convolution output y
// (batch, channels, plane), contiguous NCHW:
//   y = relu(y * s[c] + t[c]),  s = gamma / sqrt(var + eps),  t = beta + (conv_bias - mean) * s,
// so the conv bias and the whole batch norm are one multiply-add per element. Block (bx, by) works on plane
// by (one image and channel, grid-stride past 65535 planes): every thread folds that channel's s and t from
// the parameters itself (the same five values for the whole block, served by L1), then walks its part of the
// plane in float4s with kUnroll loads in flight. Planes whose size is not a multiple of 4, or misaligned
// pointers, take the same kernel with one float per step.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kUnroll = 4;

struct BnParams {
    const float* conv_bias;
    const float* gamma;
    const float* beta;
    const float* mean;
    const float* var;
    float eps;
};

template <int VEC>
struct Vec;
template <>
struct Vec<1> {
    using T = float;
    static __device__ __forceinline__ T apply(T v, float s, float t) { return fmaxf(v * s + t, 0.0f); }
};
template <>
struct Vec<4> {
    using T = float4;
    static __device__ __forceinline__ T apply(T v, float s, float t)
    {
        v.x = fmaxf(v.x * s + t, 0.0f);
        v.y = fmaxf(v.y * s + t, 0.0f);
        v.z = fmaxf(v.z * s + t, 0.0f);
        v.w = fmaxf(v.w * s + t, 0.0f);
        return v;
    }
};

template <int VEC>
__global__ void __launch_bounds__(kThreads)
    conv_bn_relu_epilogue_kernel(float* __restrict__ y, BnParams p, int64_t channels, int64_t planes,
                                 int64_t plane_vecs)
{
    using T = typename Vec<VEC>::T;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * kThreads;
    for (int64_t plane = blockIdx.y; plane < planes; plane += gridDim.y) {
        const int64_t c = plane % channels;
        const float s = __ldg(p.gamma + c) / sqrtf(__ldg(p.var + c) + p.eps);
        const float t = __ldg(p.beta + c) + (__ldg(p.conv_bias + c) - __ldg(p.mean + c)) * s;
        T* yp = reinterpret_cast<T*>(y + plane * plane_vecs * VEC);
        for (int64_t base = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; base < plane_vecs;
             base += kUnroll * stride) {
            T v[kUnroll];
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {  // loads first, then math and stores
                const int64_t i = base + u * stride;
                if (i < plane_vecs)
                    v[u] = __ldcs(yp + i);
            }
#pragma unroll
            for (int u = 0; u < kUnroll; ++u) {
                const int64_t i = base + u * stride;
                if (i < plane_vecs)
                    __stcs(yp + i, Vec<VEC>::apply(v[u], s, t));
            }
        }
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// y: [batch, channels, plane] contiguous float32, updated in place; the five parameter vectors have `channels`
// values each.
extern "C" cudaError_t launch_conv_bn_relu_epilogue(float* y, const float* conv_bias, const float* gamma,
                                                    const float* beta, const float* mean, const float* var, float eps,
                                                    int64_t batch, int64_t channels, int64_t plane,
                                                    cudaStream_t stream)
{
    if (batch <= 0 || channels <= 0 || plane <= 0)
        return cudaSuccess;
    const BnParams p{conv_bias, gamma, beta, mean, var, eps};
    const int64_t planes = batch * channels;
    const unsigned gy = static_cast<unsigned>(planes < 65535 ? planes : 65535);
    const bool vec = plane % 4 == 0 && aligned16(y);
    const int64_t plane_vecs = vec ? plane / 4 : plane;
    // Enough blocks along the plane that each thread has about kUnroll vectors.
    int64_t gx = (plane_vecs + kThreads * kUnroll - 1) / (kThreads * kUnroll);
    if (gx > INT_MAX)
        gx = INT_MAX;
    const dim3 grid(static_cast<unsigned>(gx), gy);
    if (vec)
        conv_bn_relu_epilogue_kernel<4><<<grid, kThreads, 0, stream>>>(y, p, channels, planes, plane_vecs);
    else
        conv_bn_relu_epilogue_kernel<1><<<grid, kThreads, 0, stream>>>(y, p, channels, planes, plane_vecs);
    return cudaGetLastError();
}
