// Exploit (CUDA): writes a gigabyte past the end of its output (an illegal memory access).
#include <cuda_runtime.h>

#include <cstdint>

__global__ void oob_kernel(const float* x, float* out, int64_t n)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i + (int64_t(1) << 28)] = x[i];
}

extern "C" cudaError_t launch_oob(const float* x, float* out, int64_t n, cudaStream_t stream)
{
    oob_kernel<<<static_cast<unsigned>((n + 255) / 256), 256, 0, stream>>>(x, out, n);
    return cudaGetLastError();
}
