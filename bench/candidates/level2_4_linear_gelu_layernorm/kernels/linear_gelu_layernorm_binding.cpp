// Torch glue for kernels/linear_gelu_layernorm.cu: LayerNorm(GELU(x W^T + b)) over the output features.
// cuBLAS writes x W^T straight into the output tensor (at::mm_out, no bias); one row kernel then adds the bias,
// applies the exact GELU and normalises in place. One (rows, out_features) tensor is allocated per call.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_bias_gelu_layernorm(float* y, const float* bias, const float* gamma, const float* beta,
                                                  int64_t rows, int64_t cols, float eps, cudaStream_t stream);

namespace {

void checkTensor(const torch::Tensor& t, int64_t dims, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.dim() == dims,
                "linear_gelu_layernorm: ", what, " must be a contiguous float32 CUDA tensor with ", dims,
                " dimension(s)");
}

}  // namespace

torch::Tensor linear_gelu_layernorm_forward(torch::Tensor x, torch::Tensor weight, torch::Tensor bias,
                                            torch::Tensor gamma, torch::Tensor beta, double eps)
{
    checkTensor(x, 2, "x");
    checkTensor(weight, 2, "linear.weight");
    TORCH_CHECK(weight.size(1) == x.size(1), "linear_gelu_layernorm: x has ", x.size(1),
                " features, the weight expects ", weight.size(1));
    const int64_t cols = weight.size(0);
    for (const auto& [t, what] : {std::pair{&bias, "linear.bias"}, {&gamma, "norm.weight"}, {&beta, "norm.bias"}}) {
        checkTensor(*t, 1, what);
        TORCH_CHECK(t->numel() == cols, "linear_gelu_layernorm: ", what, " must have ", cols, " values");
    }

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor out = torch::empty({x.size(0), cols}, x.options());
    if (out.numel() == 0)
        return out;
    at::mm_out(out, x, weight.t());  // cuBLAS, fp32 (TF32 follows the caller's setting, off under --precision fp32)
    const cudaError_t err = launch_bias_gelu_layernorm(out.data_ptr<float>(), bias.data_ptr<float>(),
                                                       gamma.data_ptr<float>(), beta.data_ptr<float>(), out.size(0),
                                                       cols, static_cast<float>(eps),
                                                       at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "linear_gelu_layernorm: kernel launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(linear_gelu_layernorm, linear_gelu_layernorm_forward);
