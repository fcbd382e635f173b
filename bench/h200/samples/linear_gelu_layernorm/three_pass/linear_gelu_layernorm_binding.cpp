// Torch glue for kernels/linear_gelu_layernorm.cu: LayerNorm(GELU(x W^T + b)) over the last dimension.
// The linear layer is one cuBLAS call (addmm: the product and the bias), then a GELU kernel writes an intermediate
// tensor of the GEMM's shape and a LayerNorm kernel reads it back.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_gelu_layernorm(const float* y, float* g, const float* weight, const float* bias,
                                             float* out, int64_t rows, int64_t cols, float eps, cudaStream_t stream);

namespace {

void checkTensor(const torch::Tensor& t, int64_t dims, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.dim() == dims,
                "linear_gelu_layernorm: ", what, " must be a contiguous float32 CUDA tensor with ", dims,
                " dimension(s)");
}

}  // namespace

torch::Tensor linear_gelu_layernorm_forward(torch::Tensor x, torch::Tensor w, torch::Tensor b, torch::Tensor gamma,
                                            torch::Tensor beta, double eps)
{
    checkTensor(x, 2, "x");
    checkTensor(w, 2, "linear.weight");
    const int64_t cols = w.size(0);
    TORCH_CHECK(w.size(1) == x.size(1), "linear_gelu_layernorm: x has ", x.size(1), " features, the weight expects ",
                w.size(1));
    for (const auto& [t, what] : {std::pair{&b, "linear.bias"}, {&gamma, "norm.weight"}, {&beta, "norm.bias"}}) {
        checkTensor(*t, 1, what);
        TORCH_CHECK(t->numel() == cols, "linear_gelu_layernorm: ", what, " must have ", cols, " values");
    }

    const c10::cuda::CUDAGuard guard(x.device());
    const torch::Tensor y = at::addmm(b, x, w.t());  // cuBLAS: x W^T + b
    torch::Tensor g = torch::empty_like(y);
    torch::Tensor out = torch::empty_like(y);
    const cudaError_t err = launch_gelu_layernorm(y.data_ptr<float>(), g.data_ptr<float>(), gamma.data_ptr<float>(),
                                                  beta.data_ptr<float>(), out.data_ptr<float>(), y.size(0), cols,
                                                  static_cast<float>(eps), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "linear_gelu_layernorm: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(linear_gelu_layernorm, linear_gelu_layernorm_forward);
