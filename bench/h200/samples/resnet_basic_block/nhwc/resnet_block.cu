// The folded ResNet block with the convolutions in NHWC (channels_last). Batch norm is folded as before,
//   bn(conv(x, w))[o] = conv(x, w[o] * s[o])[o] + (beta[o] - mean[o] * s[o]),   s[o] = gamma[o] / sqrt(var[o] + eps),
// but the folded weights are written in KRSC order (out, kh, kw, in), the layout cuDNN wants with NHWC
// activations. The layout changes are ours:
//   nchw_to_nhwc:              x (N, C, H*W) -> xh (N, H*W, C), a tiled transpose through shared memory
//   bias_relu_nhwc:            out = relu(y + bf[c]) on the NHWC output of conv1 (channel = i % C)
//   bias_add_relu_to_nchw:     out = relu(z + bf[c] + x), reading NHWC z and NCHW x, writing NCHW out:
//                              the conversion back is fused into the last epilogue, so it costs no extra pass.
#include <cuda_runtime.h>

#include <cstdint>

namespace {

constexpr int kThreads = 256;
constexpr int kTile = 32;  // 32 x 32 tiles, blocks of 32 x 8 threads, 4 rows per thread
constexpr int kRows = 8;

struct BnParams {
    const float* weight;
    const float* bias;
    const float* mean;
    const float* var;
    float eps;
};

// Block (pixel tile, channel tile, image): reads 32 channels x 32 pixels of x (each warp row 128 contiguous bytes of
// one channel), writes 32 pixels x 32 channels of xh (each warp row 32 channels of one pixel). The +1 column of the
// tile puts a column's 32 values in 32 different banks.
__global__ void __launch_bounds__(kTile * kRows)
    nchw_to_nhwc_kernel(const float* __restrict__ x, float* __restrict__ xh, int channels, int plane)
{
    __shared__ float tile[kTile][kTile + 1];
    const int64_t image = static_cast<int64_t>(blockIdx.z) * channels * plane;
    const int p0 = blockIdx.x * kTile, c0 = blockIdx.y * kTile;
    for (int k = threadIdx.y; k < kTile; k += kRows) {
        const int c = c0 + k, p = p0 + threadIdx.x;
        if (c < channels && p < plane)
            tile[k][threadIdx.x] = x[image + static_cast<int64_t>(c) * plane + p];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < kTile; k += kRows) {
        const int p = p0 + k, c = c0 + threadIdx.x;
        if (p < plane && c < channels)
            xh[image + static_cast<int64_t>(p) * channels + c] = tile[threadIdx.x][k];
    }
}

// One block per output channel o. w is (cout, cin, taps) as PyTorch stores it; wf is (cout, taps, cin).
__global__ void fold_bn_krsc_kernel(const float* __restrict__ w, BnParams p, float* __restrict__ wf,
                                    float* __restrict__ bf, int cin, int taps)
{
    const int o = blockIdx.x;
    const float s = p.weight[o] / sqrtf(p.var[o] + p.eps);
    const int per_out = cin * taps;
    const float* src = w + static_cast<int64_t>(o) * per_out;
    float* dst = wf + static_cast<int64_t>(o) * per_out;
    for (int k = threadIdx.x; k < per_out; k += blockDim.x) {
        const int tap = k / cin, i = k % cin;  // k indexes the KRSC output
        dst[k] = src[i * taps + tap] * s;
    }
    if (threadIdx.x == 0)
        bf[o] = p.bias[o] - p.mean[o] * s;
}

__global__ void bias_relu_nhwc_kernel(const float* __restrict__ y, const float* __restrict__ bias,
                                      float* __restrict__ out, int channels, int64_t total)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i >= total)
        return;
    out[i] = fmaxf(y[i] + bias[i % channels], 0.f);
}

