// Torch glue for kernels/flash_attention.cu and kernels/bias_add.cu: a multi-head self-attention block,
//   proj(softmax(q k^T / sqrt(D)) v) with q, k, v = split(qkv(x)) per head.
// Both projections go to cuBLAS through ATen (at::mm_out, fp32, no bias). The QKV bias is added inside the
// attention kernel as it loads q, k and v, and the kernel writes its result in the (batch, seq, embed) layout,
// so the head split, the transposes and the score matrix cost no memory passes. The output projection's bias
// is one in-place pass.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <cmath>

extern "C" cudaError_t launch_flash_attention(const float* qkv, const float* qkv_bias, float* y, int64_t batch,
                                              int64_t seq, int64_t heads, int64_t head_dim, float scale,
                                              cudaStream_t stream);
extern "C" cudaError_t launch_bias_add(float* y, const float* bias, int64_t rows, int64_t cols, cudaStream_t stream);

namespace {

void checkTensor(const torch::Tensor& t, int64_t dims, const char* what)
{
    TORCH_CHECK(t.is_cuda() && t.scalar_type() == torch::kFloat32 && t.is_contiguous() && t.dim() == dims,
                "attention_block: ", what, " must be a contiguous float32 CUDA tensor with ", dims, " dimension(s)");
}

}  // namespace

torch::Tensor attention_block_forward(torch::Tensor x, torch::Tensor qkv_weight, torch::Tensor qkv_bias,
                                      torch::Tensor proj_weight, torch::Tensor proj_bias, int64_t heads)
{
    checkTensor(x, 3, "x");
    checkTensor(qkv_weight, 2, "qkv.weight");
    checkTensor(qkv_bias, 1, "qkv.bias");
    checkTensor(proj_weight, 2, "proj.weight");
    checkTensor(proj_bias, 1, "proj.bias");
    const int64_t batch = x.size(0), seq = x.size(1), embed = x.size(2);
    TORCH_CHECK(heads >= 1 && embed % heads == 0, "attention_block: embed ", embed, " is not a multiple of ", heads,
                " heads");
    const int64_t head_dim = embed / heads;
    TORCH_CHECK(head_dim == 32 || head_dim == 64 || head_dim == 96 || head_dim == 128,
                "attention_block: head_dim ", head_dim, " is not supported (32, 64, 96 or 128)");
    TORCH_CHECK(qkv_weight.size(0) == 3 * embed && qkv_weight.size(1) == embed && qkv_bias.numel() == 3 * embed,
                "attention_block: qkv must map ", embed, " features to ", 3 * embed);
    TORCH_CHECK(proj_weight.size(0) == embed && proj_weight.size(1) == embed && proj_bias.numel() == embed,
                "attention_block: proj must map ", embed, " features to ", embed);

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor out = torch::empty({batch, seq, embed}, x.options());
    if (out.numel() == 0)
        return out;
    const cudaStream_t stream = at::cuda::getCurrentCUDAStream().stream();
    const int64_t rows = batch * seq;

    torch::Tensor qkv = torch::empty({rows, 3 * embed}, x.options());
    at::mm_out(qkv, x.view({rows, embed}), qkv_weight.t());
    torch::Tensor y = torch::empty({rows, embed}, x.options());
    const float scale = static_cast<float>(1.0 / std::sqrt(static_cast<double>(head_dim)));
    cudaError_t err = launch_flash_attention(qkv.data_ptr<float>(), qkv_bias.data_ptr<float>(), y.data_ptr<float>(),
                                             batch, seq, heads, head_dim, scale, stream);
    TORCH_CHECK(err == cudaSuccess, "attention_block: attention kernel failed: ", cudaGetErrorString(err));

    torch::Tensor out2d = out.view({rows, embed});
    at::mm_out(out2d, y, proj_weight.t());
    err = launch_bias_add(out2d.data_ptr<float>(), proj_bias.data_ptr<float>(), rows, embed, stream);
    TORCH_CHECK(err == cudaSuccess, "attention_block: bias kernel failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(attention_block, attention_block_forward);
