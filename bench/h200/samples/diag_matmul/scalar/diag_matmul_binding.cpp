// Torch glue for kernels/diag_matmul.cu: checks, output allocation, current stream.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_diag_matmul(const float* d, const float* b, float* out, int64_t rows, int64_t cols,
                                          cudaStream_t stream);

torch::Tensor diag_matmul_forward(torch::Tensor d, torch::Tensor b)
{
    TORCH_CHECK(d.is_cuda() && b.is_cuda(), "diag_matmul: d and b must be CUDA tensors");
    TORCH_CHECK(d.scalar_type() == torch::kFloat32 && b.scalar_type() == torch::kFloat32,
                "diag_matmul: d and b must be float32");
    TORCH_CHECK(d.dim() == 1 && b.dim() == 2, "diag_matmul: d must be 1-D and b 2-D");
    TORCH_CHECK(d.size(0) == b.size(0), "diag_matmul: len(d) must equal the rows of b");
    TORCH_CHECK(d.is_contiguous() && b.is_contiguous(), "diag_matmul: inputs must be contiguous");
    TORCH_CHECK(d.device() == b.device(), "diag_matmul: inputs must be on one device");

    const c10::cuda::CUDAGuard guard(b.device());
    torch::Tensor out = torch::empty({b.size(0), b.size(1)}, b.options());
    if (out.numel() == 0)
        return out;
    const cudaError_t err = launch_diag_matmul(d.data_ptr<float>(), b.data_ptr<float>(), out.data_ptr<float>(),
                                               b.size(0), b.size(1), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "diag_matmul: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(diag_matmul, diag_matmul_forward);
