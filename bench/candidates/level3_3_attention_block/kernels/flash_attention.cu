// Multi-head self-attention core, flash style, fp32: for every (batch, head) and query row i,
//   y[b, i, h*D + d] = sum_j softmax_j(q_i . k_j * scale) v_j[d]
// where q, k and v are read straight from the QKV projection's output (rows of 3E floats: q at h*D, k at E + h*D,
// v at 2E + h*D), with the projection's bias added as they are loaded, and the result is written in the
// (batch, seq, E) layout the output projection reads. The (seq x seq) score matrix never reaches memory.
//
// One block of 128 threads owns 64 query rows of one (batch, head). Q (scaled by 1/sqrt(D) on load; exact for
// D = 64) stays in shared memory, transposed. Key/value tiles of 64 rows stream through shared memory: K
// transposed, V as it is. Thread (ty = tid / 8, tx = tid % 8) computes a 4 x 8 block of the score tile: rows
// ty*4 + r, columns tx*4 + c and 32 + tx*4 + c, with every shared read a float4 (the 8 threads of a row group
// read 8 consecutive float4s, or one broadcast). The online softmax keeps a running max m and sum l per row in
// registers; a row's 8 owners combine their partials with shuffles. P goes back to shared memory (transposed,
// over the K tile's space) for P V, where the thread owns output rows ty*4 + r and dims g*32 + tx*4 + c.
// Precise expf and an IEEE division by l at the end; keys past the sequence are masked with -inf, query rows
// past it are computed and not stored.
#include <cuda_runtime.h>

#include <climits>
#include <cmath>
#include <cstdint>

