// Torch glue for kernels/bias_act.cu: a three-layer MLP, fc3(relu(fc2(relu(fc1(x))))). Each matrix product goes
// to cuBLAS through ATen (at::mm_out into a tensor allocated here, no bias, fp32); each bias, with the ReLU of the
// first two layers, is one in-place pass of our own kernel over the product.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_bias_act(float* y, const float* bias, int64_t rows, int64_t cols, int relu,
                                       cudaStream_t stream);

namespace {

void checkTensor(const torch::Tensor& t, int64_t dims, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.dim() == dims,
                "mlp: ", what, " must be a contiguous float32 CUDA tensor with ", dims, " dimension(s)");
}

// act(x W^T + b) as a new (rows, out_features) tensor.
torch::Tensor linearAct(const torch::Tensor& x, const torch::Tensor& w, const torch::Tensor& b, bool relu,
                        const char* layer)
{
    TORCH_CHECK(w.size(1) == x.size(1), "mlp: ", layer, " expects ", w.size(1), " features, its input has ",
                x.size(1));
    TORCH_CHECK(b.numel() == w.size(0), "mlp: ", layer, ".bias must have ", w.size(0), " values");
    torch::Tensor y = torch::empty({x.size(0), w.size(0)}, x.options());
    if (y.numel() == 0)
        return y;
    at::mm_out(y, x, w.t());
    const cudaError_t err = launch_bias_act(y.data_ptr<float>(), b.data_ptr<float>(), y.size(0), y.size(1),
                                            relu ? 1 : 0, at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "mlp: ", layer, " bias kernel failed: ", cudaGetErrorString(err));
    return y;
}

}  // namespace

torch::Tensor mlp_forward(torch::Tensor x, torch::Tensor w1, torch::Tensor b1, torch::Tensor w2, torch::Tensor b2,
                          torch::Tensor w3, torch::Tensor b3)
{
    checkTensor(x, 2, "x");
    for (const auto& [t, what] : {std::pair{&w1, "fc1.weight"}, {&w2, "fc2.weight"}, {&w3, "fc3.weight"}})
        checkTensor(*t, 2, what);
    for (const auto& [t, what] : {std::pair{&b1, "fc1.bias"}, {&b2, "fc2.bias"}, {&b3, "fc3.bias"}})
        checkTensor(*t, 1, what);

    const c10::cuda::CUDAGuard guard(x.device());
    const torch::Tensor h1 = linearAct(x, w1, b1, true, "fc1");
    const torch::Tensor h2 = linearAct(h1, w2, b2, true, "fc2");
    return linearAct(h2, w3, b3, false, "fc3");
}

REGISTER_BINDING(mlp, mlp_forward);
