# pure CUDA
# KernelBench level1/83_conv_depthwise_2D_square_input_asymmetric_kernel: depthwise conv with a (k,1) kernel.
# Fast path (stride 1, padding 0, width % 4 == 0): each thread makes a float4 of 4 adjacent outputs for 4 output
# rows, reusing the k+3 input rows it loads; otherwise a general scalar kernel (any stride/padding/dilation).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor dw_conv_kx1_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, bool has_bias,
                              int64_t s, int64_t p, int64_t d);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define ROWS 4

// blockDim (32, 8); grid (ceil(W4/32), ceil(OH/(8*ROWS)), planes). Stride 1, padding 0, OW == W.
__global__ void dw_kx1_fast_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                   const float* __restrict__ b, float* __restrict__ y,
                                   int C, int H, int W4, int OH, int k, int d, int64_t planes) {
    const int w4 = blockIdx.x * 32 + threadIdx.x;
    const int oh0 = (blockIdx.y * 8 + threadIdx.y) * ROWS;
    if (w4 >= W4 || oh0 >= OH) return;
    for (int64_t plane = blockIdx.z; plane < planes; plane += gridDim.z) {
        const int c = (int)(plane % C);
        const float bias = b ? __ldg(b + c) : 0.f;
        const float4* xp = reinterpret_cast<const float4*>(x) + plane * (int64_t)H * W4 + w4;
        float4* yp = reinterpret_cast<float4*>(y) + plane * (int64_t)OH * W4 + w4;
        float4 acc[ROWS];
        #pragma unroll
        for (int r = 0; r < ROWS; ++r) acc[r] = make_float4(bias, bias, bias, bias);
        // output row oh0 + r uses input rows oh0 + r + kh*d
        for (int kh = 0; kh < k; ++kh) {
            const float wv = __ldg(w + (int64_t)c * k + kh);
            #pragma unroll
            for (int r = 0; r < ROWS; ++r) {
                const int ih = oh0 + r + kh * d;
                if (oh0 + r < OH) {
                    const float4 v = __ldg(xp + (int64_t)ih * W4);
                    acc[r].x = fmaf(wv, v.x, acc[r].x);
                    acc[r].y = fmaf(wv, v.y, acc[r].y);
                    acc[r].z = fmaf(wv, v.z, acc[r].z);
                    acc[r].w = fmaf(wv, v.w, acc[r].w);
                }
            }
        }
        #pragma unroll
        for (int r = 0; r < ROWS; ++r)
            if (oh0 + r < OH) yp[(int64_t)(oh0 + r) * W4] = acc[r];
    }
}

__global__ void dw_kx1_general_kernel(const float* __restrict__ x, const float* __restrict__ w,
                                      const float* __restrict__ b, float* __restrict__ y, int C, int H, int W,
                                      int OH, int OW, int k, int s, int p, int d, int64_t total) {
    for (int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; idx < total;
         idx += (int64_t)gridDim.x * blockDim.x) {
        const int ow = (int)(idx % OW);
        const int oh = (int)((idx / OW) % OH);
        const int64_t plane = idx / ((int64_t)OW * OH);
        const int c = (int)(plane % C);
        const float* xp = x + plane * (int64_t)H * W;
        float acc = b ? __ldg(b + c) : 0.f;
        const int iw = ow * s - p;
        if (iw >= 0 && iw < W) {
            for (int kh = 0; kh < k; ++kh) {
                const int ih = oh * s - p + kh * d;
                if (ih >= 0 && ih < H) acc = fmaf(__ldg(w + (int64_t)c * k + kh), __ldg(xp + (int64_t)ih * W + iw), acc);
            }
        }
        y[idx] = acc;
    }
}

torch::Tensor dw_conv_kx1_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, bool has_bias,
                              int64_t s, int64_t p, int64_t d) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4, "x must be a 4D float32 CUDA tensor");
    TORCH_CHECK(w.scalar_type() == torch::kFloat32 && w.dim() == 4 && w.size(1) == 1 && w.size(3) == 1,
                "weight must be (C, 1, k, 1)");
    x = x.contiguous();
    w = w.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t N = x.size(0), C = x.size(1), H = x.size(2), W = x.size(3);
    TORCH_CHECK(w.size(0) == C, "channel mismatch");
    const int64_t k = w.size(2);
    const int64_t OH = (H + 2 * p - d * (k - 1) - 1) / s + 1;
    const int64_t OW = (W + 2 * p - 1) / s + 1;
    TORCH_CHECK(OH > 0 && OW > 0, "output would be empty");
    auto y = torch::empty({N, C, OH, OW}, x.options());
    if (y.numel() == 0) return y;
    const float* bp = nullptr;
    if (has_bias) {
        b = b.contiguous();
        bp = b.data_ptr<float>();
    }
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int64_t planes = N * C;
    const bool aligned = ((reinterpret_cast<uintptr_t>(x.data_ptr<float>()) |
                           reinterpret_cast<uintptr_t>(y.data_ptr<float>())) & 15) == 0;
    if (s == 1 && p == 0 && W % 4 == 0 && aligned) {
        const int64_t W4 = W / 4;
        const dim3 block(32, 8);
        const dim3 grid((unsigned)((W4 + 31) / 32), (unsigned)((OH + 8 * ROWS - 1) / (8 * ROWS)),
                        (unsigned)(planes < 65535 ? planes : 65535));
        dw_kx1_fast_kernel<<<grid, block, 0, stream>>>(x.data_ptr<float>(), w.data_ptr<float>(), bp, y.data_ptr<float>(),
                                                      (int)C, (int)H, (int)W4, (int)OH, (int)k, (int)d, planes);
    } else {
        const int64_t total = y.numel();
        const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
        int64_t blocks = (total + 255) / 256;
        if (blocks > (int64_t)sms * 32) blocks = (int64_t)sms * 32;
        dw_kx1_general_kernel<<<(unsigned)blocks, 256, 0, stream>>>(
            x.data_ptr<float>(), w.data_ptr<float>(), bp, y.data_ptr<float>(), (int)C, (int)H, (int)W, (int)OH,
            (int)OW, (int)k, (int)s, (int)p, (int)d, total);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p83_dw_conv_kx1",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["dw_conv_kx1_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_channels: int, kernel_size: int, stride: int = 1, padding: int = 0, dilation: int = 1,
                 bias: bool = False):
        super(ModelNew, self).__init__()
        self.conv2d = nn.Conv2d(in_channels, in_channels, kernel_size=(kernel_size, 1), stride=stride,
                                padding=padding, dilation=dilation, groups=in_channels, bias=bias)
        self.stride = stride
        self.padding = padding
        self.dilation = dilation

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.conv2d.weight
        has_bias = self.conv2d.bias is not None
        b = self.conv2d.bias if has_bias else w
        return _ext.dw_conv_kx1_fwd(x.contiguous(), w, b, has_bias, self.stride, self.padding, self.dilation)
