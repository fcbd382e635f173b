// Torch glue for kernels/gelu.cu: exact (erf) GELU of a contiguous float32 tensor of any shape.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_gelu(const float* x, float* y, int64_t n, cudaStream_t stream);

torch::Tensor gelu_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "gelu: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "gelu: x must be float32");
    TORCH_CHECK(x.is_contiguous(), "gelu: x must be contiguous");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const cudaError_t err =
        launch_gelu(x.data_ptr<float>(), y.data_ptr<float>(), x.numel(), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "gelu: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(gelu, gelu_forward);
