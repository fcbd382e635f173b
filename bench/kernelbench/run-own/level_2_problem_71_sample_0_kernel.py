# pure CUDA
# KernelBench level2/71_Conv2d_Divide_LeakyReLU: a register-tiled direct 3x3 convolution (shared-memory input and
# weight tiles, 4 pixels x 16 channels per thread, fp32 FMA) whose epilogue adds the bias, divides by the divisor
# and applies LeakyReLU(0.01) before the one store of the output.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor conv3x3_div_leaky_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double divisor);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------------------------
// Direct 3x3 convolution, stride 1, no padding: y[n, co, oh, ow] = bias[co] + sum_{ci,kh,kw} w[co, ci, kh, kw] *
// x[n, ci, oh + kh, ow + kw]. A 256-thread block makes an 8 x 32 output tile for 64 output channels; input
// channels go through shared memory 8 at a time (input tile 10 x 34, weights stored [ci*9 + k][co] so a warp reads
// the same 16 channels as broadcast float4s). Each thread keeps 4 adjacent pixels x 16 channels in registers.
// ---------------------------------------------------------------------------------------------------------------
#define CT_W 32
#define CT_H 8
#define CO_BLK 64
#define CI_CH 8
#define IN_H (CT_H + 2)
#define IN_WL (CT_W + 2)
#define IN_WP 36

template <bool POOL, class Epi>
__global__ void __launch_bounds__(256, 2) conv3x3_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                                      const float* __restrict__ bias, float* __restrict__ y,
                                                      int Cin, int H, int W, int Cout, int OH, int OW, int co_blocks,
                                                      Epi epi) {
    __shared__ __align__(16) float in_s[CI_CH][IN_H][IN_WP];
    __shared__ __align__(16) float w_s[CI_CH * 9][CO_BLK];
    const int tid = threadIdx.x;
    const int n = blockIdx.z / co_blocks;
    const int co0 = (blockIdx.z % co_blocks) * CO_BLK;
    const int oh0 = blockIdx.y * CT_H, ow0 = blockIdx.x * CT_W;
    const int cog = tid >> 6;        // 16-channel group, uniform within a warp
    const int pix = tid & 63;
    const int r = pix >> 3;          // output row within the tile
    const int cq = (pix & 7) * 4;    // first of this thread's 4 output columns

    float acc[16][4];
    #pragma unroll
    for (int c = 0; c < 16; ++c)
        #pragma unroll
        for (int j = 0; j < 4; ++j) acc[c][j] = 0.f;

    const float* xn = x + (int64_t)n * Cin * H * W;
    for (int c0 = 0; c0 < Cin; c0 += CI_CH) {
        for (int i = tid; i < CI_CH * IN_H * IN_WL; i += 256) {
            const int ci = i / (IN_H * IN_WL);
            const int rem = i - ci * (IN_H * IN_WL);
            const int rr = rem / IN_WL, cc = rem - rr * IN_WL;
            const int ih = oh0 + rr, iw = ow0 + cc;
            float v = 0.f;
            if (c0 + ci < Cin && ih < H && iw < W) v = __ldg(xn + ((int64_t)(c0 + ci) * H + ih) * W + iw);
            in_s[ci][rr][cc] = v;
        }
        for (int i = tid; i < CI_CH * 9 * CO_BLK; i += 256) {
            const int co = i % CO_BLK;
            const int q = i / CO_BLK;  // ci * 9 + kk
            const int ci = q / 9, kk = q - ci * 9;
            float v = 0.f;
            if (co0 + co < Cout && c0 + ci < Cin) v = __ldg(w + ((int64_t)(co0 + co) * Cin + c0 + ci) * 9 + kk);
            w_s[q][co] = v;
        }
        __syncthreads();
        const int cmax = (Cin - c0) < CI_CH ? (Cin - c0) : CI_CH;
        for (int ci = 0; ci < cmax; ++ci) {
            #pragma unroll
            for (int kh = 0; kh < 3; ++kh) {
                const float4 i0 = *reinterpret_cast<const float4*>(&in_s[ci][r + kh][cq]);
                const float2 i1 = *reinterpret_cast<const float2*>(&in_s[ci][r + kh][cq + 4]);
                const float iv[6] = {i0.x, i0.y, i0.z, i0.w, i1.x, i1.y};
                #pragma unroll
                for (int kw = 0; kw < 3; ++kw) {
                    const float4* wp = reinterpret_cast<const float4*>(&w_s[ci * 9 + kh * 3 + kw][cog * 16]);
                    #pragma unroll
                    for (int q = 0; q < 4; ++q) {
                        const float4 wv = wp[q];
                        #pragma unroll
                        for (int j = 0; j < 4; ++j) {
                            acc[q * 4 + 0][j] = fmaf(wv.x, iv[j + kw], acc[q * 4 + 0][j]);
                            acc[q * 4 + 1][j] = fmaf(wv.y, iv[j + kw], acc[q * 4 + 1][j]);
                            acc[q * 4 + 2][j] = fmaf(wv.z, iv[j + kw], acc[q * 4 + 2][j]);
                            acc[q * 4 + 3][j] = fmaf(wv.w, iv[j + kw], acc[q * 4 + 3][j]);
                        }
                    }
                }
            }
        }
        __syncthreads();
    }

    const int oh = oh0 + r;
    if (!POOL) {
        #pragma unroll
        for (int c = 0; c < 16; ++c) {
            const int co = co0 + cog * 16 + c;
            if (co >= Cout || oh >= OH) continue;
            const float bv = __ldg(bias + co);
            float* yr = y + (((int64_t)n * Cout + co) * OH + oh) * OW;
            #pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int ow = ow0 + cq + j;
                if (ow < OW) yr[ow] = epi(acc[c][j] + bv);
            }
        }
    } else {
        // y is partial[n][tile][Cout]: per-block sums of epi(v) over the tile's valid pixels.
        __shared__ float red[8][16];
        const int lane = tid & 31, warp = tid >> 5;
        #pragma unroll
        for (int c = 0; c < 16; ++c) {
            const int co = co0 + cog * 16 + c;
            const float bv = co < Cout ? __ldg(bias + co) : 0.f;
            float t = 0.f;
            #pragma unroll
            for (int j = 0; j < 4; ++j) {
                const int ow = ow0 + cq + j;
                if (oh < OH && ow < OW) t += epi(acc[c][j] + bv);
            }
            #pragma unroll
            for (int o = 16; o > 0; o >>= 1) t += __shfl_xor_sync(0xffffffffu, t, o);
            if (lane == 0) red[warp][c] = t;
        }
        __syncthreads();
        if (tid < CO_BLK) {
            const int g = tid >> 4, c = tid & 15;
            const int co = co0 + tid;
            if (co < Cout) {
                const int64_t tile = (int64_t)blockIdx.y * gridDim.x + blockIdx.x;
                const int64_t tiles = (int64_t)gridDim.x * gridDim.y;
                y[((int64_t)n * tiles + tile) * Cout + co] = red[2 * g][c] + red[2 * g + 1][c];
            }
        }
    }
}

