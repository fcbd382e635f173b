# pure CUDA
# KernelBench level1/100_HingeLoss: mean(clamp(1 - predictions * targets, min=0)). targets (N,) broadcasts along the
# last dim of predictions (N, D) exactly as in the reference (it is passed as an expanded view with its strides).
# One float4 grid-stride reduction (fp64 accumulators, deterministic) and a one-block fp64 finish.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor hinge_mean_fwd(torch::Tensor pred, torch::Tensor targ);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define THREADS 256

__device__ __forceinline__ float hinge(float p, float t) {
    return fmaxf(1.f - p * t, 0.f);
}

__device__ __forceinline__ double block_sum_d(double v, double* sh) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    const int lane = threadIdx.x & 31, wid = threadIdx.x >> 5;
    if (lane == 0) sh[wid] = v;
    __syncthreads();
    double r = 0.0;
    if (wid == 0) {
        r = lane < (int)(blockDim.x >> 5) ? sh[lane] : 0.0;
        #pragma unroll
        for (int o = 16; o > 0; o >>= 1) r += __shfl_xor_sync(0xffffffffu, r, o);
    }
    return r;  // valid in thread 0
}

// pred (R, D) contiguous; targ element (r, j) at targ[r * ts0 + j * ts1]. Blocks stride over rows, threads over
// columns (no integer division per element). fast: ts1 == 1, D % 4 == 0, aligned -> float4 loads.
__global__ void __launch_bounds__(THREADS) hinge_partial_kernel(const float* __restrict__ pred,
                                                                const float* __restrict__ targ, int64_t R, int64_t D,
                                                                int64_t ts0, int64_t ts1, bool fast,
                                                                double* __restrict__ partial) {
    __shared__ double sh[32];
    double acc = 0.0;
    for (int64_t r = blockIdx.x; r < R; r += gridDim.x) {
        const float* pr = pred + r * D;
        const float* tr = targ + r * ts0;
        float racc = 0.f;
        if (fast) {
            const int64_t D4 = D / 4;
            const float4* p4 = reinterpret_cast<const float4*>(pr);
            const float4* t4 = reinterpret_cast<const float4*>(tr);
            for (int64_t j = threadIdx.x; j < D4; j += THREADS) {
                const float4 a = __ldg(p4 + j);
                const float4 b = __ldg(t4 + j);
                racc += (hinge(a.x, b.x) + hinge(a.y, b.y)) + (hinge(a.z, b.z) + hinge(a.w, b.w));
            }
        } else {
            for (int64_t j = threadIdx.x; j < D; j += THREADS) racc += hinge(__ldg(pr + j), __ldg(tr + j * ts1));
        }
        acc += (double)racc;
    }
    const double s = block_sum_d(acc, sh);
    if (threadIdx.x == 0) partial[blockIdx.x] = s;
}

__global__ void hinge_finish_kernel(const double* __restrict__ partial, int nparts, double inv_n, float* __restrict__ out) {
    __shared__ double sh[32];
    double acc = 0.0;
    for (int i = threadIdx.x; i < nparts; i += blockDim.x) acc += partial[i];
    const double r = block_sum_d(acc, sh);
    if (threadIdx.x == 0) out[0] = (float)(r * inv_n);
}

torch::Tensor hinge_mean_fwd(torch::Tensor pred, torch::Tensor targ) {
    TORCH_CHECK(pred.is_cuda() && targ.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(pred.scalar_type() == torch::kFloat32 && targ.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(pred.dim() == 2 && targ.dim() == 2 && pred.sizes() == targ.sizes(),
                "expected predictions (R, D) and targets expanded to the same shape");
    pred = pred.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(pred.device());
    const int64_t R = pred.size(0), D = pred.size(1);
    const int64_t n = R * D;
    auto out = torch::empty({}, pred.options());
    const int64_t ts0 = targ.stride(0), ts1 = targ.stride(1);
    cudaStream_t stream = at::cuda::getCurrentCUDAStream();
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    int64_t blocks = R < (int64_t)sms * 8 ? R : (int64_t)sms * 8;
    if (blocks < 1) blocks = 1;
    auto partial = torch::empty({blocks}, pred.options().dtype(torch::kFloat64));
    const float* tp = targ.data_ptr<float>();
    const bool fast = ts1 == 1 && D % 4 == 0 && ts0 % 4 == 0 &&
        ((reinterpret_cast<uintptr_t>(pred.data_ptr<float>()) | reinterpret_cast<uintptr_t>(tp)) & 15) == 0;
    hinge_partial_kernel<<<(unsigned)blocks, THREADS, 0, stream>>>(pred.data_ptr<float>(), tp, R, D, ts0, ts1, fast,
                                                                   partial.data_ptr<double>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    hinge_finish_kernel<<<1, 1024, 0, stream>>>(partial.data_ptr<double>(), (int)blocks, 1.0 / (double)n,
                                               out.data_ptr<float>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l1_p100_hinge_loss",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["hinge_mean_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super(ModelNew, self).__init__()

    def forward(self, predictions, targets):
        # Same broadcasting as predictions * targets: a (D,) target vector runs along the last dim.
        pred = predictions.contiguous()
        pred2d = pred.view(-1, pred.size(-1)) if pred.dim() != 2 else pred
        targ2d = targets.expand(pred.shape).reshape(pred2d.shape) if pred.dim() != 2 else targets.expand(pred.shape)
        return _ext.hinge_mean_fwd(pred2d, targ2d)
