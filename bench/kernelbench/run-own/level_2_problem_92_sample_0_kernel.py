# torch for the convolution (F.conv2d / cuDNN), CUDA for GroupNorm + Tanh + HardSwish + residual + LogSumExp
# KernelBench level2/92_Conv2d_GroupNorm_Tanh_HardSwish_ResidualAdd_LogSumExp: kernel 1 reduces each (n, group)
# block of the conv output to mean / rstd (float4 loads, fp32 per thread, fp64 block combine); kernel 2 gives each
# thread one pixel and walks its channels once, forming conv + hardswish(tanh(groupnorm(conv))) and an online
# LogSumExp over channels, writing only the (N, 1, H, W) result.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor gn_tanh_hswish_res_lse_fwd(torch::Tensor y, torch::Tensor gamma, torch::Tensor beta, int64_t groups,
                                         double eps);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

#define THREADS 256

__device__ __forceinline__ double block_sum_d(double v, double* sh) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    double r = lane < THREADS / 32 ? sh[lane] : 0.0;
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) r += __shfl_xor_sync(0xffffffffu, r, o);
    __syncthreads();
    return r;
}

// one block per (n, g): the group is a contiguous run of L = (C / G) * HW values in NCHW.
__global__ void __launch_bounds__(THREADS) gn_stats_kernel(const float* __restrict__ y, float2* __restrict__ stats,
                                                           int64_t L, double eps, bool vec) {
    __shared__ double sh[32];
    const float* p = y + (int64_t)blockIdx.x * L;
    float s = 0.f, q = 0.f;
    if (vec) {
        const float4* p4 = reinterpret_cast<const float4*>(p);
        for (int64_t i = threadIdx.x; i < L / 4; i += THREADS) {
            const float4 v = __ldg(p4 + i);
            s += (v.x + v.y) + (v.z + v.w);
            q += (v.x * v.x + v.y * v.y) + (v.z * v.z + v.w * v.w);
        }
    } else {
        for (int64_t i = threadIdx.x; i < L; i += THREADS) {
            const float v = __ldg(p + i);
            s += v;
            q += v * v;
        }
    }
    const double ds = block_sum_d((double)s, sh);
    const double dq = block_sum_d((double)q, sh);
    if (threadIdx.x == 0) {
        const double mean = ds / (double)L;
        double var = dq / (double)L - mean * mean;
        if (var < 0.0) var = 0.0;
        stats[blockIdx.x] = make_float2((float)mean, (float)(1.0 / sqrt(var + eps)));
    }
}

__device__ __forceinline__ float hardswish(float v) { return v * fminf(fmaxf(v + 3.f, 0.f), 6.f) / 6.f; }

// one thread per (n, pixel); out (N, 1, H, W)
__global__ void fused_pixel_lse_kernel(const float* __restrict__ y, const float2* __restrict__ stats,
                                       const float* __restrict__ gamma, const float* __restrict__ beta,
                                       float* __restrict__ out, int64_t N, int C, int G, int64_t HW) {
    const int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N * HW) return;
    const int64_t n = idx / HW, pix = idx - n * HW;
    const float* yp = y + n * C * HW + pix;
    const int cpg = C / G;
    float m = -CUDART_INF_F, s = 0.f;
    for (int c = 0; c < C; ++c) {
        const float2 st = stats[n * G + c / cpg];
        const float v = __ldg(yp + (int64_t)c * HW);
        const float nv = (v - st.x) * st.y * __ldg(gamma + c) + __ldg(beta + c);
        const float r = v + hardswish(tanhf(nv));
        if (r > m) {
            s = s * expf(m - r) + 1.f;
            m = r;
        } else {
            s += expf(r - m);
        }
    }
    out[idx] = m + logf(s);
}

torch::Tensor gn_tanh_hswish_res_lse_fwd(torch::Tensor y, torch::Tensor gamma, torch::Tensor beta, int64_t groups,
                                         double eps) {
    TORCH_CHECK(y.is_cuda() && y.scalar_type() == torch::kFloat32 && y.dim() == 4, "y must be a 4D float32 CUDA tensor");
    y = y.contiguous();
    gamma = gamma.contiguous();
    beta = beta.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(y.device());
    const int64_t N = y.size(0), C = y.size(1), H = y.size(2), W = y.size(3);
    TORCH_CHECK(groups > 0 && C % groups == 0, "channels must divide into groups");
    TORCH_CHECK(gamma.numel() == C && beta.numel() == C, "affine size mismatch");
    auto out = torch::empty({N, 1, H, W}, y.options());
    if (out.numel() == 0 || C == 0) return out;
    const int64_t HW = H * W;
    const int64_t L = (C / groups) * HW;
    auto stats = torch::empty({N * groups * 2}, y.options());
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const bool vec = (L % 4 == 0) && (reinterpret_cast<uintptr_t>(y.data_ptr<float>()) & 15) == 0;
    TORCH_CHECK(N * groups < (1LL << 31), "too many groups");
    gn_stats_kernel<<<(unsigned)(N * groups), THREADS, 0, stream>>>(
        y.data_ptr<float>(), reinterpret_cast<float2*>(stats.data_ptr<float>()), L, eps, vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    const int64_t total = N * HW;
    fused_pixel_lse_kernel<<<(unsigned)((total + 255) / 256), 256, 0, stream>>>(
        y.data_ptr<float>(), reinterpret_cast<const float2*>(stats.data_ptr<float>()), gamma.data_ptr<float>(),
        beta.data_ptr<float>(), out.data_ptr<float>(), N, (int)C, (int)groups, HW);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l2_p92_gn_tanh_hswish_lse",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["gn_tanh_hswish_res_lse_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size, groups, eps=1e-5):
        super(ModelNew, self).__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.group_norm = nn.GroupNorm(groups, out_channels, eps=eps)
        self.tanh = nn.Tanh()
        self.hard_swish = nn.Hardswish()

    def forward(self, x):
        y = F.conv2d(x, self.conv.weight, self.conv.bias, self.conv.stride, self.conv.padding, self.conv.dilation,
                     self.conv.groups)
        return _ext.gn_tanh_hswish_res_lse_fwd(y, self.group_norm.weight, self.group_norm.bias,
                                               self.group_norm.num_groups, float(self.group_norm.eps))
