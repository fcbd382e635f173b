// Torch glue for kernels/symmetrize.cu: out = 0.5 * (x + x^T) over the last two (square) dimensions.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_symmetrize(const float* x, float* y, int64_t batch, int64_t n, cudaStream_t stream);

torch::Tensor symmetrize_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "symmetrize: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "symmetrize: x must be float32");
    TORCH_CHECK(x.dim() >= 2, "symmetrize: x must have at least two dimensions");
    TORCH_CHECK(x.size(-1) == x.size(-2), "symmetrize: the last two dimensions must be equal (square matrices), got ",
                x.size(-2), " x ", x.size(-1));
    TORCH_CHECK(x.is_contiguous(), "symmetrize: x must be contiguous");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const int64_t n = x.size(-1);
    const int64_t batch = x.numel() / (n * n);
    const cudaError_t err = launch_symmetrize(x.data_ptr<float>(), y.data_ptr<float>(), batch, n,
                                              at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "symmetrize: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(symmetrize, symmetrize_forward);
