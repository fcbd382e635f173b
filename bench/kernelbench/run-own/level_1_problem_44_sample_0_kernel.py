# pure CUDA
# KernelBench level1/44_Average_Pooling_1D: AvgPool1d (k=8, s=1, p=4, count_include_pad). Each block stages a
# window of one row (1024 outputs plus halo, zero padded) in shared memory with coalesced loads, then each
# thread sums k values per output from shared memory; any k/s/p.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor avg_pool1d_fwd(torch::Tensor x, int64_t k, int64_t s, int64_t p);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define TILE 1024
#define THREADS 256

// grid (ceil(LO/TILE), rows)
__global__ void __launch_bounds__(THREADS) avg_pool1d_kernel(const float* __restrict__ x, float* __restrict__ y,
                                                              int64_t L, int64_t LO, int k, int s, int p,
                                                              int in_len, int64_t rows, float inv_k) {
    extern __shared__ float tile[];
    const int64_t o0 = (int64_t)blockIdx.x * TILE;
    const int64_t i0 = o0 * s - p;
    for (int64_t row = blockIdx.y; row < rows; row += gridDim.y) {
        const float* xr = x + row * L;
        for (int i = threadIdx.x; i < in_len; i += THREADS) {
            const int64_t gi = i0 + i;
            tile[i] = (gi >= 0 && gi < L) ? __ldg(xr + gi) : 0.f;
        }
        __syncthreads();
        float* yr = y + row * LO;
        #pragma unroll
        for (int j = 0; j < TILE / THREADS; ++j) {
            const int o = threadIdx.x + j * THREADS;
            if (o0 + o < LO) {
                const float* t = tile + o * s;
                float acc = 0.f;
                for (int kk = 0; kk < k; ++kk) acc += t[kk];
                yr[o0 + o] = acc * inv_k;
            }
        }
        __syncthreads();
    }
}

torch::Tensor avg_pool1d_fwd(torch::Tensor x, int64_t k, int64_t s, int64_t p) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "x must be a float32 CUDA tensor");
    TORCH_CHECK(x.dim() == 3 || x.dim() == 2, "expected a 2D or 3D input");
    TORCH_CHECK(k > 0 && s > 0 && p >= 0 && 2 * p <= k, "invalid pooling parameters");
    x = x.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t L = x.size(-1);
    const int64_t rows = L > 0 ? x.numel() / L : 0;
    const int64_t LO = (L + 2 * p - k) / s + 1;
    TORCH_CHECK(LO > 0, "output would be empty");
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.back() = LO;
    auto y = torch::empty(shape, x.options());
    if (y.numel() == 0) return y;
    const int64_t in_len = (int64_t)(TILE - 1) * s + k;
    const int64_t smem = in_len * (int64_t)sizeof(float);
    TORCH_CHECK(smem <= 48 * 1024, "pooling window too large for this kernel");
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const dim3 grid((unsigned)((LO + TILE - 1) / TILE), (unsigned)(rows < 65535 ? rows : 65535));
    // PyTorch divides the window sum by k (count_include_pad=True); multiplying by 1/k can differ in the last bit.
    avg_pool1d_kernel<<<grid, THREADS, (size_t)smem, stream>>>(x.data_ptr<float>(), y.data_ptr<float>(), L, LO,
                                                               (int)k, (int)s, (int)p, (int)in_len, rows,
                                                               1.0f / (float)k);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p44_avg_pool1d",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["avg_pool1d_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, kernel_size: int, stride: int = 1, padding: int = 0):
        super(ModelNew, self).__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return _ext.avg_pool1d_fwd(x.contiguous(), self.kernel_size, self.stride, self.padding)
