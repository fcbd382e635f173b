// Torch glue for kernels/bn_act.cu: an inference ResNet basic block,
//   relu(bn2(conv2(relu(bn1(conv1(x))))) + x),
// with both 3x3 convolutions (stride 1, padding 1, no bias) through ATen (cuDNN) and each batch norm,
// ReLU and the residual add as one in-place kernel on the convolution's output.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_bn_act(float* y, const float* residual, const float* weight, const float* bias,
                                     const float* mean, const float* var, float eps, int64_t batch, int64_t channels,
                                     int64_t plane, cudaStream_t stream);

namespace {

void checkBn(const torch::Tensor& t, int64_t channels, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == channels,
                "resnet_basic_block: ", what, " must be a contiguous float32 GPU tensor with one value per channel");
}

void bnAct(torch::Tensor& y, const torch::Tensor* residual, const torch::Tensor& w, const torch::Tensor& b,
           const torch::Tensor& mean, const torch::Tensor& var, double eps)
{
    const int64_t channels = y.size(1);
    const cudaError_t err =
        launch_bn_act(y.data_ptr<float>(), residual ? residual->data_ptr<float>() : nullptr, w.data_ptr<float>(),
                      b.data_ptr<float>(), mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps),
                      y.size(0), channels, y.size(2) * y.size(3), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "resnet_basic_block: epilogue kernel failed: ", cudaGetErrorString(err));
}

}  // namespace

torch::Tensor resnet_basic_block_forward(torch::Tensor x, torch::Tensor conv1, torch::Tensor w1, torch::Tensor b1,
                                         torch::Tensor mean1, torch::Tensor var1, double eps1, torch::Tensor conv2,
                                         torch::Tensor w2, torch::Tensor b2, torch::Tensor mean2, torch::Tensor var2,
                                         double eps2)
{
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4 && x.is_contiguous(),
                "resnet_basic_block: x must be a contiguous float32 NCHW GPU tensor");
    const int64_t channels = x.size(1);
    TORCH_CHECK(conv1.dim() == 4 && conv1.size(0) == channels && conv2.dim() == 4 && conv2.size(0) == channels,
                "resnet_basic_block: both convolutions must keep the channel count");
    for (const auto& [t, what] : {std::pair{&w1, "bn1.weight"}, {&b1, "bn1.bias"}, {&mean1, "bn1.running_mean"},
                                  {&var1, "bn1.running_var"}, {&w2, "bn2.weight"}, {&b2, "bn2.bias"},
                                  {&mean2, "bn2.running_mean"}, {&var2, "bn2.running_var"}})
        checkBn(*t, channels, what);

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = at::conv2d(x, conv1, {}, 1, 1).contiguous();
    if (y.numel() == 0)
        return y;
    bnAct(y, nullptr, w1, b1, mean1, var1, eps1);
    torch::Tensor z = at::conv2d(y, conv2, {}, 1, 1).contiguous();
    TORCH_CHECK(z.sizes() == x.sizes(), "resnet_basic_block: the residual must have the block's output shape");
    bnAct(z, &x, w2, b2, mean2, var2, eps2);
    return z;
}

REGISTER_BINDING(resnet_basic_block, resnet_basic_block_forward);
