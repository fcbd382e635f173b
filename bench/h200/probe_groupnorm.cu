// Which cluster shape makes the one-pass GroupNorm+SiLU of bench/candidates/level2_5_groupnorm_silu fastest?
// Times the register-resident cluster kernel for several (cluster size, threads, float4s per thread) on the
// task's full size (48 x 320 x 128 x 128, 32 groups), checks each against a plain three-sweep kernel, and
// times a device-to-device copy of the same bytes as the bandwidth ceiling. CUDA events, median of 20 calls.
//   nvcc -O3 -arch=sm_90 -o /tmp/probe_groupnorm bench/h200/probe_groupnorm.cu && /tmp/probe_groupnorm
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace cg = cooperative_groups;

constexpr int kBatch = 48, kChannels = 320, kHw = 128 * 128, kGroups = 32;
constexpr long kGroupElems = static_cast<long>(kChannels / kGroups) * kHw;
constexpr long kTotal = static_cast<long>(kBatch) * kChannels * kHw;

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e_)); return 1; } } while (0)

__device__ __forceinline__ float silu(float v) { return v / (1.f + expf(-v)); }

template <int Threads>
__device__ __forceinline__ float block_sum_to_thread0(float v, float* scratch)
{
    for (int o = 16; o > 0; o >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, o);
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = 0.f;
    if (threadIdx.x == 0)
        for (int i = 0; i < Threads / 32; ++i)
            r += scratch[i];
    return r;
}

template <int Cluster>
__device__ __forceinline__ float cluster_sum(cg::cluster_group& cluster, float value, float* slot)
{
    if (threadIdx.x == 0)
        *slot = value;
    cluster.sync();
    float total = 0.f;
#pragma unroll
    for (int r = 0; r < Cluster; ++r)
        total += *cluster.map_shared_rank(slot, r);
    return total;
}

template <int Cluster, int Threads, int Vecs>
__global__ void __launch_bounds__(Threads) cluster_kernel(const float4* __restrict__ x, float4* __restrict__ y,
                                                          const float* __restrict__ w, const float* __restrict__ b, float eps)
{
    __shared__ float scratch[2][Threads / 32];
    __shared__ float published[2];
    cg::cluster_group cluster = cg::this_cluster();
    const int rank = static_cast<int>(cluster.block_rank());
    const long group = blockIdx.x / Cluster;
    const long slice = static_cast<long>(Vecs) * Threads;
    const long base = group * (kGroupElems / 4) + rank * slice;
    float4 v[Vecs];
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        v[i] = __ldcs(x + base + i * Threads + threadIdx.x);
        sum += (v[i].x + v[i].y) + (v[i].z + v[i].w);
    }
    const float inv = 1.f / static_cast<float>(kGroupElems);
    const float mean = cluster_sum<Cluster>(cluster, block_sum_to_thread0<Threads>(sum, scratch[0]), &published[0]) * inv;
    float sq = 0.f;
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        const float a = v[i].x - mean, c = v[i].y - mean, d = v[i].z - mean, e = v[i].w - mean;
        sq += (a * a + c * c) + (d * d + e * e);
    }
    const float var = cluster_sum<Cluster>(cluster, block_sum_to_thread0<Threads>(sq, scratch[1]), &published[1]) * inv;
    const float rstd = 1.f / sqrtf(var + eps);
    const int g = static_cast<int>(group % kGroups);
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        const long local = rank * slice + i * Threads + threadIdx.x;
        const int c = g * (kChannels / kGroups) + static_cast<int>(local / (kHw / 4));
        const float scale = __ldg(w + c) * rstd, shift = __ldg(b + c) - mean * scale;
        float4 o;
        o.x = silu(v[i].x * scale + shift);
        o.y = silu(v[i].y * scale + shift);
        o.z = silu(v[i].z * scale + shift);
        o.w = silu(v[i].w * scale + shift);
        __stcs(y + base + i * Threads + threadIdx.x, o);
    }
    cluster.sync();
}

__global__ void reference_kernel(const float* x, float* y, const float* w, const float* b, float eps)
{
    __shared__ float scratch[2][8];
    __shared__ float stats[2];
    const long group = blockIdx.x;
    const float* xg = x + group * kGroupElems;
    float s = 0.f;
    for (long i = threadIdx.x; i < kGroupElems; i += 256)
        s += xg[i];
    s = block_sum_to_thread0<256>(s, scratch[0]);
    if (threadIdx.x == 0)
        stats[0] = s / kGroupElems;
    __syncthreads();
    const float mean = stats[0];
    float q = 0.f;
    for (long i = threadIdx.x; i < kGroupElems; i += 256)
        q += (xg[i] - mean) * (xg[i] - mean);
    q = block_sum_to_thread0<256>(q, scratch[1]);
    if (threadIdx.x == 0)
        stats[1] = 1.f / sqrtf(q / kGroupElems + eps);
    __syncthreads();
    const int g = static_cast<int>(group % kGroups);
    for (long i = threadIdx.x; i < kGroupElems; i += 256) {
        const int c = g * (kChannels / kGroups) + static_cast<int>(i / kHw);
        y[group * kGroupElems + i] = silu((xg[i] - mean) * stats[1] * w[c] + b[c]);
    }
}