// Block (pixel tile, channel tile, image): loads 32 pixels x 32 channels of NHWC z (plus the bias) into the tile,
// then writes 32 channels x 32 pixels of NCHW out, adding the NCHW residual, which is read coalesced too.
__global__ void __launch_bounds__(kTile * kRows)
    bias_add_relu_to_nchw_kernel(const float* __restrict__ z, const float* __restrict__ bias,
                                 const float* __restrict__ residual, float* __restrict__ out, int channels, int plane)
{
    __shared__ float tile[kTile][kTile + 1];  // [pixel][channel]
    const int64_t image = static_cast<int64_t>(blockIdx.z) * channels * plane;
    const int p0 = blockIdx.x * kTile, c0 = blockIdx.y * kTile;
    for (int k = threadIdx.y; k < kTile; k += kRows) {
        const int p = p0 + k, c = c0 + threadIdx.x;
        if (p < plane && c < channels)
            tile[k][threadIdx.x] = z[image + static_cast<int64_t>(p) * channels + c] + bias[c];
    }
    __syncthreads();
    for (int k = threadIdx.y; k < kTile; k += kRows) {
        const int c = c0 + k, p = p0 + threadIdx.x;
        if (c < channels && p < plane) {
            const int64_t i = image + static_cast<int64_t>(c) * plane + p;
            out[i] = fmaxf(tile[threadIdx.x][k] + residual[i], 0.f);
        }
    }
}

dim3 tileGrid(int64_t batch, int64_t channels, int64_t plane)
{
    return dim3(static_cast<unsigned>((plane + kTile - 1) / kTile), static_cast<unsigned>((channels + kTile - 1) / kTile),
                static_cast<unsigned>(batch));
}

}  // namespace

// x: (batch, channels, plane) -> xh: (batch, plane, channels), both contiguous.
extern "C" cudaError_t launch_nchw_to_nhwc(const float* x, float* xh, int64_t batch, int64_t channels, int64_t plane,
                                           cudaStream_t stream)
{
    if (batch == 0 || channels == 0 || plane == 0)
        return cudaSuccess;
    if (batch > 65535 || plane > 0x7fffffff / channels)
        return cudaErrorInvalidValue;
    nchw_to_nhwc_kernel<<<tileGrid(batch, channels, plane), dim3(kTile, kRows), 0, stream>>>(
        x, xh, static_cast<int>(channels), static_cast<int>(plane));
    return cudaGetLastError();
}

// w: (cout, cin, taps) contiguous; wf: (cout, taps, cin); the BN vectors and bf: cout values.
extern "C" cudaError_t launch_fold_bn_krsc(const float* w, const float* weight, const float* bias, const float* mean,
                                           const float* var, float eps, float* wf, float* bf, int64_t cout,
                                           int64_t cin, int64_t taps, cudaStream_t stream)
{
    if (cout == 0)
        return cudaSuccess;
    const BnParams p{weight, bias, mean, var, eps};
    fold_bn_krsc_kernel<<<static_cast<unsigned>(cout), kThreads, 0, stream>>>(w, p, wf, bf, static_cast<int>(cin),
                                                                             static_cast<int>(taps));
    return cudaGetLastError();
}

// y, out: contiguous NHWC (the channel is the fastest index), total elements.
extern "C" cudaError_t launch_bias_relu_nhwc(const float* y, const float* bias, float* out, int64_t channels,
                                             int64_t total, cudaStream_t stream)
{
    if (total == 0)
        return cudaSuccess;
    const unsigned grid = static_cast<unsigned>((total + kThreads - 1) / kThreads);
    bias_relu_nhwc_kernel<<<grid, kThreads, 0, stream>>>(y, bias, out, static_cast<int>(channels), total);
    return cudaGetLastError();
}

// z: (batch, plane, channels) NHWC; residual and out: (batch, channels, plane) NCHW.
extern "C" cudaError_t launch_bias_add_relu_to_nchw(const float* z, const float* bias, const float* residual,
                                                    float* out, int64_t batch, int64_t channels, int64_t plane,
                                                    cudaStream_t stream)
{
    if (batch == 0 || channels == 0 || plane == 0)
        return cudaSuccess;
    if (batch > 65535 || plane > 0x7fffffff / channels)
        return cudaErrorInvalidValue;
    bias_add_relu_to_nchw_kernel<<<tileGrid(batch, channels, plane), dim3(kTile, kRows), 0, stream>>>(
        z, bias, residual, out, static_cast<int>(channels), static_cast<int>(plane));
    return cudaGetLastError();
}
