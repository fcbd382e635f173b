// out = GELU(x * a + b) * c + residual, a, b, c per-feature vectors over the last dimension, exact erf GELU.
// The five eager kernels (mul, add, gelu, mul, add) and their four full-size intermediates become one
// pass: read x and residual once, write out once. Each thread owns a fixed group of 4 columns, so its
// a, b, c float4s are loaded once into registers and reused for every row it visits.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kThreads = 256;

__device__ __forceinline__ float gelu_erf(float v)
{
    return 0.5f * v * (1.0f + erff(v * 0.70710678118654752440f));  // F.gelu default: exact erf form
}

__device__ __forceinline__ float fused(float x, float r, float a, float b, float c)
{
    return gelu_erf(x * a + b) * c + r;
}

// Block (bx, by), bx * by = 256: threadIdx.x + blockIdx.x * bx selects the float4 column group (fixed per
// thread); rows start at blockIdx.y * by + threadIdx.y and stride by gridDim.y * by, two rows per iteration
// so four 16-byte loads are in flight per thread.
__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_vec4_kernel(const float4* __restrict__ x, const float4* __restrict__ res,
                                     const float4* __restrict__ a, const float4* __restrict__ b,
                                     const float4* __restrict__ c, float4* __restrict__ out, int64_t rows,
                                     int64_t cols4)
{
    const int64_t col = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (col >= cols4)
        return;
    const float4 av = __ldg(a + col), bv = __ldg(b + col), cv = __ldg(c + col);
    const int64_t rstride = static_cast<int64_t>(gridDim.y) * blockDim.y;
    for (int64_t r = static_cast<int64_t>(blockIdx.y) * blockDim.y + threadIdx.y; r < rows; r += 2 * rstride) {
        const int64_t i0 = r * cols4 + col;
        const int64_t i1 = (r + rstride) * cols4 + col;
        const bool has1 = r + rstride < rows;
        const float4 x0 = __ldcs(x + i0), r0 = __ldcs(res + i0);
        float4 x1 = make_float4(0.0f, 0.0f, 0.0f, 0.0f), r1 = x1;
        if (has1) {
            x1 = __ldcs(x + i1);
            r1 = __ldcs(res + i1);
        }
        float4 o0;
        o0.x = fused(x0.x, r0.x, av.x, bv.x, cv.x);
        o0.y = fused(x0.y, r0.y, av.y, bv.y, cv.y);
        o0.z = fused(x0.z, r0.z, av.z, bv.z, cv.z);
        o0.w = fused(x0.w, r0.w, av.w, bv.w, cv.w);
        __stcs(out + i0, o0);
        if (has1) {
            float4 o1;
            o1.x = fused(x1.x, r1.x, av.x, bv.x, cv.x);
            o1.y = fused(x1.y, r1.y, av.y, bv.y, cv.y);
            o1.z = fused(x1.z, r1.z, av.z, bv.z, cv.z);
            o1.w = fused(x1.w, r1.w, av.w, bv.w, cv.w);
            __stcs(out + i1, o1);
        }
    }
}

// Scalar fallback (hidden size not a multiple of 4, or unaligned pointers): same mapping, one column.
__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_scalar_kernel(const float* __restrict__ x, const float* __restrict__ res,
                                       const float* __restrict__ a, const float* __restrict__ b,
                                       const float* __restrict__ c, float* __restrict__ out, int64_t rows,
                                       int64_t cols)
{
    const int64_t col = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (col >= cols)
        return;
    const float av = __ldg(a + col), bv = __ldg(b + col), cv = __ldg(c + col);
    const int64_t rstride = static_cast<int64_t>(gridDim.y) * blockDim.y;
    for (int64_t r = static_cast<int64_t>(blockIdx.y) * blockDim.y + threadIdx.y; r < rows; r += rstride) {
        const int64_t i = r * cols + col;
        out[i] = fused(__ldg(x + i), __ldg(res + i), av, bv, cv);
    }
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

// Block shape and grid for `units` column groups per row: blockDim.x = the power of two >= units between
// 32 and 256, blockDim.y = 256 / blockDim.x fills the block with rows; grid.y makes the grid one wave.
template <typename Kernel>
void plan(Kernel kernel, int64_t rows, int64_t units, dim3& grid, dim3& block)
{
    int64_t bx = 32;
    while (bx < units && bx < kThreads)
        bx *= 2;
    const int64_t by = kThreads / bx;
    const int64_t gx = (units + bx - 1) / bx;
    const int64_t wave = one_wave(kernel);
    int64_t gy = (wave + gx - 1) / gx;
    const int64_t max_gy = (rows + by - 1) / by;
    if (gy > max_gy)
        gy = max_gy;
    if (gy > 65535)
        gy = 65535;
    if (gy < 1)
        gy = 1;
    block = dim3(static_cast<unsigned>(bx), static_cast<unsigned>(by));
    grid = dim3(static_cast<unsigned>(gx < INT_MAX ? gx : INT_MAX), static_cast<unsigned>(gy));
}

}  // namespace

// x, residual, out: [rows, cols]; a, b, c: [cols]; all contiguous float32.
extern "C" cudaError_t launch_affine_gelu_residual(const float* x, const float* residual, const float* a,
                                                   const float* b, const float* c, float* out, int64_t rows,
                                                   int64_t cols, cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return cudaSuccess;
    dim3 grid, block;
    const bool vec = (cols % 4 == 0) && aligned16(x) && aligned16(residual) && aligned16(a) && aligned16(b)
                     && aligned16(c) && aligned16(out);
    if (vec) {
        plan(affine_gelu_residual_vec4_kernel, rows, cols / 4, grid, block);
        affine_gelu_residual_vec4_kernel<<<grid, block, 0, stream>>>(
            reinterpret_cast<const float4*>(x), reinterpret_cast<const float4*>(residual),
            reinterpret_cast<const float4*>(a), reinterpret_cast<const float4*>(b),
            reinterpret_cast<const float4*>(c), reinterpret_cast<float4*>(out), rows, cols / 4);
    } else {
        plan(affine_gelu_residual_scalar_kernel, rows, cols, grid, block);
        affine_gelu_residual_scalar_kernel<<<grid, block, 0, stream>>>(x, residual, a, b, c, out, rows, cols);
    }
    return cudaGetLastError();
}
