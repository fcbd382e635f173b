# diag(d) @ B as a row scaling, one file built with load_inline: out[i, j] = d[i] * B[i, j].
# One grid-stride pass with float4 loads and stores where the row length allows it; no matrix product.
import torch
from torch.utils.cpp_extension import load_inline

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>

__global__ void scale_rows_vec4(const float4* __restrict__ b, const float* __restrict__ d, float4* __restrict__ out,
                                long long rows, long long cols4)
{
    const long long total = rows * cols4;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total; i += (long long)gridDim.x * blockDim.x) {
        const float s = __ldg(d + i / cols4);
        float4 v = __ldcs(b + i);
        v.x *= s;
        v.y *= s;
        v.z *= s;
        v.w *= s;
        __stcs(out + i, v);
    }
}

__global__ void scale_rows(const float* __restrict__ b, const float* __restrict__ d, float* __restrict__ out,
                           long long rows, long long cols)
{
    const long long total = rows * cols;
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < total; i += (long long)gridDim.x * blockDim.x)
        out[i] = d[i / cols] * b[i];
}

torch::Tensor diag_matmul(torch::Tensor d, torch::Tensor b)
{
    TORCH_CHECK(d.is_cuda() && b.is_cuda(), "inputs must be on the GPU");
    TORCH_CHECK(d.scalar_type() == torch::kFloat && b.scalar_type() == torch::kFloat, "inputs must be float32");
    TORCH_CHECK(d.dim() == 1 && b.dim() == 2 && d.size(0) == b.size(0), "d is [N], b is [N, M]");
    d = d.contiguous();
    b = b.contiguous();
    torch::Tensor out = torch::empty_like(b);
    const long long rows = b.size(0), cols = b.size(1);
    if (rows == 0 || cols == 0)
        return out;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int threads = 256;
    const bool vec = cols % 4 == 0 && reinterpret_cast<uintptr_t>(b.data_ptr()) % 16 == 0
        && reinterpret_cast<uintptr_t>(out.data_ptr()) % 16 == 0;
    const long long work = vec ? rows * (cols / 4) : rows * cols;
    const int blocks = (int)std::min<long long>((work + threads - 1) / threads, 132LL * 16);
    if (vec)
        scale_rows_vec4<<<blocks, threads, 0, stream>>>(reinterpret_cast<const float4*>(b.data_ptr<float>()),
            d.data_ptr<float>(), reinterpret_cast<float4*>(out.data_ptr<float>()), rows, cols / 4);
    else
        scale_rows<<<blocks, threads, 0, stream>>>(b.data_ptr<float>(), d.data_ptr<float>(), out.data_ptr<float>(), rows, cols);
    return out;
}
"""

CPP_SOURCE = "torch::Tensor diag_matmul(torch::Tensor d, torch::Tensor b);"

_extension = load_inline(name="kwb_bench_diag_matmul", cpp_sources=CPP_SOURCE, cuda_sources=CUDA_SOURCE,
                         functions=["diag_matmul"], extra_cuda_cflags=["-O3"], verbose=False)


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return _extension.diag_matmul(d, b)