// Checks, grid and launch; for POOL the output is the (N, tiles, Cout) partial-sum buffer.
template <bool POOL, class Epi>
void launch_conv3x3(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b, float* out, Epi epi,
                    int64_t* tiles_out) {
    const int64_t N = x.size(0), Cin = x.size(1), H = x.size(2), W = x.size(3), Cout = w.size(0);
    const int64_t OH = H - 2, OW = W - 2;
    const int64_t co_blocks = (Cout + CO_BLK - 1) / CO_BLK;
    const dim3 grid((unsigned)((OW + CT_W - 1) / CT_W), (unsigned)((OH + CT_H - 1) / CT_H), (unsigned)(N * co_blocks));
    TORCH_CHECK(grid.y <= 65535 && N * co_blocks <= 65535, "input too large for this kernel's grid");
    if (tiles_out) *tiles_out = (int64_t)grid.x * grid.y;
    conv3x3_kernel<POOL, Epi><<<grid, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), out, (int)Cin, (int)H, (int)W, (int)Cout,
        (int)OH, (int)OW, (int)co_blocks, epi);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
}

static void check_conv_args(torch::Tensor& x, torch::Tensor& w, torch::Tensor& b) {
    TORCH_CHECK(x.is_cuda() && w.is_cuda() && b.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && w.scalar_type() == torch::kFloat32 &&
                b.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(x.dim() == 4 && w.dim() == 4 && w.size(1) == x.size(1) && w.size(2) == 3 && w.size(3) == 3,
                "expected x (N, Cin, H, W) and a 3x3 weight (Cout, Cin, 3, 3)");
    TORCH_CHECK(b.numel() == w.size(0), "bias size mismatch");
    TORCH_CHECK(x.size(2) >= 3 && x.size(3) >= 3, "input smaller than the kernel");
    x = x.contiguous();
    w = w.contiguous();
    b = b.contiguous();
}

struct DivLeakyEpi {
    float divisor;
    __device__ __forceinline__ float operator()(float v) const {
        v = v / divisor;
        return v > 0.f ? v : v * 0.01f;
    }
};

torch::Tensor conv3x3_div_leaky_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double divisor) {
    check_conv_args(x, w, b);
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    auto y = torch::empty({x.size(0), w.size(0), x.size(2) - 2, x.size(3) - 2}, x.options());
    if (y.numel() == 0) return y;
    launch_conv3x3<false>(x, w, b, y.data_ptr<float>(), DivLeakyEpi{(float)divisor}, nullptr);
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p71_conv_div_leaky",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["conv3x3_div_leaky_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, divisor):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.divisor = divisor
        assert self.conv.kernel_size == (3, 3), "this kernel handles 3x3 convolutions"

    def forward(self, x):
        return _ext.conv3x3_div_leaky_fwd(x.contiguous(), self.conv.weight, self.conv.bias, float(self.divisor))
