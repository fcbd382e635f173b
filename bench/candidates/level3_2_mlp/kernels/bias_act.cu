// y[r, c] = act(y[r, c] + bias[c]) in place on a row-major (rows x cols) GEMM output, act = ReLU or identity.
// A flat grid-stride loop over float4s (grid = one wave of resident blocks), each thread with kUnroll loads in
// flight; the column's bias float4 comes through __ldg (cols floats, read by every row, so it stays in L1/L2).
// cols not a multiple of 4, or misaligned pointers, take the same kernel with one float per step.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kUnroll = 4;

template <bool Relu>
__device__ __forceinline__ float act(float v)
{
    return Relu ? fmaxf(v, 0.0f) : v;
}

template <int VEC, bool Relu>
struct Vec;
template <bool Relu>
struct Vec<1, Relu> {
    using T = float;
    static __device__ __forceinline__ T apply(T v, T b) { return act<Relu>(v + b); }
};
template <bool Relu>
struct Vec<4, Relu> {
    using T = float4;
    static __device__ __forceinline__ T apply(T v, T b)
    {
        v.x = act<Relu>(v.x + b.x);
        v.y = act<Relu>(v.y + b.y);
        v.z = act<Relu>(v.z + b.z);
        v.w = act<Relu>(v.w + b.w);
        return v;
    }
};

template <int VEC, bool Relu>
__global__ void __launch_bounds__(kThreads)
    bias_act_kernel(typename Vec<VEC, Relu>::T* __restrict__ y, const typename Vec<VEC, Relu>::T* __restrict__ bias,
                    int64_t total_vecs, int64_t row_vecs)
{
    using V = Vec<VEC, Relu>;
    using T = typename V::T;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * kThreads;
    for (int64_t base = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; base < total_vecs;
         base += kUnroll * stride) {
        T v[kUnroll];
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {  // loads first, then math and stores
            const int64_t i = base + u * stride;
            if (i < total_vecs)
                v[u] = __ldcs(y + i);
        }
#pragma unroll
        for (int u = 0; u < kUnroll; ++u) {
            const int64_t i = base + u * stride;
            if (i < total_vecs)
                __stcs(y + i, V::apply(v[u], __ldg(bias + i % row_vecs)));
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

template <int VEC, bool Relu>
void launch(float* y, const float* bias, int64_t rows, int64_t cols, cudaStream_t stream)
{
    using T = typename Vec<VEC, Relu>::T;
    const int64_t total_vecs = rows * cols / VEC;
    int64_t grid = (total_vecs + kThreads - 1) / kThreads;
    const int64_t wave = one_wave(bias_act_kernel<VEC, Relu>);
    if (grid > wave)
        grid = wave;
    bias_act_kernel<VEC, Relu><<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(
        reinterpret_cast<T*>(y), reinterpret_cast<const T*>(bias), total_vecs, cols / VEC);
}

}  // namespace

// y: [rows, cols] updated in place; bias: [cols]; contiguous float32. relu != 0 applies ReLU after the bias.
extern "C" cudaError_t launch_bias_act(float* y, const float* bias, int64_t rows, int64_t cols, int relu,
                                       cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const bool vec = cols % 4 == 0 && aligned16(y) && aligned16(bias);
    if (vec && relu)
        launch<4, true>(y, bias, rows, cols, stream);
    else if (vec)
        launch<4, false>(y, bias, rows, cols, stream);
    else if (relu)
        launch<1, true>(y, bias, rows, cols, stream);
    else
        launch<1, false>(y, bias, rows, cols, stream);
    return cudaGetLastError();
}
