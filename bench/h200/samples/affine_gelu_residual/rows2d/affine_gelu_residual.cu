// out = GELU(x * a + b) * c + residual in one kernel, fourth version: float4s on a 2-D mapping.
// The block is (bx, 256 / bx) threads. threadIdx.x + blockIdx.x * bx picks a float4 column group that the
// thread keeps for its whole life, so its a, b and c float4s are loaded once, before the loop, and stay in
// registers; the loop has no 64-bit modulo and no per-element vector loads. threadIdx.y picks the row, and
// rows advance by gridDim.y * blockDim.y, two rows per iteration, so each thread has four independent
// 16-byte loads (x and residual of two rows) in flight before it computes. x and residual are read once
// and out is written once, so the loads and stores carry the streaming hint (__ldcs / __stcs).
// A warp still covers 32 consecutive float4s of one row: 512 contiguous bytes per access.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;

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

__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_rows2d_kernel(const float4* __restrict__ x, const float4* __restrict__ res,
                                       const float4* __restrict__ a, const float4* __restrict__ b,
                                       const float4* __restrict__ c, float4* __restrict__ out, int64_t rows,
                                       int64_t cols4)
{
    const int64_t col = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (col >= cols4)
        return;  // no barrier below, so a thread past the row end can leave
    const float4 av = __ldg(a + col), bv = __ldg(b + col), cv = __ldg(c + col);
    const int64_t row_step = static_cast<int64_t>(gridDim.y) * blockDim.y;
    for (int64_t r = static_cast<int64_t>(blockIdx.y) * blockDim.y + threadIdx.y; r < rows; r += 2 * row_step) {
        const int64_t i0 = r * cols4 + col;
        const int64_t i1 = (r + row_step) * cols4 + col;
        const bool second = r + row_step < rows;
        const float4 x0 = __ldcs(x + i0), r0 = __ldcs(res + i0);
        float4 x1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f), r1 = x1;
        if (second) {
            x1 = __ldcs(x + i1);
            r1 = __ldcs(res + i1);
        }
        const float4 o0 = fused4(x0, r0, av, bv, cv);
        __stcs(out + i0, o0);
        if (second) {
            const float4 o1 = fused4(x1, r1, av, bv, cv);
            __stcs(out + i1, o1);
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

// Blocks of `kernel` that are resident at once on the current device: SMs x blocks per SM (from the
// occupancy calculator, so it follows the kernel's register count). Cached per device and per kernel.
template <typename Kernel>
int64_t one_wave_blocks(Kernel kernel)
{
    constexpr int kMaxDevices = 64;
    static int cache[kMaxDevices] = {};
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess)
        dev = 0;
    if (dev >= 0 && dev < kMaxDevices && cache[dev] > 0)
        return cache[dev];
    int sms = 0, per_sm = 0;
    if (cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0)
        sms = 132;
    if (cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kThreads, 0) != cudaSuccess || per_sm <= 0)
        per_sm = 1;
    if (dev >= 0 && dev < kMaxDevices)
        cache[dev] = sms * per_sm;
    return static_cast<int64_t>(sms) * per_sm;
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
    const bool vec = cols % 4 == 0 && aligned16(x) && aligned16(residual) && aligned16(a) && aligned16(b)
                     && aligned16(c) && aligned16(out);
    if (!vec) {
        const int64_t n = rows * cols;
        int64_t blocks = (n + kThreads - 1) / kThreads;
        const int64_t wave = one_wave_blocks(affine_gelu_residual_stride_kernel);
        if (blocks > wave)
            blocks = wave;
        affine_gelu_residual_stride_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(
            x, residual, a, b, c, out, n, cols);
        return cudaGetLastError();
    }
    // blockDim.x: the power of two >= cols4, between 32 and 256 (hidden 2048 -> 512 float4s -> 256, so
    // grid.x = 2); blockDim.y fills the block with rows; grid.y makes the whole grid one wave.
    const int64_t cols4 = cols / 4;
    int64_t bx = 32;
    while (bx < cols4 && bx < kThreads)
        bx *= 2;
    const int64_t by = kThreads / bx;
    const int64_t gx = (cols4 + bx - 1) / bx;
    if (gx > INT_MAX)
        return cudaErrorInvalidConfiguration;
    int64_t gy = (one_wave_blocks(affine_gelu_residual_rows2d_kernel) + gx - 1) / gx;
    const int64_t rows_needed = (rows + by - 1) / by;
    if (gy > rows_needed)
        gy = rows_needed;
    if (gy > 65535)
        gy = 65535;
    if (gy < 1)
        gy = 1;
    const dim3 block(static_cast<unsigned>(bx), static_cast<unsigned>(by));
    const dim3 grid(static_cast<unsigned>(gx), static_cast<unsigned>(gy));
    affine_gelu_residual_rows2d_kernel<<<grid, block, 0, stream>>>(
        reinterpret_cast<const float4*>(x), reinterpret_cast<const float4*>(residual),
        reinterpret_cast<const float4*>(a), reinterpret_cast<const float4*>(b), reinterpret_cast<const float4*>(c),
        reinterpret_cast<float4*>(out), rows, cols4);
    return cudaGetLastError();
}
