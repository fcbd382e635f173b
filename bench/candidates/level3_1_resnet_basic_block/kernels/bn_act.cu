// Inference batch norm folded into an elementwise epilogue, in place on a contiguous NCHW tensor:
//   y = relu(y * s[c] + t[c] (+ residual)),  s = w / sqrt(var + eps),  t = b - mean * s.
// Each block first folds the per-channel parameters into s and t in shared memory, then walks the tensor
// in a grid-stride loop of float4s (one read of y, one of the residual when there is one, one write).
// Planes whose size is not a multiple of 4, or misaligned pointers, take the scalar loop.
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

__device__ __forceinline__ void fold(const BnParams p, int channels, float* s, float* t)
{
    for (int c = threadIdx.x; c < channels; c += blockDim.x) {
        const float scale = p.weight[c] / sqrtf(p.var[c] + p.eps);
        s[c] = scale;
        t[c] = p.bias[c] - p.mean[c] * scale;
    }
    __syncthreads();
}

template <bool Residual>
__global__ void __launch_bounds__(kThreads, 2048 / kThreads)
    bn_act_vec4_kernel(float4* __restrict__ y, const float4* __restrict__ residual, BnParams p, int channels,
                       int64_t planeVecs, int64_t totalVecs)
{
    extern __shared__ float folded[];  // s[channels], t[channels]
    float* s = folded;
    float* t = folded + channels;
    fold(p, channels, s, t);
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < totalVecs; i += stride) {
        const int c = static_cast<int>((i / planeVecs) % channels);
        const float sc = s[c], sh = t[c];
        float4 v = y[i];
        v.x = v.x * sc + sh;
        v.y = v.y * sc + sh;
        v.z = v.z * sc + sh;
        v.w = v.w * sc + sh;
        if (Residual) {
            const float4 r = __ldcs(residual + i);
            v.x += r.x;
            v.y += r.y;
            v.z += r.z;
            v.w += r.w;
        }
        v.x = fmaxf(v.x, 0.f);
        v.y = fmaxf(v.y, 0.f);
        v.z = fmaxf(v.z, 0.f);
        v.w = fmaxf(v.w, 0.f);
        y[i] = v;
    }
}

__global__ void __launch_bounds__(kThreads)
    bn_act_scalar_kernel(float* __restrict__ y, const float* __restrict__ residual, BnParams p, int channels,
                         int64_t plane, int64_t total)
{
    extern __shared__ float folded[];
    float* s = folded;
    float* t = folded + channels;
    fold(p, channels, s, t);
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < total; i += stride) {
        const int c = static_cast<int>((i / plane) % channels);
        float v = y[i] * s[c] + t[c];
        if (residual)
            v += residual[i];
        y[i] = fmaxf(v, 0.f);
    }
}

int gridFor(int64_t work)
{
    static int blocks = 0;  // one wave: SMs x resident blocks of 256 threads
    if (blocks == 0) {
        int device = 0, sms = 0;
        cudaGetDevice(&device);
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
        blocks = sms * (2048 / kThreads);
    }
    const int64_t needed = (work + kThreads - 1) / kThreads;
    return static_cast<int>(needed < blocks ? needed : blocks);
}

}  // namespace

// y (batch, channels, plane) is updated in place; residual is null or has the same shape.
extern "C" cudaError_t launch_bn_act(float* y, const float* residual, const float* weight, const float* bias,
                                     const float* mean, const float* var, float eps, int64_t batch, int64_t channels,
                                     int64_t plane, cudaStream_t stream)
{
    const int64_t total = batch * channels * plane;
    if (total == 0)
        return cudaSuccess;
    if (channels > 8192)
        return cudaErrorInvalidValue;
    const BnParams p{weight, bias, mean, var, eps};
    const size_t smem = 2 * static_cast<size_t>(channels) * sizeof(float);
    const bool aligned = reinterpret_cast<uintptr_t>(y) % 16 == 0 && reinterpret_cast<uintptr_t>(residual) % 16 == 0;
    const int c = static_cast<int>(channels);
    if (aligned && plane % 4 == 0) {
        const int grid = gridFor(total / 4);
        if (residual)
            bn_act_vec4_kernel<true><<<grid, kThreads, smem, stream>>>(reinterpret_cast<float4*>(y),
                                                                       reinterpret_cast<const float4*>(residual), p,
                                                                       c, plane / 4, total / 4);
        else
            bn_act_vec4_kernel<false><<<grid, kThreads, smem, stream>>>(reinterpret_cast<float4*>(y), nullptr, p, c,
                                                                        plane / 4, total / 4);
    } else {
        bn_act_scalar_kernel<<<gridFor(total), kThreads, smem, stream>>>(y, residual, p, c, plane, total);
    }
    return cudaGetLastError();
}
