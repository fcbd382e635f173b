// Exploit (CUDA): a kernel that never ends; it waits for a value that the inputs never hold.
#include <cuda_runtime.h>

#include <cstdint>

__global__ void spin_kernel(const float* x, float* out)
{
    const volatile float* v = x;
    while (v[0] != 12345.678f) {
    }
    out[threadIdx.x] = v[0];
}

extern "C" cudaError_t launch_spin(const float* x, float* out, cudaStream_t stream)
{
    spin_kernel<<<1, 32, 0, stream>>>(x, out);
    return cudaGetLastError();
}
