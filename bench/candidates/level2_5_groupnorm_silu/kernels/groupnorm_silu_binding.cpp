// Torch glue for kernels/groupnorm_silu.cu: SiLU(GroupNorm(x)) with affine parameters, x of shape (N, C, *).
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_groupnorm_silu(const float* x, float* y, const float* w, const float* b, int64_t batch,
                                             int64_t channels, int64_t hw, int64_t groups, float eps,
                                             cudaStream_t stream);

torch::Tensor groupnorm_silu_forward(torch::Tensor x, torch::Tensor weight, torch::Tensor bias, int64_t groups, double eps)
{
    TORCH_CHECK(x.is_cuda() && weight.is_cuda() && bias.is_cuda(), "groupnorm_silu: tensors must be on the GPU");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && weight.scalar_type() == torch::kFloat32 &&
                    bias.scalar_type() == torch::kFloat32,
                "groupnorm_silu: tensors must be float32");
    TORCH_CHECK(x.dim() >= 2, "groupnorm_silu: x must have a batch and a channel dimension");
    TORCH_CHECK(x.is_contiguous(), "groupnorm_silu: x must be contiguous");
    const int64_t channels = x.size(1);
    TORCH_CHECK(groups > 0 && channels % groups == 0, "groupnorm_silu: channels must be a multiple of groups");
    TORCH_CHECK(weight.numel() == channels && bias.numel() == channels && weight.is_contiguous() && bias.is_contiguous(),
                "groupnorm_silu: weight and bias must be contiguous with one value per channel");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const int64_t batch = x.size(0);
    const int64_t hw = x.numel() / (batch * channels);
    const cudaError_t err = launch_groupnorm_silu(x.data_ptr<float>(), y.data_ptr<float>(), weight.data_ptr<float>(),
                                                  bias.data_ptr<float>(), batch, channels, hw, groups,
                                                  static_cast<float>(eps), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "groupnorm_silu: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(groupnorm_silu, groupnorm_silu_forward);
