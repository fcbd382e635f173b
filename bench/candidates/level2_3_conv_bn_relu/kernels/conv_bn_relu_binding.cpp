// Torch glue for kernels/conv_bn_relu.cu: relu(bn(conv2d(x, w) + b)) in inference. The convolution runs
// through ATen (cuDNN) without its bias; one in-place kernel then applies the conv bias, the folded batch norm
// and the ReLU. Eager follows the convolution with a read-and-write pass for the batch norm, one for the ReLU
// and, unless cuDNN adds it, one for the bias; this makes one.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_conv_bn_relu_epilogue(float* y, const float* conv_bias, const float* gamma,
                                                    const float* beta, const float* mean, const float* var, float eps,
                                                    int64_t batch, int64_t channels, int64_t plane,
                                                    cudaStream_t stream);

namespace {

void checkChannelVector(const torch::Tensor& t, int64_t channels, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == channels,
                "conv_bn_relu: ", what, " must be a contiguous float32 CUDA tensor with ", channels, " values");
}

}  // namespace

torch::Tensor conv_bn_relu_forward(torch::Tensor x, torch::Tensor weight, torch::Tensor conv_bias, int64_t stride,
                                   int64_t padding, torch::Tensor gamma, torch::Tensor beta, torch::Tensor mean,
                                   torch::Tensor var, double eps)
{
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4 && x.is_contiguous(),
                "conv_bn_relu: x must be a contiguous float32 NCHW CUDA tensor");
    TORCH_CHECK(weight.is_cuda() && weight.scalar_type() == torch::kFloat32 && weight.dim() == 4,
                "conv_bn_relu: the conv weight must be a 4-D float32 CUDA tensor");
    TORCH_CHECK(weight.size(1) == x.size(1), "conv_bn_relu: x has ", x.size(1), " channels, the weight expects ",
                weight.size(1));
    TORCH_CHECK(stride >= 1 && padding >= 0, "conv_bn_relu: stride must be positive and padding not negative");
    const int64_t channels = weight.size(0);
    for (const auto& [t, what] : {std::pair{&conv_bias, "conv.bias"}, {&gamma, "bn.weight"}, {&beta, "bn.bias"},
                                  {&mean, "bn.running_mean"}, {&var, "bn.running_var"}})
        checkChannelVector(*t, channels, what);

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = at::conv2d(x, weight.contiguous(), {}, stride, padding).contiguous();
    if (y.numel() == 0)
        return y;
    const cudaError_t err = launch_conv_bn_relu_epilogue(
        y.data_ptr<float>(), conv_bias.data_ptr<float>(), gamma.data_ptr<float>(), beta.data_ptr<float>(),
        mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps), y.size(0), y.size(1),
        y.size(2) * y.size(3), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "conv_bn_relu: epilogue kernel failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(conv_bn_relu, conv_bn_relu_forward);
