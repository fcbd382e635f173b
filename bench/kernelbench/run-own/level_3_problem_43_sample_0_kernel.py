# torch for Linear + attention matmuls (F.linear, torch.matmul / cuBLAS), CUDA for the scaled causal softmax
# KernelBench level3/43_MinGPTCausalAttention: q k^T comes from cuBLAS; one kernel of ours applies the 1/sqrt(hs)
# scale, the causal (tril) mask and the row softmax in place, a warp per row with the row in registers (float4s
# above the diagonal are written as zeros without being read); then att @ v and c_proj.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor causal_softmax_inplace(torch::Tensor att, double scale);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

#define VPL 8  // float4 per lane kept in registers: rows up to 1024 columns

// In place on att (rows, T), rows = B * nh * T, row r is query i = r % T: softmax over j <= i of att * scale, zeros
// for j > i (the tril mask). One warp per row; float4s wholly above the diagonal are written as zeros unread.
__global__ void causal_softmax_reg_kernel(float* __restrict__ att, int64_t rows, int T, float scale) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const int i = (int)(row % T);
    float4* p = reinterpret_cast<float4*>(att + row * T);
    const int T4 = T / 4;
    float4 v[VPL];
    float m = -CUDART_INF_F;
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j4 = lane + 32 * k;
        v[k] = make_float4(-CUDART_INF_F, -CUDART_INF_F, -CUDART_INF_F, -CUDART_INF_F);
        if (j4 < T4 && j4 * 4 <= i) {
            const float4 t = p[j4];
            const int j = j4 * 4;
            v[k].x = t.x * scale;
            v[k].y = (j + 1 <= i) ? t.y * scale : -CUDART_INF_F;
            v[k].z = (j + 2 <= i) ? t.z * scale : -CUDART_INF_F;
            v[k].w = (j + 3 <= i) ? t.w * scale : -CUDART_INF_F;
            m = fmaxf(m, fmaxf(fmaxf(v[k].x, v[k].y), fmaxf(v[k].z, v[k].w)));
        }
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = 0.f;
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j4 = lane + 32 * k;
        if (j4 < T4 && j4 * 4 <= i) {
            v[k].x = expf(v[k].x - m); v[k].y = expf(v[k].y - m); v[k].z = expf(v[k].z - m); v[k].w = expf(v[k].w - m);
            s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
        }
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    const float inv = 1.f / s;
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j4 = lane + 32 * k;
        if (j4 < T4) {
            if (j4 * 4 <= i) p[j4] = make_float4(v[k].x * inv, v[k].y * inv, v[k].z * inv, v[k].w * inv);
            else p[j4] = make_float4(0.f, 0.f, 0.f, 0.f);
        }
    }
}

// Any T: three passes over the row (it stays in L1/L2).
__global__ void causal_softmax_generic_kernel(float* __restrict__ att, int64_t rows, int T, float scale) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const int i = (int)(row % T);
    float* p = att + row * T;
    float m = -CUDART_INF_F;
    for (int j = lane; j <= i; j += 32) m = fmaxf(m, p[j] * scale);
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(0xffffffffu, m, o));
    float s = 0.f;
    for (int j = lane; j <= i; j += 32) s += expf(p[j] * scale - m);
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    const float inv = 1.f / s;
    for (int j = lane; j < T; j += 32) p[j] = (j <= i) ? expf(p[j] * scale - m) * inv : 0.f;
}

torch::Tensor causal_softmax_inplace(torch::Tensor att, double scale) {
    TORCH_CHECK(att.is_cuda() && att.scalar_type() == torch::kFloat32 && att.is_contiguous() && att.dim() >= 2,
                "att must be a contiguous float32 CUDA tensor");
    const int64_t T = att.size(-1);
    TORCH_CHECK(att.size(-2) == T, "att must be square in its last two dims");
    const c10::cuda::OptionalCUDAGuard guard(att.device());
    const int64_t rows = T > 0 ? att.numel() / T : 0;
    if (rows == 0) return att;
    const int64_t blocks = (rows + 7) / 8;
    TORCH_CHECK(blocks < (1LL << 31), "too many rows");
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const bool aligned = (reinterpret_cast<uintptr_t>(att.data_ptr<float>()) & 15) == 0;
    if (aligned && T % 4 == 0 && T <= 32 * VPL * 4) {
        causal_softmax_reg_kernel<<<(unsigned)blocks, 256, 0, stream>>>(att.data_ptr<float>(), rows, (int)T, (float)scale);
    } else {
        causal_softmax_generic_kernel<<<(unsigned)blocks, 256, 0, stream>>>(att.data_ptr<float>(), rows, (int)T,
                                                                           (float)scale);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return att;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p43_causal_softmax",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["causal_softmax_inplace"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(attn_pdrop)  # p = 0 in this task; identity in eval
        self.resid_dropout = nn.Dropout(resid_pdrop)
        self.register_buffer("bias", torch.tril(torch.ones(max_seqlen, max_seqlen))
                             .view(1, 1, max_seqlen, max_seqlen))
        self.n_head = n_head
        self.n_embd = n_embd

    def forward(self, x):
        B, T, C = x.size()
        nh = self.n_head
        hs = C // nh
        qkv = F.linear(x, self.c_attn.weight, self.c_attn.bias)
        q, k, v = qkv.split(self.n_embd, dim=2)
        k = k.view(B, T, nh, hs).transpose(1, 2)
        q = q.view(B, T, nh, hs).transpose(1, 2)
        v = v.view(B, T, nh, hs).transpose(1, 2)
        att = torch.matmul(q, k.transpose(-2, -1)).contiguous()
        att = _ext.causal_softmax_inplace(att, 1.0 / math.sqrt(hs))
        y = torch.matmul(att, v)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return F.linear(y, self.c_proj.weight, self.c_proj.bias)
