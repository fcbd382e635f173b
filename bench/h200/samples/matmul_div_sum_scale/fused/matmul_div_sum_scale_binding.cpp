// Torch glue for kernels/matmul_div_sum_scale.cu: y = sum_j((x @ W^T)[:, j] / 2) * scale as a [batch, 1]
// column, computed by one fused kernel (column-slice sums of W and partial dot products, atomics into y).
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_matmul_div_sum_scale(const float* x, const float* w, float* y, int64_t batch,
                                                   int64_t k, int64_t n, float scale, cudaStream_t stream);

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
    torch::Tensor y = torch::empty({x.size(0), 1}, x.options());
    if (x.size(0) == 0)
        return y;
    // No scratch: the launcher zeroes y on the stream, then the kernel adds into it.
    const cudaError_t err = launch_matmul_div_sum_scale(
        x.data_ptr<float>(), weight.data_ptr<float>(), y.data_ptr<float>(), x.size(0), x.size(1), weight.size(0),
        static_cast<float>(scale), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "matmul_div_sum_scale: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(matmul_div_sum_scale, matmul_div_sum_scale_forward);
