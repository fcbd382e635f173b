// y = silu(groupnorm(x) * w + b) for a contiguous (N, C, *) float32 tensor.
//
// Fast path (Hopper thread block clusters): one group of x, (C / G) * HW contiguous floats, is split over a
// cluster of kCluster blocks. Each thread loads its share as float4s into registers, so x is read from HBM
// once. The group mean is a block sum of each block's slice, exchanged between the blocks of the cluster
// through distributed shared memory; the variance is then a second sum of (x - mean)^2 over the values
// still in registers (two passes over registers, no E[x^2] - E[x]^2 cancellation), exchanged the same way.
// Every block adds the kCluster partials in rank order, so all blocks agree bit for bit. The output is
// written once with float4 streaming stores: 2 tensor passes in all, where an unfused or looped reduction
// needs 3.
//
// The fast path takes groups of 8 * 512 * 4 * V floats for V in {1, 2, 4, 8, 10} (the task's groups are
// 163840 floats: V = 10). Fallback (any other shape, any alignment): one block per group, three scalar sweeps
// over global memory.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdint>

namespace cg = cooperative_groups;

namespace {

// Cluster shape, from bench/h200/probe_groupnorm.cu on an H200: of (8, 256), (8, 512), (8, 640), (8, 1024),
// (16, 256), (16, 320), (16, 512), (16, 640) and (4, 1024) (blocks per cluster, threads per block) for the
// task's 640 KiB groups, 8 x 512 with 10 float4s per thread was fastest (64 registers, 2 blocks per SM).
constexpr int kCluster = 8;
constexpr int kThreads = 512;
constexpr int kWarps = kThreads / 32;

__device__ __forceinline__ float warp_sum(float v)
{
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_xor_sync(0xffffffffu, v, offset);
    return v;
}

// Block sum; thread 0 holds the result. scratch has kWarps floats.
__device__ __forceinline__ float block_sum_to_thread0(float v, float* scratch)
{
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0)
        scratch[threadIdx.x >> 5] = v;
    __syncthreads();
    float r = 0.f;
    if (threadIdx.x == 0) {
#pragma unroll
        for (int i = 0; i < kWarps; ++i)
            r += scratch[i];
    }
    return r;
}

__device__ __forceinline__ float silu(float v)
{
    return v / (1.f + expf(-v));
}

// Cluster-wide sum of one value per block: each block publishes its value in slot[], the cluster syncs,
// and every thread adds the kCluster published values in rank order.
__device__ __forceinline__ float cluster_sum(cg::cluster_group& cluster, float blockValue, float* slot)
{
    if (threadIdx.x == 0)
        *slot = blockValue;
    cluster.sync();
    float total = 0.f;
#pragma unroll
    for (int r = 0; r < kCluster; ++r)
        total += *cluster.map_shared_rank(slot, r);
    return total;
}

// grid.x = groups in the batch * kCluster; cluster (kCluster, 1, 1). Vecs = float4s per thread, a
// compile-time constant so that the slice stays in registers. Indices within a group are 32-bit (the
// launcher checks that a group has fewer than 2^31 floats).
template <int Vecs>
__global__ void __cluster_dims__(kCluster, 1, 1) __launch_bounds__(kThreads)
    groupnorm_silu_cluster_kernel(const float4* __restrict__ x, float4* __restrict__ y, const float* __restrict__ w,
                                  const float* __restrict__ b, int groupVecs, int hwVecs, int channelsPerGroup,
                                  int groups, float inv, float eps)
{
    __shared__ float scratch[2][kWarps];
    __shared__ float published[2];
    cg::cluster_group cluster = cg::this_cluster();
    const int rank = static_cast<int>(cluster.block_rank());
    const int group = static_cast<int>(blockIdx.x / kCluster);  // batch * groups + g
    const int first = rank * (Vecs * kThreads) + static_cast<int>(threadIdx.x);  // float4 index in the group
    const float4* xg = x + static_cast<int64_t>(group) * groupVecs;
    float4* yg = y + static_cast<int64_t>(group) * groupVecs;

    float4 v[Vecs];
    float sum = 0.f;
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        v[i] = __ldcs(xg + first + i * kThreads);
        sum += (v[i].x + v[i].y) + (v[i].z + v[i].w);
    }
    const float mean = cluster_sum(cluster, block_sum_to_thread0(sum, scratch[0]), &published[0]) * inv;

    float sq = 0.f;
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        const float dx = v[i].x - mean, dy = v[i].y - mean, dz = v[i].z - mean, dw = v[i].w - mean;
        sq += (dx * dx + dy * dy) + (dz * dz + dw * dw);
    }
    const float var = cluster_sum(cluster, block_sum_to_thread0(sq, scratch[1]), &published[1]) * inv;
    const float rstd = 1.f / sqrtf(var + eps);

    const int channel0 = (group % groups) * channelsPerGroup;
