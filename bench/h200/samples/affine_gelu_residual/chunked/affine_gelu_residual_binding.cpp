// Torch glue for kernels/affine_gelu_residual.cu: out = GELU(x * a + b) * c + residual, with a, b and c
// vectors over the last dimension of x.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_affine_gelu_residual(const float* x, const float* residual, const float* a,
                                                   const float* b, const float* c, float* out, int64_t rows,
                                                   int64_t cols, cudaStream_t stream);

torch::Tensor affine_gelu_residual_forward(torch::Tensor x, torch::Tensor residual, torch::Tensor a, torch::Tensor b,
                                           torch::Tensor c)
{
    for (const torch::Tensor* t : {&x, &residual, &a, &b, &c}) {
        TORCH_CHECK(t->is_cuda(), "affine_gelu_residual: every tensor must be a CUDA tensor");
        TORCH_CHECK(t->scalar_type() == torch::kFloat32, "affine_gelu_residual: every tensor must be float32");
        TORCH_CHECK(t->is_contiguous(), "affine_gelu_residual: every tensor must be contiguous");
        TORCH_CHECK(t->device() == x.device(), "affine_gelu_residual: all tensors must be on one device");
    }
    TORCH_CHECK(x.dim() >= 1, "affine_gelu_residual: x must have at least one dimension");
    TORCH_CHECK(residual.sizes() == x.sizes(), "affine_gelu_residual: residual must have the shape of x");
    const int64_t cols = x.size(-1);
    TORCH_CHECK(a.numel() == cols && b.numel() == cols && c.numel() == cols,
                "affine_gelu_residual: a, b and c must have ", cols, " elements");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor out = torch::empty(x.sizes(), x.options());
    if (out.numel() == 0)
        return out;
    const cudaError_t err = launch_affine_gelu_residual(
        x.data_ptr<float>(), residual.data_ptr<float>(), a.data_ptr<float>(), b.data_ptr<float>(),
        c.data_ptr<float>(), out.data_ptr<float>(), x.numel() / cols, cols, at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "affine_gelu_residual: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(affine_gelu_residual, affine_gelu_residual_forward);
