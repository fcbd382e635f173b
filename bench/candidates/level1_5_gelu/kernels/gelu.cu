// Exact (erf) GELU, y = 0.5 * x * (1 + erf(x / sqrt(2))), as torch's F.gelu(approximate='none').
// Memory bound: 16-byte loads and stores, a grid of exactly one wave of resident blocks with a
// grid-stride loop, two float4s in flight per thread per iteration, scalar tail for n % 4.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kUnroll = 2;

__device__ __forceinline__ float gelu_erf(float x)
{
    return 0.5f * x * (1.0f + erff(x * 0.70710678118654752440f));  // full-precision erff, no fast math
}

__device__ __forceinline__ float4 gelu_erf4(float4 v)
{
    v.x = gelu_erf(v.x);
    v.y = gelu_erf(v.y);
    v.z = gelu_erf(v.z);
    v.w = gelu_erf(v.w);
    return v;
}

__global__ void __launch_bounds__(kThreads)
    gelu_vec4_kernel(const float4* __restrict__ x, float4* __restrict__ y, int64_t n4,
                     const float* __restrict__ x_tail, float* __restrict__ y_tail, int tail)
{
    const int64_t tid = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t base = tid; base < n4; base += kUnroll * stride) {
        float4 v[kUnroll];
#pragma unroll
        for (int k = 0; k < kUnroll; ++k) {  // issue both loads before any math
            const int64_t i = base + k * stride;
            v[k] = i < n4 ? __ldcs(x + i) : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        }
#pragma unroll
        for (int k = 0; k < kUnroll; ++k) {
            const int64_t i = base + k * stride;
            if (i < n4)
                __stcs(y + i, gelu_erf4(v[k]));
        }
    }
    if (tid < tail)  // the last n % 4 elements
        y_tail[tid] = gelu_erf(x_tail[tid]);
}

// Fallback when a pointer is not 16-byte aligned.
__global__ void __launch_bounds__(kThreads) gelu_scalar_kernel(const float* __restrict__ x, float* __restrict__ y, int64_t n)
{
    const int64_t stride = static_cast<int64_t>(gridDim.x) * blockDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = gelu_erf(__ldg(x + i));
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

// Resident blocks of `kernel` on the current device (SM count x blocks per SM), cached per device
// (one cache per kernel: each kernel has its own pointer type, hence its own instantiation).
template <typename Kernel>
int64_t one_wave(Kernel kernel)
{
    constexpr int kMaxDevices = 64;
    static int cache[kMaxDevices] = {};
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess)
        dev = 0;
    if (dev >= 0 && dev < kMaxDevices && cache[dev] > 0)
        return cache[dev];
    int sms = 0, per_sm = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0);
    const int blocks = (sms > 0 ? sms : 1) * (per_sm > 0 ? per_sm : 1);
    if (dev >= 0 && dev < kMaxDevices)
        cache[dev] = blocks;
    return blocks;
}

}  // namespace

// x, y: n contiguous float32, not overlapping.
extern "C" cudaError_t launch_gelu(const float* x, float* y, int64_t n, cudaStream_t stream)
{
    if (n <= 0)
        return cudaSuccess;
    if (aligned16(x) && aligned16(y)) {
        const int64_t n4 = n / 4;
        const int tail = static_cast<int>(n - n4 * 4);
        int64_t grid = (n4 + kThreads - 1) / kThreads;
        const int64_t wave = one_wave(gelu_vec4_kernel);
        if (grid > wave)
            grid = wave;
        if (grid < 1)
            grid = 1;  // n < 4: only the tail
        gelu_vec4_kernel<<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(
            reinterpret_cast<const float4*>(x), reinterpret_cast<float4*>(y), n4, x + n4 * 4, y + n4 * 4, tail);
    } else {
        int64_t grid = (n + kThreads - 1) / kThreads;
        const int64_t wave = one_wave(gelu_scalar_kernel);
        if (grid > wave)
            grid = wave;
        gelu_scalar_kernel<<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(x, y, n);
    }
    return cudaGetLastError();
}
