// Torch glue for kernels/softmax_rows.cu: softmax over the last dimension of a contiguous float32 tensor.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <climits>

extern "C" cudaError_t launch_softmax_rows(const float* x, float* y, int64_t rows, int64_t cols, cudaStream_t stream);

torch::Tensor softmax_rows_forward(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda(), "softmax_rows: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "softmax_rows: x must be float32");
    TORCH_CHECK(x.dim() >= 1, "softmax_rows: x must have at least one dimension");
    TORCH_CHECK(x.is_contiguous(), "softmax_rows: x must be contiguous");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(x.sizes(), x.options());
    if (y.numel() == 0)
        return y;
    const int64_t cols = x.size(-1);
    const int64_t rows = x.numel() / cols;
    // The kernels map rows onto blockIdx.x (or 8 rows per block), so the row count must fit one grid dimension.
    TORCH_CHECK(rows <= INT_MAX, "softmax_rows: at most ", INT_MAX, " rows, got ", rows);
    const cudaError_t err = launch_softmax_rows(x.data_ptr<float>(), y.data_ptr<float>(), rows, cols,
                                                at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "softmax_rows: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(softmax_rows, softmax_rows_forward);
