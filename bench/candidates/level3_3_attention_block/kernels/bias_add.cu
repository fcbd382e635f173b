// y[r, c] += bias[c] in place on a row-major (rows x cols) GEMM output: the output projection's bias.
// A flat grid-stride loop over float4s (grid = one wave of resident blocks) with kUnroll loads in flight per
// thread; cols not a multiple of 4, or misaligned pointers, take the same kernel with one float per step.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kUnroll = 4;

__device__ __forceinline__ float add(float v, float b)
{
    return v + b;
}

__device__ __forceinline__ float4 add(float4 v, float4 b)
{
    v.x += b.x;
    v.y += b.y;
    v.z += b.z;
    v.w += b.w;
    return v;
}

template <typename T>
__global__ void __launch_bounds__(kThreads)
    bias_add_kernel(T* __restrict__ y, const T* __restrict__ bias, int64_t total_vecs, int64_t row_vecs)
{
    const int64_t stride = static_cast<int64_t>(gridDim.x) * kThreads;
    for (int64_t base = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; base < total_vecs;
         base += kUnroll * stride) {
        T v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {  // loads first, then the adds and stores
            const int64_t i = base + u * stride;
            if (i < total_vecs)
                v[u] = __ldcs(y + i);
        }
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int64_t i = base + u * stride;
            if (i < total_vecs)
                __stcs(y + i, add(v[u], __ldg(bias + i % row_vecs)));
        }
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

// Resident blocks of `kernel` on the current device (SMs x blocks per SM), cached per device and kernel.
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

template <typename T>
void launch(float* y, const float* bias, int64_t rows, int64_t cols, cudaStream_t stream)
{
    constexpr int kVec = sizeof(T) / sizeof(float);
    const int64_t total_vecs = rows * cols / kVec;
    int64_t grid = (total_vecs + kThreads - 1) / kThreads;
    const int64_t wave = one_wave(bias_add_kernel<T>);
    if (grid > wave)
        grid = wave;
    bias_add_kernel<T><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(
        reinterpret_cast<T*>(y), reinterpret_cast<const T*>(bias), total_vecs, cols / kVec);
}

}  // namespace

// y: [rows, cols] updated in place; bias: [cols]; contiguous float32.
extern "C" cudaError_t launch_bias_add(float* y, const float* bias, int64_t rows, int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    if (cols % 4 == 0 && aligned16(y) && aligned16(bias))
        launch<float4>(y, bias, rows, cols, stream);
    else
        launch<float>(y, bias, rows, cols, stream);
    return cudaGetLastError();
}
