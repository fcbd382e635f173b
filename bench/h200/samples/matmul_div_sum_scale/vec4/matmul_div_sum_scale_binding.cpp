// Torch glue for kernels/matmul_div_sum_scale.cu: y = sum_j((x @ W^T)[:, j] / 2) * scale as a [batch, 1]
// column, computed as split column sums of W, their sum (wsum), then a matrix-vector product x . wsum.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" int64_t matmul_div_sum_scale_splits(int64_t rows, int64_t cols);
extern "C" cudaError_t launch_matmul_div_sum_scale(const float* x, const float* w, float* partial, float* wsum,
                                                   float* y, int64_t batch, int64_t k, int64_t n, int64_t splits,
                                                   float scale, cudaStream_t stream);

torch::Tensor matmul_div_sum_scale_forward(torch::Tensor x, torch::Tensor weight, double scale)
{
    TORCH_CHECK(x.is_cuda() && weight.is_cuda(), "matmul_div_sum_scale: tensors must be on CUDA");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && weight.scalar_type() == torch::kFloat32,
                "matmul_div_sum_scale: tensors must be float32");
    TORCH_CHECK(x.dim() == 2 && weight.dim() == 2, "matmul_div_sum_scale: x and weight must be 2-D");
    TORCH_CHECK(x.size(1) == weight.size(1), "matmul_div_sum_scale: x has ", x.size(1), " features, weight ",
                weight.size(1));
    TORCH_CHECK(x.is_contiguous() && weight.is_contiguous(), "matmul_div_sum_scale: tensors must be contiguous");
    TORCH_CHECK(x.device() == weight.device(), "matmul_div_sum_scale: tensors on one device");

    const c10::cuda::CUDAGuard guard(x.device());
    const int64_t batch = x.size(0);
    const int64_t k = x.size(1);
    const int64_t n = weight.size(0);
    torch::Tensor y = torch::empty({batch, 1}, x.options());
    if (batch == 0)
        return y;
    const int64_t splits = matmul_div_sum_scale_splits(n, k);
    // One scratch allocation: splits x k partial column sums, then the k-vector wsum (both 16-byte aligned
    // when k % 4 == 0).
    torch::Tensor scratch = torch::empty({(splits + 1) * k}, x.options());
    float* partial = scratch.data_ptr<float>();
    const cudaError_t err = launch_matmul_div_sum_scale(
        x.data_ptr<float>(), weight.data_ptr<float>(), partial, partial + splits * k, y.data_ptr<float>(), batch, k,
        n, splits, static_cast<float>(scale), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "matmul_div_sum_scale: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(matmul_div_sum_scale, matmul_div_sum_scale_forward);
