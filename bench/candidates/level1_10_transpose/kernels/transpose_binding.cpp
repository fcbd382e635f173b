// Torch glue for kernels/transpose.cu: x^T of a contiguous float32 matrix as a new contiguous tensor.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_transpose(const float* x, float* out, int64_t rows, int64_t cols, cudaStream_t stream);

torch::Tensor transpose_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "transpose: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "transpose: x must be float32");
    TORCH_CHECK(x.dim() == 2, "transpose: x must be a matrix");
    TORCH_CHECK(x.is_contiguous(), "transpose: x must be contiguous");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor out = torch::empty({x.size(1), x.size(0)}, x.options());
    if (out.numel() == 0)
        return out;
    const cudaError_t err = launch_transpose(x.data_ptr<float>(), out.data_ptr<float>(), x.size(0), x.size(1),
                                             at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "transpose: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(transpose, transpose_forward);
