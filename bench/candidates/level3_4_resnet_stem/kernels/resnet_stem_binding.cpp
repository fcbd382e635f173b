// Torch glue for kernels/bn_relu_maxpool.cu: the ResNet stem in inference, maxpool(relu(bn(conv7x7(x)))).
// The convolution runs through ATen (cuDNN, no bias); one kernel of ours then applies the folded batch norm,
// takes the max over each pooling window and applies the ReLU to the pooled value. The full-resolution
// activation is read once and never written back.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_bn_relu_maxpool(const float* y, float* out, const float* gamma, const float* beta,
                                              const float* mean, const float* var, float eps, int64_t batch,
                                              int64_t channels, int64_t h, int64_t w, int64_t oh, int64_t ow, int k,
                                              int stride, int pad, cudaStream_t stream);

namespace {

void checkChannelVector(const torch::Tensor& t, int64_t channels, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == channels,
                "resnet_stem: ", what, " must be a contiguous float32 CUDA tensor with ", channels, " values");
}

}  // namespace

torch::Tensor resnet_stem_forward(torch::Tensor x, torch::Tensor weight, int64_t conv_stride, int64_t conv_padding,
                                  torch::Tensor gamma, torch::Tensor beta, torch::Tensor mean, torch::Tensor var,
                                  double eps, int64_t pool_kernel, int64_t pool_stride, int64_t pool_padding)
{
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4 && x.is_contiguous(),
                "resnet_stem: x must be a contiguous float32 NCHW CUDA tensor");
    TORCH_CHECK(weight.is_cuda() && weight.scalar_type() == torch::kFloat32 && weight.dim() == 4,
                "resnet_stem: the conv weight must be a 4-D float32 CUDA tensor");
    TORCH_CHECK(weight.size(1) == x.size(1), "resnet_stem: x has ", x.size(1), " channels, the weight expects ",
                weight.size(1));
    TORCH_CHECK(conv_stride >= 1 && conv_padding >= 0, "resnet_stem: bad convolution stride or padding");
    TORCH_CHECK(pool_kernel >= 1 && pool_stride >= 1 && pool_padding >= 0 && pool_padding <= pool_kernel / 2,
                "resnet_stem: the pooling needs kernel >= 1, stride >= 1 and 0 <= padding <= kernel / 2");
    const int64_t channels = weight.size(0);
    for (const auto& [t, what] : {std::pair{&gamma, "bn.weight"}, {&beta, "bn.bias"}, {&mean, "bn.running_mean"},
                                  {&var, "bn.running_var"}})
        checkChannelVector(*t, channels, what);

    const c10::cuda::CUDAGuard guard(x.device());
    const torch::Tensor y = at::conv2d(x, weight.contiguous(), {}, conv_stride, conv_padding).contiguous();
    const int64_t h = y.size(2), w = y.size(3);
    TORCH_CHECK(h + 2 * pool_padding >= pool_kernel && w + 2 * pool_padding >= pool_kernel,
                "resnet_stem: the pooling window is larger than the padded convolution output");
    const int64_t oh = (h + 2 * pool_padding - pool_kernel) / pool_stride + 1;
    const int64_t ow = (w + 2 * pool_padding - pool_kernel) / pool_stride + 1;
    torch::Tensor out = torch::empty({y.size(0), channels, oh, ow}, y.options());
    if (out.numel() == 0)
        return out;
    const cudaError_t err = launch_bn_relu_maxpool(
        y.data_ptr<float>(), out.data_ptr<float>(), gamma.data_ptr<float>(), beta.data_ptr<float>(),
        mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps), y.size(0), channels, h, w, oh, ow,
        static_cast<int>(pool_kernel), static_cast<int>(pool_stride), static_cast<int>(pool_padding),
        at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "resnet_stem: pooling kernel failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(resnet_stem, resnet_stem_forward);
