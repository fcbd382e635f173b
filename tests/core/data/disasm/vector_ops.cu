// Kernels whose SASS shows what the code view is for: a scaled copy (float4 loads and stores when VECTOR is 1,
// four times as many scalar ones when it is 0), a row sum through shared memory with barriers, and a kernel whose
// dynamically indexed array lives in local memory. Built by tst_disassembly with -lineinfo for sm_90.
#ifndef VECTOR
#define VECTOR 1
#endif

__global__ void scale(const float* __restrict__ x, float* __restrict__ y, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#if VECTOR
    if (4 * i + 3 < n) {
        float4 v = reinterpret_cast<const float4*>(x)[i]; // LOAD4
        v.x *= s;
        v.y *= s;
        v.z *= s;
        v.w *= s;
        reinterpret_cast<float4*>(y)[i] = v; // STORE4
    }
#else
    for (int k = 0; k < 4; ++k) {
        int j = 4 * i + k;
        if (j < n)
            y[j] = x[j] * s; // SCALAR
    }
#endif
}

__global__ void rowsum(const float* x, float* out, int cols)
{
    __shared__ float part[256];
    float acc = 0.f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x)
        acc += x[blockIdx.x * cols + c];
    part[threadIdx.x] = acc; // SHARED
    __syncthreads(); // BARRIER
    for (int step = blockDim.x / 2; step > 0; step >>= 1) {
        if (threadIdx.x < step)
            part[threadIdx.x] += part[threadIdx.x + step];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = part[0];
}

__global__ void histogram_local(const int* keys, int* out, int n)
{
    int counts[64];
    for (int b = 0; b < 64; ++b)
        counts[b] = 0;
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        counts[keys[i] & 63] += 1; // LOCAL
    for (int b = 0; b < 64; ++b)
        atomicAdd(&out[b], counts[b]);
}
