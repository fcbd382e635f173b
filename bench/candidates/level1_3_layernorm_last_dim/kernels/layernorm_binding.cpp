// Torch glue for kernels/layernorm.cu: LayerNorm over the last dimension with weight and bias.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_layernorm_last_dim(const float* x, const float* weight, const float* bias, float* y,
                                                 int64_t rows, int64_t cols, float eps, cudaStream_t stream);

torch::Tensor layernorm_last_dim_forward(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, double eps)
{
    TORCH_CHECK(x.is_cuda() && weight.is_cuda() && bias.is_cuda(), "layernorm: tensors must be on CUDA");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && weight.scalar_type() == torch::kFloat32
                    && bias.scalar_type() == torch::kFloat32,
                "layernorm: tensors must be float32");
    TORCH_CHECK(x.dim() >= 1, "layernorm: x must have at least one dimension");
    TORCH_CHECK(x.is_contiguous() && weight.is_contiguous() && bias.is_contiguous(),
                "layernorm: tensors must be contiguous");
    const int64_t cols = x.size(-1);
    TORCH_CHECK(weight.numel() == cols && bias.numel() == cols, "layernorm: weight and bias must have ",
                cols, " elements");
    TORCH_CHECK(weight.device() == x.device() && bias.device() == x.device(), "layernorm: tensors on one device");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const int64_t rows = x.numel() / cols;
    const cudaError_t err = launch_layernorm_last_dim(x.data_ptr<float>(), weight.data_ptr<float>(),
                                                      bias.data_ptr<float>(), y.data_ptr<float>(), rows, cols,
                                                      static_cast<float>(eps), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "layernorm: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(layernorm_last_dim, layernorm_last_dim_forward);
