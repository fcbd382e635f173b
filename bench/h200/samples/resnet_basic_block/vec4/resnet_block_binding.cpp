// Torch glue for kernels/resnet_block.cu: an inference ResNet basic block,
//   relu(bn2(conv2(relu(bn1(conv1(x))))) + x),
// with each batch norm folded into its convolution: one small kernel scales both convolutions' weights and makes
// their biases (on every call, since the weights may change), cuDNN runs both 3x3 convolutions (stride 1,
// padding 1) with the folded weights on the tensor cores in TF32, and an in-place epilogue follows each:
// bias + ReLU, then bias + residual + ReLU. Four launches of ours and two cuDNN convolutions per call.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_fold_bn_pair(const float* const* w, const float* const* gamma, const float* const* beta,
                                           const float* const* mean, const float* const* var, const float* eps,
                                           float* const* wf, float* const* bf, int64_t cout, int64_t per_out,
                                           cudaStream_t stream);
extern "C" cudaError_t launch_bias_act(float* y, const float* bias, const float* residual, int64_t batch,
                                       int64_t channels, int64_t plane, cudaStream_t stream);

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

// y = relu(y + bias[c] (+ residual)), in place.
void biasAct(torch::Tensor& y, const float* bias, const torch::Tensor* residual, cudaStream_t stream)
{
    TORCH_CHECK(y.is_contiguous(), "resnet_block: cuDNN returned a non-contiguous NCHW tensor");
    const cudaError_t err = launch_bias_act(y.data_ptr<float>(), bias, residual ? residual->data_ptr<float>() : nullptr,
                                            y.size(0), y.size(1), y.size(2) * y.size(3), stream);
    TORCH_CHECK(err == cudaSuccess, "resnet_block: epilogue kernel failed: ", cudaGetErrorString(err));
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

    // Both folded weight sets and both biases in one allocation each: [0] for conv1, [1] for conv2.
    torch::Tensor wf = torch::empty({2, channels, channels, 3, 3}, x.options());
    torch::Tensor bf = torch::empty({2, channels}, x.options());
    const int64_t per_out = channels * 9;
    const float* w[2] = {conv1.data_ptr<float>(), conv2.data_ptr<float>()};
    const float* gamma[2] = {w1.data_ptr<float>(), w2.data_ptr<float>()};
    const float* beta[2] = {b1.data_ptr<float>(), b2.data_ptr<float>()};
    const float* mean[2] = {mean1.data_ptr<float>(), mean2.data_ptr<float>()};
    const float* var[2] = {var1.data_ptr<float>(), var2.data_ptr<float>()};
    const float eps[2] = {static_cast<float>(eps1), static_cast<float>(eps2)};
    float* wout[2] = {wf.data_ptr<float>(), wf.data_ptr<float>() + channels * per_out};
    float* bout[2] = {bf.data_ptr<float>(), bf.data_ptr<float>() + channels};
    const cudaError_t err =
        launch_fold_bn_pair(w, gamma, beta, mean, var, eps, wout, bout, channels, per_out, stream);
    TORCH_CHECK(err == cudaSuccess, "resnet_block: fold kernel failed: ", cudaGetErrorString(err));

    torch::Tensor y = conv3x3(x, wf[0]);
    if (y.numel() == 0)
        return y;
    biasAct(y, bout[0], nullptr, stream);
    torch::Tensor z = conv3x3(y, wf[1]);
    TORCH_CHECK(z.sizes() == x.sizes(), "resnet_block: the residual must have the block's output shape");
    biasAct(z, bout[1], &x, stream);
    return z;
}

REGISTER_BINDING(resnet_block, resnet_block_forward);
