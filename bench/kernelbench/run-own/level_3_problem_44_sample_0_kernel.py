# torch for Linear + attention matmuls (F.linear, torch.matmul / cuBLAS), CUDA for LayerNorm, softmax, GELU, residuals
# KernelBench level3/44_MiniGPTBlock: x + attn(ln_1(x)), then + mlp(ln_2(.)). Our kernels: LayerNorm (a warp per
# row, row in registers, two-pass variance), the scaled causal softmax in place (a warp per row, float4s above the
# diagonal written unread), residual add fused with ln_2 (writes x1 and ln_2(x1) in one pass), tanh-GELU in place
# on the c_fc output, and the final float4 residual add.
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor causal_softmax_inplace(torch::Tensor att, double scale);
torch::Tensor layer_norm_rows_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps);
std::vector<torch::Tensor> add_layer_norm_fwd(torch::Tensor x, torch::Tensor a, torch::Tensor w, torch::Tensor b,
                                              double eps);
torch::Tensor new_gelu_inplace(torch::Tensor y);
torch::Tensor residual_add_fwd(torch::Tensor x, torch::Tensor a);
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

// ---------------------------------------------------------------------------------------------------------------
// Row LayerNorm over the last dim C (biased variance, two passes over registers): a warp per row, C % 4 == 0 and
// C <= 1024 in registers, otherwise a generic three-pass warp loop. With `a`, the row is x + a and is also stored.
// ---------------------------------------------------------------------------------------------------------------
__global__ void ln_rows_reg_kernel(const float* __restrict__ x, const float* __restrict__ a, float* __restrict__ xsum,
                                   const float* __restrict__ w, const float* __restrict__ b, float* __restrict__ y,
                                   int64_t rows, int C, float eps) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const int C4 = C / 4;
    const float4* xr = reinterpret_cast<const float4*>(x + row * C);
    const float4* ar = a ? reinterpret_cast<const float4*>(a + row * C) : nullptr;
    float4 v[VPL];
    float s = 0.f;
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j = lane + 32 * k;
        if (j < C4) {
            float4 t = xr[j];
            if (ar) {
                const float4 u = ar[j];
                t.x += u.x; t.y += u.y; t.z += u.z; t.w += u.w;
                reinterpret_cast<float4*>(xsum + row * C)[j] = t;
            }
            v[k] = t;
            s += (t.x + t.y) + (t.z + t.w);
        }
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    const float mean = s / (float)C;
    float q = 0.f;
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j = lane + 32 * k;
        if (j < C4) {
            const float dx = v[k].x - mean, dy = v[k].y - mean, dz = v[k].z - mean, dw = v[k].w - mean;
            q += (dx * dx + dy * dy) + (dz * dz + dw * dw);
        }
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(0xffffffffu, q, o);
    const float rstd = rsqrtf(q / (float)C + eps);
    float4* yr = reinterpret_cast<float4*>(y + row * C);
    #pragma unroll
    for (int k = 0; k < VPL; ++k) {
        const int j = lane + 32 * k;
        if (j < C4) {
            const float4 g = __ldg(reinterpret_cast<const float4*>(w) + j);
            const float4 bb = __ldg(reinterpret_cast<const float4*>(b) + j);
            yr[j] = make_float4((v[k].x - mean) * rstd * g.x + bb.x, (v[k].y - mean) * rstd * g.y + bb.y,
                                (v[k].z - mean) * rstd * g.z + bb.z, (v[k].w - mean) * rstd * g.w + bb.w);
        }
    }
}

__global__ void ln_rows_generic_kernel(const float* __restrict__ x, const float* __restrict__ a, float* __restrict__ xsum,
                                       const float* __restrict__ w, const float* __restrict__ b, float* __restrict__ y,
                                       int64_t rows, int C, float eps) {
    const int lane = threadIdx.x & 31;
    const int64_t row = (int64_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
    if (row >= rows) return;
    const float* src = x + row * C;
    if (a) {
        for (int j = lane; j < C; j += 32) xsum[row * C + j] = x[row * C + j] + a[row * C + j];
        __syncwarp();
        src = xsum + row * C;
    }
    float s = 0.f;
    for (int j = lane; j < C; j += 32) s += src[j];
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) s += __shfl_xor_sync(0xffffffffu, s, o);
    const float mean = s / (float)C;
    float q = 0.f;
    for (int j = lane; j < C; j += 32) {
        const float d = src[j] - mean;
        q += d * d;
    }
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) q += __shfl_xor_sync(0xffffffffu, q, o);
    const float rstd = rsqrtf(q / (float)C + eps);
    for (int j = lane; j < C; j += 32) y[row * C + j] = (src[j] - mean) * rstd * __ldg(w + j) + __ldg(b + j);
}

