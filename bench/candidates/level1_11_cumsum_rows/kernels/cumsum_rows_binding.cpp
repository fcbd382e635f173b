// Torch glue for kernels/cumsum_rows.cu: inclusive prefix sum along the rows of a contiguous float32 matrix.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_cumsum_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream);

torch::Tensor cumsum_rows_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "cumsum_rows: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "cumsum_rows: x must be float32");
    TORCH_CHECK(x.dim() == 2, "cumsum_rows: x must be a matrix");
    TORCH_CHECK(x.is_contiguous(), "cumsum_rows: x must be contiguous");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const cudaError_t err = launch_cumsum_rows(x.data_ptr<float>(), y.data_ptr<float>(), x.size(0), x.size(1),
                                               at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "cumsum_rows: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(cumsum_rows, cumsum_rows_forward);
