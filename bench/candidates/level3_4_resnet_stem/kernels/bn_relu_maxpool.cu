// BatchNorm (eval) + ReLU + max-pool fused after the stem convolution, on a contiguous NCHW conv output y
// (planes = batch * channels, each H x W) into out (planes, OH x OW):
//   out = relu(max over the window of (y * s[c] + t[c])),  s = gamma / sqrt(var + eps),  t = beta - mean * s.
// ReLU is monotone, so it runs once per pooled value instead of once per conv output. The affine is applied
// to every element before the max, because a negative s would turn a max into a min. Padding positions are
// skipped (max-pool pads with -inf), and every window holds at least one real element when pad <= k / 2.
// The full-resolution activation is read once and never written back.
//
// Block (bx, by) pools output rows [bx * R, bx * R + R) of plane by (grid-stride past 65535 planes) in two
// phases. 1: the vertical maximum of each window's k input rows, for every input column, into shared memory
// (R x W floats): consecutive threads read consecutive columns, so each warp load is one coalesced row
// segment. 2: the horizontal maximum of k of those values per output, then ReLU and the store. Images wider
// than kMaxSmemFloats columns take a direct kernel (one thread per output, k x k loads through L1).
// NaN propagates through the max and the ReLU, as in torch.
#include <cuda_runtime.h>

#include <climits>
#include <cmath>
#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kMaxSmemFloats = 4096;  // 16 KiB of vertical maxima per block

struct PoolShape {
    int64_t channels, planes, h, w, oh, ow;
    int k, stride, pad;
};

struct BnParams {
    const float* gamma;
    const float* beta;
    const float* mean;
    const float* var;
    float eps;
};

__device__ __forceinline__ float max_nan(float a, float b)
{
    return (a != a || a > b) ? a : b;
}

__device__ __forceinline__ float relu_nan(float v)
{
    return (v != v || v > 0.0f) ? v : 0.0f;
}

__device__ __forceinline__ void fold(const BnParams& p, int64_t c, float& s, float& t)
{
    s = __ldg(p.gamma + c) / sqrtf(__ldg(p.var + c) + p.eps);
    t = __ldg(p.beta + c) - __ldg(p.mean + c) * s;
}

__global__ void __launch_bounds__(kThreads)
    bn_relu_maxpool_rows_kernel(const float* __restrict__ y, float* __restrict__ out, BnParams p, PoolShape d,
                                int rows_per_block)
{
    extern __shared__ float vmax[];  // [rows_per_block][d.w]
    const int64_t oh0 = static_cast<int64_t>(blockIdx.x) * rows_per_block;
    const int64_t rcount = d.oh - oh0 < rows_per_block ? d.oh - oh0 : rows_per_block;
    for (int64_t plane = blockIdx.y; plane < d.planes; plane += gridDim.y) {
        float s, t;
        fold(p, plane % d.channels, s, t);
        const float* yp = y + plane * d.h * d.w;
        for (int64_t idx = threadIdx.x; idx < rcount * d.w; idx += kThreads) {
            const int64_t r = idx / d.w;
            const int64_t col = idx - r * d.w;
            const int64_t h0 = (oh0 + r) * d.stride - d.pad;
            float m = -INFINITY;
            for (int i = 0; i < d.k; ++i) {
                const int64_t row = h0 + i;
                if (row >= 0 && row < d.h)
                    m = max_nan(m, __ldg(yp + row * d.w + col) * s + t);
            }
            vmax[idx] = m;
        }
        __syncthreads();
        float* op = out + (plane * d.oh + oh0) * d.ow;
        for (int64_t idx = threadIdx.x; idx < rcount * d.ow; idx += kThreads) {
            const int64_t r = idx / d.ow;
            const int64_t oc = idx - r * d.ow;
            const int64_t w0 = oc * d.stride - d.pad;
            float m = -INFINITY;
            for (int j = 0; j < d.k; ++j) {
                const int64_t col = w0 + j;
                if (col >= 0 && col < d.w)
                    m = max_nan(m, vmax[r * d.w + col]);
            }
            __stcs(op + idx, relu_nan(m));  // rows oh0.. of this plane are contiguous in out
        }
        __syncthreads();  // vmax is reused by the next plane
    }
}

// Any width: one thread per output, the k x k window read directly.
__global__ void __launch_bounds__(kThreads)
    bn_relu_maxpool_direct_kernel(const float* __restrict__ y, float* __restrict__ out, BnParams p, PoolShape d)
{
    const int64_t total = d.planes * d.oh * d.ow;
    const int64_t stride = static_cast<int64_t>(gridDim.x) * kThreads;
    for (int64_t i = static_cast<int64_t>(blockIdx.x) * kThreads + threadIdx.x; i < total; i += stride) {
        const int64_t oc = i % d.ow;
        const int64_t orow = (i / d.ow) % d.oh;
        const int64_t plane = i / (d.ow * d.oh);
        float s, t;
        fold(p, plane % d.channels, s, t);
        const float* yp = y + plane * d.h * d.w;
        float m = -INFINITY;
        for (int a = 0; a < d.k; ++a) {
            const int64_t row = orow * d.stride - d.pad + a;
            if (row < 0 || row >= d.h)
                continue;
            for (int b = 0; b < d.k; ++b) {
                const int64_t col = oc * d.stride - d.pad + b;
                if (col >= 0 && col < d.w)
                    m = max_nan(m, __ldg(yp + row * d.w + col) * s + t);
            }
        }
        out[i] = relu_nan(m);
    }
}

}  // namespace

// y: [batch, channels, h, w]; out: [batch, channels, oh, ow] with oh = (h + 2 pad - k) / stride + 1 (and ow
// likewise), computed by the caller; contiguous float32. Requires k >= 1, stride >= 1, 0 <= pad <= k / 2.
extern "C" cudaError_t launch_bn_relu_maxpool(const float* y, float* out, const float* gamma, const float* beta,
                                              const float* mean, const float* var, float eps, int64_t batch,
                                              int64_t channels, int64_t h, int64_t w, int64_t oh, int64_t ow, int k,
                                              int stride, int pad, cudaStream_t stream)
{
    if (batch <= 0 || channels <= 0 || oh <= 0 || ow <= 0)
        return cudaSuccess;
    if (k < 1 || stride < 1 || pad < 0 || pad > k / 2 || h <= 0 || w <= 0)
        return cudaErrorInvalidValue;
    const BnParams p{gamma, beta, mean, var, eps};
    const PoolShape d{channels, batch * channels, h, w, oh, ow, k, stride, pad};
    if (w <= kMaxSmemFloats) {
        // Rows per block: as many as fit in kMaxSmemFloats, then evened out over the passes a plane needs.
        int64_t rows = kMaxSmemFloats / w;
        if (rows > oh)
            rows = oh;
        const int64_t passes = (oh + rows - 1) / rows;
        rows = (oh + passes - 1) / passes;
        const unsigned gy = static_cast<unsigned>(d.planes < 65535 ? d.planes : 65535);
        const size_t smem = static_cast<size_t>(rows * w) * sizeof(float);
        bn_relu_maxpool_rows_kernel<<<dim3(static_cast<unsigned>(passes), gy), kThreads, smem, stream>>>(
            y, out, p, d, static_cast<int>(rows));
    } else {
        int64_t grid = (d.planes * oh * ow + kThreads - 1) / kThreads;
        if (grid > INT_MAX)
            grid = INT_MAX;
        bn_relu_maxpool_direct_kernel<<<static_cast<unsigned>(grid), kThreads, 0, stream>>>(y, out, p, d);
    }
    return cudaGetLastError();
}
