// y[n, p, c] = x[n, c, p] * scale[c] + shift[c] with p = h * W + w: per image, a transpose of the (C, HW)
// plane into (HW, C) with a per-channel affine, one read and one write per element.
// Block (bx, by, bz) owns the 32 x 32 tile of channels c0 = 32 * by .. and pixels p0 = 32 * bx .. of image
// bz. Each warp row reads 32 consecutive pixels of one channel (128 bytes, coalesced), applies that
// channel's affine in registers and parks the value in a padded shared tile; after one barrier each warp
// row writes 32 consecutive channels of one pixel (128 bytes, coalesced), reading a tile column, which the
// +1 pad spreads over 32 banks. The affine is a multiply then an add, each rounded (no FMA contraction),
// exactly as eager PyTorch computes x * scale + shift, so the output matches it bitwise.
#include <cuda_runtime.h>

#include <climits>
#include <cstdint>

namespace {

constexpr int kTile = 32;
constexpr int kRows = 8;                // blockDim.y
constexpr int kPer = kTile / kRows;     // 4 rows of the tile per thread
constexpr int kThreads = kTile * kRows; // 256

__global__ void __launch_bounds__(kThreads)
    channel_affine_nhwc_kernel(const float* __restrict__ x, const float* __restrict__ scale,
                               const float* __restrict__ shift, float* __restrict__ y, int64_t batch,
                               int channels, int64_t hw)
{
    __shared__ float tile[kTile][kTile + 1];  // tile[c][p] = affine(x[n, c0 + c, p0 + p])
    const int tx = threadIdx.x;
    const int ty = threadIdx.y;
    const int64_t p0 = static_cast<int64_t>(blockIdx.x) * kTile;
    const int c0 = blockIdx.y * kTile;

    // The channels this thread loads do not change with the image: fetch their affine once.
    float s[kPer], t[kPer];
#pragma unroll
    for (int k = 0; k < kPer; ++k) {
        const int c = c0 + ty + k * kRows;
        s[k] = c < channels ? __ldg(scale + c) : 0.0f;
        t[k] = c < channels ? __ldg(shift + c) : 0.0f;
    }
    const bool load_col = p0 + tx < hw;
    const bool store_col = c0 + tx < channels;
    const int64_t plane = static_cast<int64_t>(channels) * hw;

    for (int64_t n = blockIdx.z; n < batch; n += gridDim.z) {
        const float* xn = x + n * plane;
        float* yn = y + n * plane;
#pragma unroll
        for (int k = 0; k < kPer; ++k) {
            const int c = ty + k * kRows;
            if (load_col && c0 + c < channels) {
                const float v = __ldcs(xn + static_cast<int64_t>(c0 + c) * hw + (p0 + tx));
                tile[c][tx] = __fadd_rn(__fmul_rn(v, s[k]), t[k]);
            }
        }
        __syncthreads();
#pragma unroll
        for (int k = 0; k < kPer; ++k) {
            const int p = ty + k * kRows;
            if (store_col && p0 + p < hw)
                __stcs(yn + (p0 + p) * channels + (c0 + tx), tile[tx][p]);
        }
        __syncthreads();  // the next image overwrites the tile
    }
}

}  // namespace

// x: [batch, channels, hw], y: [batch, hw, channels], scale/shift: [channels]; contiguous float32, y does not
// alias x.
extern "C" cudaError_t launch_channel_affine_nhwc(const float* x, const float* scale, const float* shift, float* y,
                                                  int64_t batch, int64_t channels, int64_t hw, cudaStream_t stream)
{
    if (batch <= 0 || channels <= 0 || hw <= 0)
        return cudaSuccess;
    const int64_t ptiles = (hw + kTile - 1) / kTile;
    const int64_t ctiles = (channels + kTile - 1) / kTile;
    if (ptiles > INT_MAX || ctiles > 65535)
        return cudaErrorInvalidValue;
    // Images past 65535 are covered by the grid-stride loop over blockIdx.z.
    const dim3 grid(static_cast<unsigned>(ptiles), static_cast<unsigned>(ctiles),
                    static_cast<unsigned>(batch < 65535 ? batch : 65535));
    const dim3 block(kTile, kRows);
    channel_affine_nhwc_kernel<<<grid, block, 0, stream>>>(x, scale, shift, y, batch, static_cast<int>(channels), hw);
    return cudaGetLastError();
}