namespace {

constexpr int kBQ = 64;              // query rows per block
constexpr int kBK = 64;              // key rows per tile
constexpr int kThreads = 128;        // 16 row groups x 8 column groups
constexpr int kPStride = kBQ + 4;    // Pt row stride: the padding spreads the transposed P stores over banks
constexpr unsigned kFull = 0xffffffffu;

template <int D>
struct Layout {
    static_assert(D % 32 == 0 && D >= 32 && D <= 128, "head_dim must be 32, 64, 96 or 128");
    static constexpr int kGroups = D / 32;  // float4 column groups of O per thread
    static constexpr int kQt = D * kBQ;
    static constexpr int kKP = D * kBK > kBK * kPStride ? D * kBK : kBK * kPStride;
    static constexpr int kVs = kBK * D;
    static constexpr size_t kBytes = static_cast<size_t>(kQt + kKP + kVs) * sizeof(float);
    static constexpr int kMinBlocks = D <= 64 ? 4 : 2;
};

struct AttnShape {
    int64_t batch, seq, heads, embed;  // embed = heads * D
    float scale;
};

__device__ __forceinline__ float4 ldg4(const float* p)
{
    return __ldg(reinterpret_cast<const float4*>(p));
}

// Loads rows [row0, row0 + 64) of one of q/k/v (column offset `col` in the 3E-wide rows) plus its bias, times
// `mul`, into shared memory: transposed into dst[d * 64 + row] when Transpose, else dst[row * D + d]. Rows past
// the sequence are zeros. Plain: a warp reads whole 256-byte row segments and stores consecutive float4s.
// Transposed: a warp reads 16 bytes from each of 32 rows (the other half of each 32-byte sector is read by
// another warp in the same pass) so that its scalar shared stores go to 32 different banks.
template <int D, bool Transpose>
__device__ __forceinline__ void load_tile(float* dst, const float* __restrict__ qkv, const float* __restrict__ bias,
                                          int64_t row_base, int64_t row0, int64_t seq, int64_t row_stride, int64_t col,
                                          float mul)
{
    constexpr int kVecs = 64 * D / 4;
    for (int f = threadIdx.x; f < kVecs; f += kThreads) {
        const int row = Transpose ? f % 64 : f / (D / 4);
        const int d4 = Transpose ? f / 64 : f % (D / 4);
        float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (row0 + row < seq) {
            v = ldg4(qkv + (row_base + row0 + row) * row_stride + col + d4 * 4);
            const float* b = bias + col + d4 * 4;
            v.x = (v.x + __ldg(b + 0)) * mul;
            v.y = (v.y + __ldg(b + 1)) * mul;
            v.z = (v.z + __ldg(b + 2)) * mul;
            v.w = (v.w + __ldg(b + 3)) * mul;
        }
        if (Transpose) {
            dst[(d4 * 4 + 0) * 64 + row] = v.x;
            dst[(d4 * 4 + 1) * 64 + row] = v.y;
            dst[(d4 * 4 + 2) * 64 + row] = v.z;
            dst[(d4 * 4 + 3) * 64 + row] = v.w;
        } else {
            *reinterpret_cast<float4*>(dst + row * D + d4 * 4) = v;
        }
    }
}

template <int D>
__global__ void __launch_bounds__(kThreads, Layout<D>::kMinBlocks)
    flash_attention_kernel(const float* __restrict__ qkv, const float* __restrict__ qkv_bias, float* __restrict__ y,
                           AttnShape s)
{
    using L = Layout<D>;
    extern __shared__ float4 smem4[];
    float* Qt = reinterpret_cast<float*>(smem4);  // [D][kBQ], scaled q + bias
    float* KP = Qt + L::kQt;                      // Kt [D][kBK], then Pt [kBK][kPStride]
    float* Vs = KP + L::kKP;                      // [kBK][D]

    const int tid = threadIdx.x;
    const int ty = tid >> 3;  // row group: query rows ty*4 .. ty*4 + 3
    const int tx = tid & 7;   // column group
    const int64_t q0 = static_cast<int64_t>(blockIdx.x) * kBQ;
    const int64_t row_stride = 3 * s.embed;
    const int64_t tiles = (s.seq + kBK - 1) / kBK;

    for (int64_t bh = blockIdx.y; bh < s.batch * s.heads; bh += gridDim.y) {
        const int64_t b = bh / s.heads;
        const int64_t h = bh - b * s.heads;
        const int64_t row_base = b * s.seq;
        __syncthreads();  // the previous (batch, head) is done with Qt
        load_tile<D, true>(Qt, qkv, qkv_bias, row_base, q0, s.seq, row_stride, h * D, s.scale);

        float o[4][L::kGroups * 4];
        float m[4], l[4];
#pragma unroll
        for (int r = 0; r < 4; ++r) {
            m[r] = -INFINITY;
            l[r] = 0.0f;
#pragma unroll
            for (int c = 0; c < L::kGroups * 4; ++c)
                o[r][c] = 0.0f;
        }

        for (int64_t t = 0; t < tiles; ++t) {
            const int64_t k0 = t * kBK;
            __syncthreads();  // the previous tile's P V is done with Pt and Vs
            load_tile<D, true>(KP, qkv, qkv_bias, row_base, k0, s.seq, row_stride, s.embed + h * D, 1.0f);
            load_tile<D, false>(Vs, qkv, qkv_bias, row_base, k0, s.seq, row_stride, 2 * s.embed + h * D, 1.0f);
            __syncthreads();

            // S = (q * scale) K^T for this thread's 4 x 8 block.
            float sc[4][8];
#pragma unroll
            for (int r = 0; r < 4; ++r)
#pragma unroll
                for (int c = 0; c < 8; ++c)
                    sc[r][c] = 0.0f;
#pragma unroll 8
            for (int d = 0; d < D; ++d) {
                const float4 q = *reinterpret_cast<const float4*>(Qt + d * kBQ + ty * 4);
                const float4 ka = *reinterpret_cast<const float4*>(KP + d * kBK + tx * 4);
                const float4 kb = *reinterpret_cast<const float4*>(KP + d * kBK + 32 + tx * 4);
                const float qr[4] = {q.x, q.y, q.z, q.w};
                const float kc[8] = {ka.x, ka.y, ka.z, ka.w, kb.x, kb.y, kb.z, kb.w};
#pragma unroll
                for (int r = 0; r < 4; ++r)
#pragma unroll
                    for (int c = 0; c < 8; ++c)
                        sc[r][c] = fmaf(qr[r], kc[c], sc[r][c]);
            }

            // Online softmax: mask, new running max, rescale, probabilities and their sum.
#pragma unroll
            for (int c = 0; c < 8; ++c) {
                const int64_t key = k0 + (c >> 2) * 32 + tx * 4 + (c & 3);
                if (key >= s.seq) {
#pragma unroll
                    for (int r = 0; r < 4; ++r)
                        sc[r][c] = -INFINITY;
                }
            }
#pragma unroll
            for (int r = 0; r < 4; ++r) {
                float tile_max = sc[r][0];
#pragma unroll
                for (int c = 1; c < 8; ++c)
                    tile_max = fmaxf(tile_max, sc[r][c]);
#pragma unroll
                for (int offset = 1; offset < 8; offset <<= 1)  // the row's 8 owners are lanes ^1, ^2, ^4
                    tile_max = fmaxf(tile_max, __shfl_xor_sync(kFull, tile_max, offset));
                const float m_new = fmaxf(m[r], tile_max);  // finite: every tile has a key < seq
                const float alpha = expf(m[r] - m_new);     // 0 on the first tile (m = -inf)
                float sum = 0.0f;
#pragma unroll
                for (int c = 0; c < 8; ++c) {
                    sc[r][c] = expf(sc[r][c] - m_new);  // masked keys: expf(-inf) = 0
                    sum += sc[r][c];
                }
#pragma unroll
                for (int offset = 1; offset < 8; offset <<= 1)
                    sum += __shfl_xor_sync(kFull, sum, offset);
                l[r] = l[r] * alpha + sum;
                m[r] = m_new;
#pragma unroll
                for (int c = 0; c < L::kGroups * 4; ++c)
                    o[r][c] *= alpha;
            }

            __syncthreads();  // every thread is done reading Kt: Pt overwrites it
#pragma unroll
            for (int c = 0; c < 8; ++c) {
                const int key = (c >> 2) * 32 + tx * 4 + (c & 3);
                *reinterpret_cast<float4*>(KP + key * kPStride + ty * 4) =
                    make_float4(sc[0][c], sc[1][c], sc[2][c], sc[3][c]);
            }
            __syncthreads();

            // O += P V.
#pragma unroll 4
            for (int j = 0; j < kBK; ++j) {
                const float4 p = *reinterpret_cast<const float4*>(KP + j * kPStride + ty * 4);
                const float pr[4] = {p.x, p.y, p.z, p.w};
#pragma unroll
                for (int g = 0; g < L::kGroups; ++g) {
                    const float4 v = *reinterpret_cast<const float4*>(Vs + j * D + g * 32 + tx * 4);
#pragma unroll
                    for (int r = 0; r < 4; ++r) {
                        o[r][g * 4 + 0] = fmaf(pr[r], v.x, o[r][g * 4 + 0]);
                        o[r][g * 4 + 1] = fmaf(pr[r], v.y, o[r][g * 4 + 1]);
                        o[r][g * 4 + 2] = fmaf(pr[r], v.z, o[r][g * 4 + 2]);
                        o[r][g * 4 + 3] = fmaf(pr[r], v.w, o[r][g * 4 + 3]);
                    }
                }
            }
        }

#pragma unroll
        for (int r = 0; r < 4; ++r) {
            const int64_t row = q0 + ty * 4 + r;
            if (row >= s.seq)
                continue;
            float* yr = y + (row_base + row) * s.embed + h * D;
#pragma unroll
            for (int g = 0; g < L::kGroups; ++g) {
                float4 v;
                v.x = o[r][g * 4 + 0] / l[r];
                v.y = o[r][g * 4 + 1] / l[r];
                v.z = o[r][g * 4 + 2] / l[r];
                v.w = o[r][g * 4 + 3] / l[r];
                *reinterpret_cast<float4*>(yr + g * 32 + tx * 4) = v;
            }
        }
    }
}

// Opts the kernel in to more than 48 KiB of dynamic shared memory, once per device.
template <int D>
cudaError_t allow_smem()
{
    constexpr int kMaxDevices = 64;
    static bool done[kMaxDevices] = {};
    int dev = 0;
    if (cudaGetDevice(&dev) != cudaSuccess)
        dev = 0;
    if (dev >= 0 && dev < kMaxDevices && done[dev])
        return cudaSuccess;
    const cudaError_t err = cudaFuncSetAttribute(flash_attention_kernel<D>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                 static_cast<int>(Layout<D>::kBytes));
    if (err == cudaSuccess && dev >= 0 && dev < kMaxDevices)
        done[dev] = true;
    return err;
}

template <int D>
cudaError_t launch(const float* qkv, const float* bias, float* y, const AttnShape& s, cudaStream_t stream)
{
    const cudaError_t err = allow_smem<D>();
    if (err != cudaSuccess)
        return err;
    const int64_t qtiles = (s.seq + kBQ - 1) / kBQ;
    const int64_t bh = s.batch * s.heads;
    if (qtiles > INT_MAX)
        return cudaErrorInvalidValue;
    const dim3 grid(static_cast<unsigned>(qtiles), static_cast<unsigned>(bh < 65535 ? bh : 65535));
    flash_attention_kernel<D><<<grid, kThreads, Layout<D>::kBytes, stream>>>(qkv, bias, y, s);
    return cudaGetLastError();
}

}  // namespace

