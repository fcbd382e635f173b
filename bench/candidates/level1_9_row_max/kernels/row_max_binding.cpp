// Torch glue for kernels/row_max.cu: the maximum of every row of a contiguous float32 matrix.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_row_max(const float* x, float* out, int64_t rows, int64_t cols, cudaStream_t stream);

torch::Tensor row_max_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "row_max: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "row_max: x must be float32");
    TORCH_CHECK(x.dim() == 2, "row_max: x must be a matrix");
    TORCH_CHECK(x.is_contiguous(), "row_max: x must be contiguous");
    TORCH_CHECK(x.size(1) > 0 || x.size(0) == 0, "row_max: the rows are empty, so they have no maximum");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor out = torch::empty({x.size(0)}, x.options());
    if (out.numel() == 0)
        return out;
    const cudaError_t err = launch_row_max(x.data_ptr<float>(), out.data_ptr<float>(), x.size(0), x.size(1),
                                           at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "row_max: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(row_max, row_max_forward);
