// Torch glue for kernels/resnet_block.cu: an inference ResNet basic block,
//   relu(bn2(conv2(relu(bn1(conv1(x))))) + x),
// with the batch norms folded into the convolutions and the convolutions in NHWC (channels_last): x is transposed
// to NHWC by our kernel, the folded weights are written in KRSC order, cuDNN (TF32) reads and writes NHWC,
// and the last epilogue writes the NCHW result directly. Tensors in NHWC are allocated as channels_last tensors
// of the logical (N, C, H, W) shape, which is how ATen's cuDNN convolution recognises the layout.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_nchw_to_nhwc(const float* x, float* xh, int64_t batch, int64_t channels, int64_t plane,
                                           cudaStream_t stream);
extern "C" cudaError_t launch_fold_bn_krsc(const float* w, const float* weight, const float* bias, const float* mean,
                                           const float* var, float eps, float* wf, float* bf, int64_t cout,
                                           int64_t cin, int64_t taps, cudaStream_t stream);
extern "C" cudaError_t launch_bias_relu_nhwc(const float* y, const float* bias, float* out, int64_t channels,
                                             int64_t total, cudaStream_t stream);
extern "C" cudaError_t launch_bias_add_relu_to_nchw(const float* z, const float* bias, const float* residual,
                                                    float* out, int64_t batch, int64_t channels, int64_t plane,
                                                    cudaStream_t stream);

namespace {

void checkParam(const torch::Tensor& t, int64_t count, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.numel() == count,
                "resnet_block: ", what, " must be a contiguous float32 CUDA tensor of ", count, " values");
}

void checkLaunch(cudaError_t err, const char* what)
{
    TORCH_CHECK(err == cudaSuccess, "resnet_block: ", what, " failed: ", cudaGetErrorString(err));
}

// cuDNN, 3x3, stride 1, padding 1, TF32 allowed (operands rounded to a 10-bit mantissa, fp32 accumulation), as in
// the NCHW branch. With channels_last input and weights, ATen picks the NHWC layout and returns channels_last.
torch::Tensor conv3x3(const torch::Tensor& x, const torch::Tensor& w)
{
    torch::Tensor y = at::cudnn_convolution(x, w, /*padding=*/{1, 1}, /*stride=*/{1, 1}, /*dilation=*/{1, 1},
                                            /*groups=*/1, /*benchmark=*/false, /*deterministic=*/false,
                                            /*allow_tf32=*/true);
    TORCH_CHECK(y.is_contiguous(at::MemoryFormat::ChannelsLast), "resnet_block: cuDNN did not return an NHWC tensor");
    return y;
}

// The folded copy of one convolution's weights (channels_last, so KRSC in memory) and its bias.
std::pair<torch::Tensor, torch::Tensor> foldBn(const torch::Tensor& conv, const torch::Tensor& w,
                                               const torch::Tensor& b, const torch::Tensor& mean,
                                               const torch::Tensor& var, double eps, cudaStream_t stream)
{
    torch::Tensor wf = torch::empty(conv.sizes(), conv.options().memory_format(at::MemoryFormat::ChannelsLast));
    torch::Tensor bf = torch::empty({conv.size(0)}, conv.options());
    checkLaunch(launch_fold_bn_krsc(conv.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(),
                                    mean.data_ptr<float>(), var.data_ptr<float>(), static_cast<float>(eps),
                                    wf.data_ptr<float>(), bf.data_ptr<float>(), conv.size(0), conv.size(1),
                                    conv.size(2) * conv.size(3), stream),
                "fold kernel");
    return {wf, bf};
}

}  // namespace

torch::Tensor resnet_block_forward(torch::Tensor x, torch::Tensor conv1, torch::Tensor w1, torch::Tensor b1,
                                   torch::Tensor mean1, torch::Tensor var1, double eps1, torch::Tensor conv2,
                                   torch::Tensor w2, torch::Tensor b2, torch::Tensor mean2, torch::Tensor var2,
                                   double eps2)
{
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32 && x.dim() == 4 && x.is_contiguous(),
                "resnet_block: x must be a contiguous float32 NCHW CUDA tensor");
    const int64_t batch = x.size(0), channels = x.size(1), plane = x.size(2) * x.size(3);
    checkParam(conv1, channels * channels * 9, "conv1.weight");
    checkParam(conv2, channels * channels * 9, "conv2.weight");
    for (const auto& [t, what] : {std::pair{&w1, "bn1.weight"}, {&b1, "bn1.bias"}, {&mean1, "bn1.running_mean"},
                                  {&var1, "bn1.running_var"}, {&w2, "bn2.weight"}, {&b2, "bn2.bias"},
                                  {&mean2, "bn2.running_mean"}, {&var2, "bn2.running_var"}})
        checkParam(*t, channels, what);

    const c10::cuda::CUDAGuard guard(x.device());
    const cudaStream_t stream = at::cuda::getCurrentCUDAStream().stream();
    const auto nhwc = x.options().memory_format(at::MemoryFormat::ChannelsLast);
    const auto [w1f, b1f] = foldBn(conv1, w1, b1, mean1, var1, eps1, stream);
    const auto [w2f, b2f] = foldBn(conv2, w2, b2, mean2, var2, eps2, stream);

    torch::Tensor xh = torch::empty(x.sizes(), nhwc);
    if (xh.numel() == 0)
        return torch::empty(x.sizes(), x.options());
    checkLaunch(launch_nchw_to_nhwc(x.data_ptr<float>(), xh.data_ptr<float>(), batch, channels, plane, stream),
                "NCHW -> NHWC transpose");

    const torch::Tensor y = conv3x3(xh, w1f);
    torch::Tensor a = torch::empty(y.sizes(), nhwc);
    checkLaunch(launch_bias_relu_nhwc(y.data_ptr<float>(), b1f.data_ptr<float>(), a.data_ptr<float>(), channels,
                                      y.numel(), stream),
                "bias + ReLU epilogue");
    const torch::Tensor z = conv3x3(a, w2f);
    TORCH_CHECK(z.sizes() == x.sizes(), "resnet_block: the residual must have the block's output shape");
    torch::Tensor out = torch::empty(x.sizes(), x.options());
    checkLaunch(launch_bias_add_relu_to_nchw(z.data_ptr<float>(), b2f.data_ptr<float>(), x.data_ptr<float>(),
                                             out.data_ptr<float>(), batch, channels, plane, stream),
                "bias + residual + ReLU epilogue");
    return out;
}

REGISTER_BINDING(resnet_block, resnet_block_forward);
