// out = GELU(x * a + b) * c + residual in one kernel, the shape torch.compile's generated kernel has: a flat
// grid of short-lived blocks instead of one wave of blocks that loop. Each block covers 512 consecutive float4s
// (2048 elements); each thread loads two float4s of x and two of the residual before it computes, so four
// independent 16-byte loads are in flight per thread, and the grid has n / 2048 blocks (65536 here) for the
// block scheduler to keep every SM full until the end. There is no loop and no loop-carried index arithmetic.
// hidden / 4 = 512 float4s per row is a power of two, so the column of float4 i is i & 511: the launcher
// checks that and otherwise takes the modulo form of the same kernel.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kVecPerThread = 2;
constexpr int kVecPerBlock = kThreads * kVecPerThread;

constexpr float kInvSqrt2 = 0.70710678118654752f;

__device__ __forceinline__ float gelu_erf(float v)
{
    return 0.5f * v * (1.0f + erff(v * kInvSqrt2));  // F.gelu default: exact erf form
}

__device__ __forceinline__ float fused(float x, float r, float a, float b, float c)
{
    return gelu_erf(x * a + b) * c + r;
}

__device__ __forceinline__ float4 fused4(float4 x, float4 r, float4 a, float4 b, float4 c)
{
    return make_float4(fused(x.x, r.x, a.x, b.x, c.x), fused(x.y, r.y, a.y, b.y, c.y), fused(x.z, r.z, a.z, b.z, c.z),
                       fused(x.w, r.w, a.w, b.w, c.w));
}

template <bool PowerOfTwoCols>
__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_flat_kernel(const float4* __restrict__ x, const float4* __restrict__ res,
                                     const float4* __restrict__ a, const float4* __restrict__ b,
                                     const float4* __restrict__ c, float4* __restrict__ out, int64_t n4,
                                     int64_t cols4)
{
    const int64_t first = static_cast<int64_t>(blockIdx.x) * kVecPerBlock + threadIdx.x;
    float4 xv[kVecPerThread], rv[kVecPerThread];
#pragma unroll
    for (int k = 0; k < kVecPerThread; ++k) {
        const int64_t i = first + k * kThreads;
        if (i < n4) {
            xv[k] = __ldcs(x + i);
            rv[k] = __ldcs(res + i);
        }
    }
#pragma unroll
    for (int k = 0; k < kVecPerThread; ++k) {
        const int64_t i = first + k * kThreads;
        if (i < n4) {
            const int64_t col = PowerOfTwoCols ? (i & (cols4 - 1)) : (i % cols4);
            __stcs(out + i, fused4(xv[k], rv[k], __ldg(a + col), __ldg(b + col), __ldg(c + col)));
        }
    }
}

// Fallback for cols % 4 != 0 or unaligned pointers: the scalar grid-stride kernel.
__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_stride_kernel(const float* __restrict__ x, const float* __restrict__ res,
                                       const float* __restrict__ a, const float* __restrict__ b,
                                       const float* __restrict__ c, float* __restrict__ out, int64_t n,
                                       int64_t cols)
{
    const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
        const int64_t col = i % cols;
        out[i] = fused(x[i], res[i], a[col], b[col], c[col]);
    }
}

bool aligned16(const void* p)
{
    return (reinterpret_cast<uintptr_t>(p) & 15u) == 0;
}

}  // namespace

// x, residual, out: [rows, cols]; a, b, c: [cols]; all contiguous float32.
extern "C" cudaError_t launch_affine_gelu_residual(const float* x, const float* residual, const float* a,
                                                   const float* b, const float* c, float* out, int64_t rows,
                                                   int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    const int64_t n = rows * cols;
    const bool vec = cols % 4 == 0 && aligned16(x) && aligned16(residual) && aligned16(a) && aligned16(b)
                     && aligned16(c) && aligned16(out);
    if (!vec) {
        int dev = 0, sms = 132;
        if (cudaGetDevice(&dev) != cudaSuccess
            || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0)
            sms = 132;
        const int64_t blocks = (n + kThreads - 1) / kThreads < sms * 8LL ? (n + kThreads - 1) / kThreads : sms * 8LL;
        affine_gelu_residual_stride_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(
            x, residual, a, b, c, out, n, cols);
        return cudaGetLastError();
    }
    const int64_t n4 = n / 4, cols4 = cols / 4;
    const int64_t blocks = (n4 + kVecPerBlock - 1) / kVecPerBlock;
    if (blocks > 0x7fffffffLL)
        return cudaErrorInvalidConfiguration;
    const auto* x4 = reinterpret_cast<const float4*>(x);
    const auto* r4 = reinterpret_cast<const float4*>(residual);
    const auto* a4 = reinterpret_cast<const float4*>(a);
    const auto* b4 = reinterpret_cast<const float4*>(b);
    const auto* c4 = reinterpret_cast<const float4*>(c);
    auto* o4 = reinterpret_cast<float4*>(out);
    if ((cols4 & (cols4 - 1)) == 0)
        affine_gelu_residual_flat_kernel<true><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(x4, r4, a4, b4, c4, o4, n4, cols4);
    else
        affine_gelu_residual_flat_kernel<false><<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(x4, r4, a4, b4, c4, o4, n4, cols4);
    return cudaGetLastError();
}