#pragma unroll
    for (int i = 0; i < Vecs; ++i) {
        const int local = first + i * kThreads;
        const int c = channel0 + local / hwVecs;
        const float scale = __ldg(w + c) * rstd;
        const float shift = __ldg(b + c) - mean * scale;
        float4 o;
        o.x = silu(v[i].x * scale + shift);
        o.y = silu(v[i].y * scale + shift);
        o.z = silu(v[i].z * scale + shift);
        o.w = silu(v[i].w * scale + shift);
        __stcs(yg + local, o);
    }
    // No block may leave while another can still read its published slots.
    cluster.sync();
}

template <int Vecs>
void launchCluster(const float* x, float* y, const float* w, const float* b, int64_t groupCount, int64_t groupElems,
                   int64_t hw, int64_t channelsPerGroup, int64_t groups, float eps, cudaStream_t stream)
{
    groupnorm_silu_cluster_kernel<Vecs><<<static_cast<unsigned>(groupCount * kCluster), kThreads, 0, stream>>>(
        reinterpret_cast<const float4*>(x), reinterpret_cast<float4*>(y), w, b, static_cast<int>(groupElems / 4),
        static_cast<int>(hw / 4), static_cast<int>(channelsPerGroup), static_cast<int>(groups),
        1.f / static_cast<float>(groupElems), eps);
}

__global__ void __launch_bounds__(kThreads)
    groupnorm_silu_generic_kernel(const float* __restrict__ x, float* __restrict__ y, const float* __restrict__ w,
                                  const float* __restrict__ b, int64_t groupElems, int64_t hw, int channelsPerGroup,
                                  int groups, float eps)
{
    __shared__ float scratch[2][kWarps];
    __shared__ float stats[2];
    const int64_t group = blockIdx.x;
    const float* xg = x + group * groupElems;
    float* yg = y + group * groupElems;
    const float inv = 1.f / static_cast<float>(groupElems);

    float sum = 0.f;
    for (int64_t i = threadIdx.x; i < groupElems; i += kThreads)
        sum += xg[i];
    sum = block_sum_to_thread0(sum, scratch[0]);
    if (threadIdx.x == 0)
        stats[0] = sum * inv;
    __syncthreads();
    const float mean = stats[0];

    float sq = 0.f;
    for (int64_t i = threadIdx.x; i < groupElems; i += kThreads) {
        const float d = xg[i] - mean;
        sq += d * d;
    }
    sq = block_sum_to_thread0(sq, scratch[1]);
    if (threadIdx.x == 0)
        stats[1] = 1.f / sqrtf(sq * inv + eps);
    __syncthreads();
    const float rstd = stats[1];

    const int g = static_cast<int>(group % groups);
    for (int64_t i = threadIdx.x; i < groupElems; i += kThreads) {
        const int c = g * channelsPerGroup + static_cast<int>(i / hw);
        const float scale = w[c] * rstd;
        yg[i] = silu(xg[i] * scale + (b[c] - mean * scale));
    }
}

}  // namespace

// x, y: batch * channels * hw floats; w, b: channels floats.
extern "C" cudaError_t launch_groupnorm_silu(const float* x, float* y, const float* w, const float* b, int64_t batch,
                                             int64_t channels, int64_t hw, int64_t groups, float eps,
                                             cudaStream_t stream)
{
    const int64_t channelsPerGroup = channels / groups;
    const int64_t groupElems = channelsPerGroup * hw;
    const int64_t groupCount = batch * groups;
    if (groupCount == 0 || groupElems == 0)
        return cudaSuccess;
    const int64_t perCluster = static_cast<int64_t>(kCluster) * kThreads * 4;  // floats per float4 per thread
    const bool aligned = (reinterpret_cast<uintptr_t>(x) % 16 == 0) && (reinterpret_cast<uintptr_t>(y) % 16 == 0);
    const int64_t vecs = groupElems % perCluster == 0 ? groupElems / perCluster : 0;
    const bool fast = aligned && hw % 4 == 0 && groupElems < INT32_MAX && groupCount * kCluster <= INT32_MAX;
    if (fast && vecs == 10)
        launchCluster<10>(x, y, w, b, groupCount, groupElems, hw, channelsPerGroup, groups, eps, stream);
    else if (fast && vecs == 8)
        launchCluster<8>(x, y, w, b, groupCount, groupElems, hw, channelsPerGroup, groups, eps, stream);
    else if (fast && vecs == 4)
        launchCluster<4>(x, y, w, b, groupCount, groupElems, hw, channelsPerGroup, groups, eps, stream);
    else if (fast && vecs == 2)
        launchCluster<2>(x, y, w, b, groupCount, groupElems, hw, channelsPerGroup, groups, eps, stream);
    else if (fast && vecs == 1)
        launchCluster<1>(x, y, w, b, groupCount, groupElems, hw, channelsPerGroup, groups, eps, stream);
    else {
        if (groupCount > INT32_MAX)
            return cudaErrorInvalidValue;
        groupnorm_silu_generic_kernel<<<static_cast<unsigned>(groupCount), kThreads, 0, stream>>>(
            x, y, w, b, groupElems, hw, static_cast<int>(channelsPerGroup), static_cast<int>(groups), eps);
    }
    return cudaGetLastError();
}
