# torch for QKV Linear + attention matmuls (F.linear, torch.matmul / cuBLAS), CUDA for the scaled causal ReLU
# KernelBench level3/50_ReLUSelfAttention: q k^T from cuBLAS, then one in-place kernel of ours applies the
# 1/sqrt(hs) scale, the causal mask and the ReLU (masked entries become 0; float4s wholly above the diagonal are
# written without being read), then att @ v. As in the reference, c_proj exists but is not applied.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor causal_relu_inplace(torch::Tensor att, double scale);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <math_constants.h>
#include <stdint.h>

// In place on att (rows, T), row r is query i = r % T: relu(att * scale) for j <= i, 0 above the diagonal.
// One warp per row.
__global__ void causal_relu_vec_kernel(float* __restrict__ att, int64_t rows, int T, float scale) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const int i = (int)(row % T);
    float4* p = reinterpret_cast<float4*>(att + row * T);
    const int T4 = T / 4;
    for (int j4 = lane; j4 < T4; j4 += 32) {
        const int j = j4 * 4;
        float4 o = make_float4(0.f, 0.f, 0.f, 0.f);
        if (j <= i) {
            const float4 t = p[j4];
            o.x = fmaxf(t.x * scale, 0.f);
            o.y = (j + 1 <= i) ? fmaxf(t.y * scale, 0.f) : 0.f;
            o.z = (j + 2 <= i) ? fmaxf(t.z * scale, 0.f) : 0.f;
            o.w = (j + 3 <= i) ? fmaxf(t.w * scale, 0.f) : 0.f;
        }
        p[j4] = o;
    }
}

__global__ void causal_relu_scalar_kernel(float* __restrict__ att, int64_t rows, int T, float scale) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const int i = (int)(row % T);
    float* p = att + row * T;
    for (int j = lane; j < T; j += 32) p[j] = (j <= i) ? fmaxf(p[j] * scale, 0.f) : 0.f;
}

torch::Tensor causal_relu_inplace(torch::Tensor att, double scale) {
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
    if (T % 4 == 0 && (reinterpret_cast<uintptr_t>(att.data_ptr<float>()) & 15) == 0) {
        causal_relu_vec_kernel<<<(unsigned)blocks, 256, 0, stream>>>(att.data_ptr<float>(), rows, (int)T, (float)scale);
    } else {
        causal_relu_scalar_kernel<<<(unsigned)blocks, 256, 0, stream>>>(att.data_ptr<float>(), rows, (int)T, (float)scale);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return att;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p50_causal_relu",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["causal_relu_inplace"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, n_embd, n_head, max_seqlen):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
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
        att = _ext.causal_relu_inplace(att, 1.0 / math.sqrt(hs))
        y = torch.matmul(att, v)
        return y.transpose(1, 2).contiguous().view(B, T, C)