// qkv: [batch * seq, 3 * embed] (x W_qkv^T without its bias); qkv_bias: [3 * embed]; y: [batch * seq, embed];
// embed = heads * head_dim with head_dim in {32, 64, 96, 128}. Contiguous float32, 16-byte aligned qkv and y.
extern "C" cudaError_t launch_flash_attention(const float* qkv, const float* qkv_bias, float* y, int64_t batch,
                                              int64_t seq, int64_t heads, int64_t head_dim, float scale,
                                              cudaStream_t stream)
{
    if (batch <= 0 || seq <= 0 || heads <= 0)
        return cudaSuccess;
    if ((reinterpret_cast<uintptr_t>(qkv) & 15u) != 0 || (reinterpret_cast<uintptr_t>(y) & 15u) != 0)
        return cudaErrorMisalignedAddress;
    const AttnShape s{batch, seq, heads, heads * head_dim, scale};
    switch (head_dim) {
    case 32:
        return launch<32>(qkv, qkv_bias, y, s, stream);
    case 64:
        return launch<64>(qkv, qkv_bias, y, s, stream);
    case 96:
        return launch<96>(qkv, qkv_bias, y, s, stream);
    case 128:
        return launch<128>(qkv, qkv_bias, y, s, stream);
    default:
        return cudaErrorInvalidValue;
    }
}