__global__ void fill(float* p, long n, unsigned seed)
{
    for (long i = blockIdx.x * 256L + threadIdx.x; i < n; i += 256L * gridDim.x) {
        unsigned h = (static_cast<unsigned>(i) ^ seed) * 2654435761u;
        h ^= h >> 15;
        h *= 2246822519u;
        h ^= h >> 13;
        p[i] = (h & 0xffffff) / 8388608.f - 1.f + 0.25f * static_cast<float>(i / kGroupElems % 7);
    }
}

template <typename F>
float median_ms(F launch)
{
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int i = 0; i < 3; ++i)
        launch();
    std::vector<float> ms;
    for (int i = 0; i < 20; ++i) {
        cudaEventRecord(a);
        launch();
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float t = 0;
        cudaEventElapsedTime(&t, a, b);
        ms.push_back(t);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

float* gx; float* gy; float* gref; float* gw; float* gb;

template <int Cluster, int Threads, int Vecs>
int probe()
{
    static_assert(static_cast<long>(Cluster) * Threads * 4 * Vecs == kGroupElems, "shape must cover a group");
    auto kernel = cluster_kernel<Cluster, Threads, Vecs>;
    if (Cluster > 8)
        CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(static_cast<unsigned>(kBatch * kGroups * Cluster));
    cfg.blockDim = dim3(Threads);
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;
    attr[0].val.clusterDim.x = Cluster;
    attr[0].val.clusterDim.y = 1;
    attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    int clusters = 0;
    cudaOccupancyMaxActiveClusters(&clusters, kernel, &cfg);
    cudaFuncAttributes fa;
    cudaFuncGetAttributes(&fa, kernel);
    auto launch = [&] { cudaLaunchKernelEx(&cfg, kernel, (const float4*)gx, (float4*)gy, (const float*)gw, (const float*)gb, 1e-5f); };
    cudaMemset(gy, 0, kTotal * 4);
    launch();
    CHECK(cudaDeviceSynchronize());
    std::vector<float> h(kTotal), r(kTotal);
    cudaMemcpy(h.data(), gy, kTotal * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(r.data(), gref, kTotal * 4, cudaMemcpyDeviceToHost);
    double worst = 0;
    for (long i = 0; i < kTotal; i += 7)
        worst = std::max(worst, static_cast<double>(std::fabs(h[i] - r[i])));
    const float ms = median_ms(launch);
    printf("{\"cluster\": %d, \"threads\": %d, \"vecs\": %d, \"registers\": %d, \"active_clusters\": %d, \"ms\": %.4f, "
           "\"tb_per_s\": %.3f, \"max_abs_err\": %.3g}\n",
           Cluster, Threads, Vecs, fa.numRegs, clusters, ms, 2.0 * kTotal * 4 / ms / 1e9, worst);
    return 0;
}

int main()
{
    CHECK(cudaMalloc(&gx, kTotal * 4));
    CHECK(cudaMalloc(&gy, kTotal * 4));
    CHECK(cudaMalloc(&gref, kTotal * 4));
    CHECK(cudaMalloc(&gw, kChannels * 4));
    CHECK(cudaMalloc(&gb, kChannels * 4));
    fill<<<1024, 256>>>(gx, kTotal, 1);
    fill<<<4, 256>>>(gw, kChannels, 2);
    fill<<<4, 256>>>(gb, kChannels, 3);
    reference_kernel<<<kBatch * kGroups, 256>>>(gx, gref, gw, gb, 1e-5f);
    CHECK(cudaDeviceSynchronize());
    const float copy = median_ms([] { cudaMemcpyAsync(gy, gx, kTotal * 4, cudaMemcpyDeviceToDevice); });
    printf("{\"copy_ms\": %.4f, \"tb_per_s\": %.3f}\n", copy, 2.0 * kTotal * 4 / copy / 1e9);
    probe<8, 256, 20>();
    probe<8, 512, 10>();
    probe<8, 1024, 5>();
    probe<8, 640, 8>();
    probe<16, 256, 10>();
    probe<16, 512, 5>();
    probe<16, 320, 8>();
    probe<16, 640, 4>();
    probe<4, 1024, 10>();
    return 0;
}
