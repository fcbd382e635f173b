# pure CUDA
# KernelBench level1/12_Matmul_with_diagonal_matrices_: diag(A) @ B never builds the diagonal matrix; one kernel
# scales row i of B by A[i] (2D grid: rows x float4 columns, 64-bit offsets, scalar path when unaligned).
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor diag_scale_rows(torch::Tensor a, torch::Tensor b);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

__global__ void diag_rows_vec_kernel(const float* __restrict__ a, const float4* __restrict__ b,
                                     float4* __restrict__ c, int64_t rows, int64_t cols4) {
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        const float s = __ldg(a + r);
        const float4* brow = b + r * cols4;
        float4* crow = c + r * cols4;
        for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < cols4; j += (int64_t)gridDim.x * blockDim.x) {
            float4 v = __ldg(brow + j);
            v.x *= s; v.y *= s; v.z *= s; v.w *= s;
            crow[j] = v;
        }
    }
}

__global__ void diag_rows_scalar_kernel(const float* __restrict__ a, const float* __restrict__ b,
                                        float* __restrict__ c, int64_t rows, int64_t cols) {
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        const float s = __ldg(a + r);
        for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < cols; j += (int64_t)gridDim.x * blockDim.x) {
            c[r * cols + j] = s * __ldg(b + r * cols + j);
        }
    }
}

torch::Tensor diag_scale_rows(torch::Tensor a, torch::Tensor b) {
    TORCH_CHECK(a.is_cuda() && b.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(a.scalar_type() == torch::kFloat32 && b.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(a.dim() == 1 && b.dim() == 2 && a.size(0) == b.size(0), "expected A (N,) and B (N, M)");
    a = a.contiguous();
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(b.device());
    auto c = torch::empty_like(b);
    const int64_t rows = b.size(0), cols = b.size(1);
    if (rows == 0 || cols == 0) return c;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int threads = 256;
    const unsigned gy = (unsigned)(rows < 65535 ? rows : 65535);
    const bool vec = (cols % 4 == 0) &&
        ((reinterpret_cast<uintptr_t>(b.data_ptr<float>()) | reinterpret_cast<uintptr_t>(c.data_ptr<float>())) & 15) == 0;
    if (vec) {
        const int64_t cols4 = cols / 4;
        int64_t gx = (cols4 + threads - 1) / threads;
        if (gx > 64) gx = 64;
        diag_rows_vec_kernel<<<dim3((unsigned)gx, gy), threads, 0, stream>>>(
            a.data_ptr<float>(), reinterpret_cast<const float4*>(b.data_ptr<float>()),
            reinterpret_cast<float4*>(c.data_ptr<float>()), rows, cols4);
    } else {
        int64_t gx = (cols + threads - 1) / threads;
        if (gx > 64) gx = 64;
        diag_rows_scalar_kernel<<<dim3((unsigned)gx, gy), threads, 0, stream>>>(
            a.data_ptr<float>(), b.data_ptr<float>(), c.data_ptr<float>(), rows, cols);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return c;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p12_diag_matmul",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["diag_scale_rows"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, A, B):
        return _ext.diag_scale_rows(A.contiguous(), B.contiguous())
