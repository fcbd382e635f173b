// bench_disassembly's listing: unrolled_stencil's loop, unrolled in full, compiles to about 10,400 SASS
// instructions for sm_90 (nvcc 13.0 -O3 -lineinfo); unrolled_tail gives a second, smaller kernel.
#include <cstdint>

__global__ void unrolled_stencil(const float* __restrict__ in, float* __restrict__ out, int64_t n)
{
    const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (i >= n)
        return;
    float acc = 0.f;
#pragma unroll
    for (int k = 0; k < 272; ++k) {
        const float v = __ldg(in + ((i + k * 37) % n));
        acc = fmaf(acc, 0.999f, v * v - 0.5f * v);
    }
    out[i] = acc;
}

__global__ void unrolled_tail(const float4* __restrict__ in, float4* __restrict__ out, int64_t n)
{
    const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
    if (i >= n)
        return;
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
#pragma unroll
    for (int k = 0; k < 256; ++k) {
        const float4 v = in[(i + k) & (n - 1)];
        acc.x = fmaf(acc.x, v.y, v.z);
        acc.y = fmaf(acc.y, v.z, v.w);
        acc.z = fmaf(acc.z, v.w, v.x);
        acc.w = fmaf(acc.w, v.x, v.y);
    }
    out[i] = acc;
}
