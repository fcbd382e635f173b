// out = GELU(x * a + b) * c + residual in one kernel, second version: a grid-stride loop. On every step the
// 32 threads of a warp take 32 consecutive elements, so each warp-wide load of x or residual (and the
// store of out) is one contiguous 128-byte segment, and neighbouring lanes read neighbouring a, b, c
// entries too. The grid is one full wave of resident blocks (SMs x 8 blocks of 256 threads); each thread
// then strides through the tensor by the total thread count.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kBlocksPerSm = 8;  // 8 x 256 = 2048 threads, the H200's per-SM limit, at <= 32 registers

constexpr float kInvSqrt2 = 0.70710678118654752f;

__device__ __forceinline__ float gelu_erf(float v)
{
    return 0.5f * v * (1.0f + erff(v * kInvSqrt2));  // F.gelu default: exact erf form
}

__global__ void __launch_bounds__(kThreads)
    affine_gelu_residual_stride_kernel(const float* __restrict__ x, const float* __restrict__ res,
                                       const float* __restrict__ a, const float* __restrict__ b,
                                       const float* __restrict__ c, float* __restrict__ out, int64_t n,
                                       int64_t cols)
{
    const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
        const int64_t col = i % cols;
        out[i] = gelu_erf(x[i] * a[col] + b[col]) * c[col] + res[i];
    }
}

int64_t one_wave_blocks()
{
    int dev = 0, sms = 0;
    if (cudaGetDevice(&dev) != cudaSuccess
        || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess || sms <= 0)
        sms = 132;
    return static_cast<int64_t>(sms) * kBlocksPerSm;
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
    int64_t blocks = (n + kThreads - 1) / kThreads;
    const int64_t wave = one_wave_blocks();
    if (blocks > wave)
        blocks = wave;
    affine_gelu_residual_stride_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(x, residual, a, b, c,
                                                                                                out, n, cols);
    return cudaGetLastError();
}
