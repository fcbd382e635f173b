// Torch glue for kernels/channel_affine_nhwc.cu: y = (x * scale[c] + shift[c]) permuted NCHW -> NHWC.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <vector>

extern "C" cudaError_t launch_channel_affine_nhwc(const float* x, const float* scale, const float* shift, float* y,
                                                  int64_t batch, int64_t channels, int64_t hw, cudaStream_t stream);

torch::Tensor channel_affine_nhwc_forward(torch::Tensor x, torch::Tensor scale, torch::Tensor shift)
{
    TORCH_CHECK(x.is_cuda() && scale.is_cuda() && shift.is_cuda(), "channel_affine_nhwc: tensors must be CUDA tensors");
    TORCH_CHECK(scale.device() == x.device() && shift.device() == x.device(),
                "channel_affine_nhwc: tensors must be on one device");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && scale.scalar_type() == torch::kFloat32 &&
                    shift.scalar_type() == torch::kFloat32,
                "channel_affine_nhwc: tensors must be float32");
    // The reference broadcasts scale.view(1, C, 1, 1) and then permutes (0, 2, 3, 1): a 4-D (N, C, H, W)
    // input, or a 3-D (C, H, W) one, which broadcasting turns into (1, C, H, W).
    TORCH_CHECK(x.dim() == 4 || x.dim() == 3, "channel_affine_nhwc: x must be (N, C, H, W) or (C, H, W)");
    TORCH_CHECK(x.is_contiguous() && scale.is_contiguous() && shift.is_contiguous(),
                "channel_affine_nhwc: tensors must be contiguous");
    const int64_t off = x.dim() - 3;
    const int64_t batch = off ? x.size(0) : 1;
    const int64_t channels = x.size(off);
    const int64_t h = x.size(off + 1);
    const int64_t w = x.size(off + 2);
    TORCH_CHECK(scale.numel() == channels && shift.numel() == channels,
                "channel_affine_nhwc: scale and shift must have one value per channel (", channels, ")");

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(std::vector<int64_t>{batch, h, w, channels}, x.options());
    if (y.numel() == 0)
        return y;
    const cudaError_t err = launch_channel_affine_nhwc(x.data_ptr<float>(), scale.data_ptr<float>(),
                                                       shift.data_ptr<float>(), y.data_ptr<float>(), batch,
                                                       channels, h * w, at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "channel_affine_nhwc: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(channel_affine_nhwc, channel_affine_nhwc_forward);
