// Torch glue for kernels/resnet_block.cu: an inference ResNet basic block,
//   relu(bn2(conv2(relu(bn1(conv1(x))))) + x),
// with both 3x3 convolutions (stride 1, padding 1, no bias) through cuDNN in full fp32, and each batch norm
// (with its ReLU, and the residual add after the second one) as one elementwise kernel.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_bn_act(const float* y, const float* residual, float* out, const float* weight,
                                     const float* bias, const float* mean, const float* var, float eps, int64_t batch,
                                     int64_t channels, int64_t plane, cudaStream_t stream);

namespace {

void checkParam(const torch::Tensor& t, int64_t count, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == count,
                "resnet_block: ", what, " must be a contiguous float32 CUDA tensor of ", count, " values");
}

// cuDNN, 3x3, stride 1, padding 1. TF32 is off: the same fp32 arithmetic as the reference.
torch::Tensor conv3x3(const torch::Tensor& x, const torch::Tensor& w)
{
    return at::cudnn_convolution(x, w, /*padding=*/{1, 1}, /*stride=*/{1, 1}, /*dilation=*/{1, 1}, /*groups=*/1,
                                 /*benchmark=*/false, /*deterministic=*/false, /*allow_tf32=*/false);
}

torch::Tensor bnAct(const torch::Tensor& y, const torch::Tensor* residual, const torch::Tensor& w,
                    const torch::Tensor& b, const torch::Tensor& mean, const torch::Tensor& var, double eps)
{
    TORCH_CHECK(y.is_contiguous(), "resnet_block: cuDNN returned a non-contiguous NCHW tensor");
    torch::Tensor out = torch::empty_like(y);
    const cudaError_t err = launch_bn_act(y.data_ptr<float>(), residual ? residual->data_ptr<float>() : nullptr,
                                          out.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                          mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps),
                                          y.size(0), y.size(1), y.size(2) * y.size(3),
                                          at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "resnet_block: batch-norm kernel failed: ", cudaGetErrorString(err));
    return out;
}

}  // namespace

torch::Tensor resnet_block_forward(torch::Tensor x, torch::Tensor conv1, torch::Tensor w1, torch::Tensor b1,
                                   torch::Tensor mean1, torch::Tensor var1, double eps1, torch::Tensor conv2,
                                   torch::Tensor w2, torch::Tensor b2, torch::Tensor mean2, torch::Tensor var2,
                                   double eps2)
{
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4 && x.is_contiguous(),
                "resnet_block: x must be a contiguous float32 NCHW CUDA tensor");
    const int64_t channels = x.size(1);
    checkParam(conv1, channels * channels * 9, "conv1.weight");
    checkParam(conv2, channels * channels * 9, "conv2.weight");
    for (const auto& [t, what] : {std::pair{&w1, "bn1.weight"}, {&b1, "bn1.bias"}, {&mean1, "bn1.running_mean"},
                                  {&var1, "bn1.running_var"}, {&w2, "bn2.weight"}, {&b2, "bn2.bias"},
                                  {&mean2, "bn2.running_mean"}, {&var2, "bn2.running_var"}})
        checkParam(*t, channels, what);

    const c10::cuda::CUDAGuard guard(x.device());
    const torch::Tensor y = conv3x3(x, conv1);
    if (y.numel() == 0)
        return y;
    const torch::Tensor a = bnAct(y, nullptr, w1, b1, mean1, var1, eps1);
    const torch::Tensor z = conv3x3(a, conv2);
    TORCH_CHECK(z.sizes() == x.sizes(), "resnet_block: the residual must have the block's output shape");
    return bnAct(z, &x, w2, b2, mean2, var2, eps2);
}

REGISTER_BINDING(resnet_block, resnet_block_forward);
