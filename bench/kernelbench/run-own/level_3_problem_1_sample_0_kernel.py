# torch for the GEMMs (torch.mm / cuBLAS), CUDA for the bias add + ReLU epilogues
# KernelBench level3/1_MLP: each Linear is a bias-free torch.mm followed by one float4 kernel of our own that adds
# the bias and applies the ReLU (none after the last layer) in place, so every elementwise step is one pass.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor bias_act_inplace(torch::Tensor y, torch::Tensor b, bool relu);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

// grid (gx, rows)
__global__ void bias_act_vec_kernel(float4* __restrict__ y, const float4* __restrict__ b, int64_t rows, int64_t C4,
                                    bool relu) {
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        float4* yr = y + r * C4;
        for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < C4; j += (int64_t)gridDim.x * blockDim.x) {
            float4 v = yr[j];
            const float4 bb = __ldg(b + j);
            v.x += bb.x; v.y += bb.y; v.z += bb.z; v.w += bb.w;
            if (relu) {
                v.x = v.x > 0.f ? v.x : 0.f; v.y = v.y > 0.f ? v.y : 0.f;
                v.z = v.z > 0.f ? v.z : 0.f; v.w = v.w > 0.f ? v.w : 0.f;
            }
            yr[j] = v;
        }
    }
}

__global__ void bias_act_scalar_kernel(float* __restrict__ y, const float* __restrict__ b, int64_t rows, int64_t C,
                                       bool relu) {
    for (int64_t r = blockIdx.y; r < rows; r += gridDim.y) {
        for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < C; j += (int64_t)gridDim.x * blockDim.x) {
            float v = y[r * C + j] + __ldg(b + j);
            if (relu) v = v > 0.f ? v : 0.f;
            y[r * C + j] = v;
        }
    }
}

torch::Tensor bias_act_inplace(torch::Tensor y, torch::Tensor b, bool relu) {
    TORCH_CHECK(y.is_cuda() && y.scalar_type() == torch::kFloat32 && y.dim() == 2 && y.is_contiguous(),
                "y must be a contiguous 2D float32 CUDA tensor");
    TORCH_CHECK(b.numel() == y.size(1), "bias size mismatch");
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(y.device());
    const int64_t R = y.size(0), C = y.size(1);
    if (R == 0 || C == 0) return y;
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const unsigned gy = (unsigned)(R < 65535 ? R : 65535);
    const bool vec = (C % 4 == 0) && ((reinterpret_cast<uintptr_t>(y.data_ptr<float>()) |
                                       reinterpret_cast<uintptr_t>(b.data_ptr<float>())) & 15) == 0;
    if (vec) {
        const int64_t C4 = C / 4;
        int64_t gx = (C4 + 255) / 256;
        if (gx > 64) gx = 64;
        bias_act_vec_kernel<<<dim3((unsigned)gx, gy), 256, 0, stream>>>(
            reinterpret_cast<float4*>(y.data_ptr<float>()), reinterpret_cast<const float4*>(b.data_ptr<float>()), R, C4, relu);
    } else {
        int64_t gx = (C + 255) / 256;
        if (gx > 64) gx = 64;
        bias_act_scalar_kernel<<<dim3((unsigned)gx, gy), 256, 0, stream>>>(y.data_ptr<float>(), b.data_ptr<float>(), R, C,
                                                                          relu);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p1_mlp_bias_relu",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["bias_act_inplace"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, input_size, layer_sizes, output_size):
        super(ModelNew, self).__init__()
        layers = []
        current_input_size = input_size
        for layer_size in layer_sizes:
            layers.append(nn.Linear(current_input_size, layer_size))
            layers.append(nn.ReLU())
            current_input_size = layer_size
        layers.append(nn.Linear(current_input_size, output_size))
        self.network = nn.Sequential(*layers)
        mods = list(self.network)
        self._plan = [(i, i + 1 < len(mods) and isinstance(mods[i + 1], nn.ReLU))
                      for i, m in enumerate(mods) if isinstance(m, nn.Linear)]

    def forward(self, x):
        h = x.contiguous()
        for i, relu in self._plan:
            layer = self.network[i]
            h = torch.mm(h, layer.weight.t())
            h = _ext.bias_act_inplace(h, layer.bias, relu)
        return h