static void launch_ln(const torch::Tensor& x, const float* a, float* xsum, const torch::Tensor& w,
                      const torch::Tensor& b, torch::Tensor& y, double eps) {
    const int64_t C = x.size(-1);
    const int64_t rows = C > 0 ? x.numel() / C : 0;
    if (rows == 0) return;
    TORCH_CHECK(C < (1LL << 31), "row too long");
    const int64_t blocks = (rows + 7) / 8;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const uintptr_t al = reinterpret_cast<uintptr_t>(x.data_ptr<float>()) | reinterpret_cast<uintptr_t>(a) |
                         reinterpret_cast<uintptr_t>(xsum) | reinterpret_cast<uintptr_t>(w.data_ptr<float>()) |
                         reinterpret_cast<uintptr_t>(b.data_ptr<float>()) | reinterpret_cast<uintptr_t>(y.data_ptr<float>());
    if (C % 4 == 0 && C <= 32 * VPL * 4 && (al & 15) == 0) {
        ln_rows_reg_kernel<<<(unsigned)blocks, 256, 0, stream>>>(x.data_ptr<float>(), a, xsum, w.data_ptr<float>(),
                                                                b.data_ptr<float>(), y.data_ptr<float>(), rows, (int)C,
                                                                (float)eps);
    } else {
        ln_rows_generic_kernel<<<(unsigned)blocks, 256, 0, stream>>>(x.data_ptr<float>(), a, xsum, w.data_ptr<float>(),
                                                                    b.data_ptr<float>(), y.data_ptr<float>(), rows, (int)C,
                                                                    (float)eps);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
}

static void check_ln(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "x must be a float32 CUDA tensor");
    TORCH_CHECK(w.numel() == x.size(-1) && b.numel() == x.size(-1), "affine size mismatch");
}

torch::Tensor layer_norm_rows_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, double eps) {
    check_ln(x, w, b);
    x = x.contiguous();
    w = w.contiguous();
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    auto y = torch::empty_like(x);
    launch_ln(x, nullptr, nullptr, w, b, y, eps);
    return y;
}

std::vector<torch::Tensor> add_layer_norm_fwd(torch::Tensor x, torch::Tensor a, torch::Tensor w, torch::Tensor b,
                                              double eps) {
    check_ln(x, w, b);
    TORCH_CHECK(a.sizes() == x.sizes() && a.scalar_type() == torch::kFloat32, "residual shape mismatch");
    x = x.contiguous();
    a = a.contiguous();
    w = w.contiguous();
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    auto xsum = torch::empty_like(x);
    auto y = torch::empty_like(x);
    launch_ln(x, a.data_ptr<float>(), xsum.data_ptr<float>(), w, b, y, eps);
    return {xsum, y};
}

// ---------------------------------------------------------------------------------------------------------------
// elementwise: tanh-GELU in place, residual add (float4 grid-stride, scalar tail)
// ---------------------------------------------------------------------------------------------------------------
__device__ __forceinline__ float new_gelu(float v) {
    return 0.5f * v * (1.0f + tanhf(0.7978845608028654f * (v + 0.044715f * v * v * v)));
}

__global__ void new_gelu_kernel(float* __restrict__ y, int64_t n, bool vec) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    const int64_t tid = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int64_t done = 0;
    if (vec) {
        float4* y4 = reinterpret_cast<float4*>(y);
        for (int64_t i = tid; i < n / 4; i += stride) {
            float4 v = y4[i];
            v.x = new_gelu(v.x); v.y = new_gelu(v.y); v.z = new_gelu(v.z); v.w = new_gelu(v.w);
            y4[i] = v;
        }
        done = (n / 4) * 4;
    }
    for (int64_t i = done + tid; i < n; i += stride) y[i] = new_gelu(y[i]);
}

__global__ void add_kernel(const float* __restrict__ x, const float* __restrict__ a, float* __restrict__ y, int64_t n,
                           bool vec) {
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    const int64_t tid = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int64_t done = 0;
    if (vec) {
        for (int64_t i = tid; i < n / 4; i += stride) {
            const float4 u = __ldg(reinterpret_cast<const float4*>(x) + i);
            const float4 v = __ldg(reinterpret_cast<const float4*>(a) + i);
            reinterpret_cast<float4*>(y)[i] = make_float4(u.x + v.x, u.y + v.y, u.z + v.z, u.w + v.w);
        }
        done = (n / 4) * 4;
    }
    for (int64_t i = done + tid; i < n; i += stride) y[i] = x[i] + a[i];
}

