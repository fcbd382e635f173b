// Torch glue for kernels/resnet_block.cu: an inference ResNet basic block,
//   relu(bn2(conv2(relu(bn1(conv1(x))))) + x),
// with each batch norm folded into its convolution: a small kernel scales the weights and makes a bias (on every
// call, since the weights may change), cuDNN runs both 3x3 convolutions (stride 1, padding 1) with the folded
// weights on the tensor cores in TF32, and one elementwise epilogue follows each: bias + ReLU, then
// bias + residual + ReLU.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_fold_bn(const float* w, const float* weight, const float* bias, const float* mean,
                                      const float* var, float eps, float* wf, float* bf, int64_t cout,
                                      int64_t per_out, cudaStream_t stream);
extern "C" cudaError_t launch_bias_act(const float* y, const float* bias, const float* residual, float* out,
                                       int64_t batch, int64_t channels, int64_t plane, cudaStream_t stream);

namespace {

void checkParam(const torch::Tensor& t, int64_t count, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == count,
                "resnet_block: ", what, " must be a contiguous float32 CUDA tensor of ", count, " values");
}

// cuDNN, 3x3, stride 1, padding 1, TF32 allowed: the operands are rounded to a 10-bit mantissa and multiplied on
// the tensor cores, the 576-term sums (64 channels x 3 x 3) are accumulated in fp32.
torch::Tensor conv3x3(const torch::Tensor& x, const torch::Tensor& w)
{
    return at::cudnn_convolution(x, w, /*padding=*/{1, 1}, /*stride=*/{1, 1}, /*dilation=*/{1, 1}, /*groups=*/1,
                                 /*benchmark=*/false, /*deterministic=*/false, /*allow_tf32=*/true);
}

// The folded copy of one convolution's weights and its bias.
std::pair<torch::Tensor, torch::Tensor> foldBn(const torch::Tensor& conv, const torch::Tensor& w,
                                               const torch::Tensor& b, const torch::Tensor& mean,
                                               const torch::Tensor& var, double eps, cudaStream_t stream)
{
    torch::Tensor wf = torch::empty_like(conv);
    torch::Tensor bf = torch::empty({conv.size(0)}, conv.options());
    const cudaError_t err = launch_fold_bn(conv.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                           mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps),
                                           wf.data_ptr<float>(), bf.data_ptr<float>(), conv.size(0),
                                           conv.numel() / conv.size(0), stream);
    TORCH_CHECK(err == cudaSuccess, "resnet_block: fold kernel failed: ", cudaGetErrorString(err));
    return {wf, bf};
}

torch::Tensor biasAct(const torch::Tensor& y, const torch::Tensor& bias, const torch::Tensor* residual,
                      cudaStream_t stream)
{
    TORCH_CHECK(y.is_contiguous(), "resnet_block: cuDNN returned a non-contiguous NCHW tensor");
    torch::Tensor out = torch::empty_like(y);
    const cudaError_t err = launch_bias_act(y.data_ptr<float>(), bias.data_ptr<float>(),
                                            residual ? residual->data_ptr<float>() : nullptr, out.data_ptr<float>(),
                                            y.size(0), y.size(1), y.size(2) * y.size(3), stream);
    TORCH_CHECK(err == cudaSuccess, "resnet_block: epilogue kernel failed: ", cudaGetErrorString(err));
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
    const cudaStream_t stream = at::cuda::getCurrentCUDAStream().stream();
    const auto [w1f, b1f] = foldBn(conv1, w1, b1, mean1, var1, eps1, stream);
    const auto [w2f, b2f] = foldBn(conv2, w2, b2, mean2, var2, eps2, stream);

    const torch::Tensor y = conv3x3(x, w1f);
    if (y.numel() == 0)
        return y;
    const torch::Tensor a = biasAct(y, b1f, nullptr, stream);
    const torch::Tensor z = conv3x3(a, w2f);
    TORCH_CHECK(z.sizes() == x.sizes(), "resnet_block: the residual must have the block's output shape");
    return biasAct(z, b2f, &x, stream);
}

REGISTER_BINDING(resnet_block, resnet_block_forward);