static int64_t ew_blocks(int64_t n) {
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    int64_t blocks = (n / 4 + 255) / 256;
    if (blocks > (int64_t)sms * 16) blocks = (int64_t)sms * 16;
    return blocks < 1 ? 1 : blocks;
}

torch::Tensor new_gelu_inplace(torch::Tensor y) {
    TORCH_CHECK(y.is_cuda() && y.scalar_type() == torch::kFloat32 && y.is_contiguous(), "y must be a contiguous float32 CUDA tensor");
    const c10::cuda::OptionalCUDAGuard guard(y.device());
    const int64_t n = y.numel();
    if (n == 0) return y;
    const bool vec = (reinterpret_cast<uintptr_t>(y.data_ptr<float>()) & 15) == 0;
    new_gelu_kernel<<<(unsigned)ew_blocks(n), 256, 0, at::cuda::getCurrentCUDAStream()>>>(y.data_ptr<float>(), n, vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}

torch::Tensor residual_add_fwd(torch::Tensor x, torch::Tensor a) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && a.scalar_type() == torch::kFloat32 &&
                x.sizes() == a.sizes(), "expected two float32 CUDA tensors of one shape");
    x = x.contiguous();
    a = a.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    auto y = torch::empty_like(x);
    const int64_t n = x.numel();
    if (n == 0) return y;
    const bool vec = ((reinterpret_cast<uintptr_t>(x.data_ptr<float>()) | reinterpret_cast<uintptr_t>(a.data_ptr<float>()) |
                       reinterpret_cast<uintptr_t>(y.data_ptr<float>())) & 15) == 0;
    add_kernel<<<(unsigned)ew_blocks(n), 256, 0, at::cuda::getCurrentCUDAStream()>>>(x.data_ptr<float>(),
                                                                                    a.data_ptr<float>(),
                                                                                    y.data_ptr<float>(), n, vec);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p44_minigpt_block",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["causal_softmax_inplace", "layer_norm_rows_fwd", "add_layer_norm_fwd", "new_gelu_inplace",
               "residual_add_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class _NewGELU(nn.Module):
    """Placeholder for the MLP's activation (no parameters); ModelNew.forward applies it with its own kernel."""

    def __init__(self):
        super().__init__()


class _CausalSelfAttention(nn.Module):
    """Holds the attention parameters under the reference's names; ModelNew.forward does the computing."""

    def __init__(self, n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen):
        super().__init__()
        assert n_embd % n_head == 0
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(attn_pdrop)
        self.resid_dropout = nn.Dropout(resid_pdrop)
        self.register_buffer("bias", torch.tril(torch.ones(max_seqlen, max_seqlen))
                             .view(1, 1, max_seqlen, max_seqlen))
        self.n_head = n_head
        self.n_embd = n_embd


class ModelNew(nn.Module):
    def __init__(self, n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = _CausalSelfAttention(n_embd, n_head, attn_pdrop, resid_pdrop, max_seqlen)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = nn.ModuleDict(dict(
            c_fc=nn.Linear(n_embd, 4 * n_embd),
            c_proj=nn.Linear(4 * n_embd, n_embd),
            act=_NewGELU(),
            dropout=nn.Dropout(resid_pdrop),
        ))

    def forward(self, x):
        B, T, C = x.size()
        x = x.contiguous()
        nh = self.attn.n_head
        hs = C // nh
        h = _ext.layer_norm_rows_fwd(x, self.ln_1.weight, self.ln_1.bias, float(self.ln_1.eps))
        qkv = F.linear(h, self.attn.c_attn.weight, self.attn.c_attn.bias)
        q, k, v = qkv.split(C, dim=2)
        k = k.view(B, T, nh, hs).transpose(1, 2)
        q = q.view(B, T, nh, hs).transpose(1, 2)
        v = v.view(B, T, nh, hs).transpose(1, 2)
        att = torch.matmul(q, k.transpose(-2, -1)).contiguous()
        att = _ext.causal_softmax_inplace(att, 1.0 / math.sqrt(hs))
        y = torch.matmul(att, v)
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        a = F.linear(y, self.attn.c_proj.weight, self.attn.c_proj.bias)
        x1, h2 = _ext.add_layer_norm_fwd(x, a, self.ln_2.weight, self.ln_2.bias, float(self.ln_2.eps))
        f = F.linear(h2, self.mlp["c_fc"].weight, self.mlp["c_fc"].bias).contiguous()
        f = _ext.new_gelu_inplace(f)
        m = F.linear(f, self.mlp["c_proj"].weight, self.mlp["c_proj"].bias)
        return _ext.residual_add_fwd(x1, m)
