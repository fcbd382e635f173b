# pure CUDA
# KernelBench level3/4_LeNet5: the whole network in one kernel. A 256-thread block takes 4 images: conv1 + ReLU +
# 2x2 max-pool and conv2 + ReLU + max-pool are computed pooled-output-first (4 conv taps, then max) into shared
# memory, with the conv weights staged there and the image buffer reused for the later layers; fc1/fc2/fc3 (+ReLU)
# use a warp per output neuron with coalesced weight reads shared by the block's 4 images and warp-shuffle sums.
# Only the input and the logits touch DRAM.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor lenet5_fwd(torch::Tensor x, torch::Tensor c1w, torch::Tensor c1b, torch::Tensor c2w, torch::Tensor c2b,
                         torch::Tensor f1w, torch::Tensor f1b, torch::Tensor f2w, torch::Tensor f2b,
                         torch::Tensor f3w, torch::Tensor f3b);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

#define S 4            // images per block
#define THREADS 256
#define IMG 32
#define C1 6
#define P1 14          // pooled conv1 size (28 / 2)
#define C2 16
#define P2 5           // pooled conv2 size (10 / 2)
#define F0 400
#define F1 120
#define F2 84

__device__ __forceinline__ float warp_sum(float v) {
    #pragma unroll
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
    return v;
}

// warp per output: out[s][o] = act(b[o] + sum_k W[o][k] * in[s][k]) for the block's S images
__device__ __forceinline__ void dense_layer(const float* __restrict__ W, const float* __restrict__ bias,
                                           const float* in, int in_stride, float* out, int out_stride, int K, int O,
                                           bool relu, int nimg) {
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    for (int o = warp; o < O; o += THREADS / 32) {
        float acc[S];
        #pragma unroll
        for (int s = 0; s < S; ++s) acc[s] = 0.f;
        const float* wr = W + (int64_t)o * K;
        for (int k = lane; k < K; k += 32) {
            const float wv = __ldg(wr + k);
            #pragma unroll
            for (int s = 0; s < S; ++s) acc[s] = fmaf(wv, in[s * in_stride + k], acc[s]);
        }
        #pragma unroll
        for (int s = 0; s < S; ++s) {
            float v = warp_sum(acc[s]);
            if (lane == 0 && s < nimg) {
                v += __ldg(bias + o);
                out[s * out_stride + o] = relu ? fmaxf(v, 0.f) : v;
            }
        }
    }
}

__global__ void __launch_bounds__(THREADS) lenet5_kernel(
        const float* __restrict__ x, const float* __restrict__ c1w, const float* __restrict__ c1b,
        const float* __restrict__ c2w, const float* __restrict__ c2b, const float* __restrict__ f1w,
        const float* __restrict__ f1b, const float* __restrict__ f2w, const float* __restrict__ f2b,
        const float* __restrict__ f3w, const float* __restrict__ f3b, float* __restrict__ out, int64_t N, int NC) {
    // 45.5 KB of shared memory: the input images' buffer is reused for the pooled conv2 output and the fc layers
    __shared__ float bufA[S * IMG * IMG];
    __shared__ float p1[S][C1 * P1 * P1];
    __shared__ float w1s[C1 * 25 + C1];
    __shared__ float w2s[C2 * C1 * 25 + C2];
    float (*img)[IMG * IMG] = reinterpret_cast<float (*)[IMG * IMG]>(bufA);
    float (*p2)[F0] = reinterpret_cast<float (*)[F0]>(bufA);
    float (*h1)[F1] = reinterpret_cast<float (*)[F1]>(bufA + S * F0);
    float (*h2)[F2] = reinterpret_cast<float (*)[F2]>(bufA + S * F0 + S * F1);

    const int64_t n0 = (int64_t)blockIdx.x * S;
    const int nimg = (int)((N - n0) < S ? (N - n0) : S);
    for (int i = threadIdx.x; i < C1 * 25; i += THREADS) w1s[i] = __ldg(c1w + i);
    for (int i = threadIdx.x; i < C1; i += THREADS) w1s[C1 * 25 + i] = __ldg(c1b + i);
    for (int i = threadIdx.x; i < C2 * C1 * 25; i += THREADS) w2s[i] = __ldg(c2w + i);
    for (int i = threadIdx.x; i < C2; i += THREADS) w2s[C2 * C1 * 25 + i] = __ldg(c2b + i);
    for (int i = threadIdx.x; i < S * IMG * IMG; i += THREADS) {
        const int s = i / (IMG * IMG), r = i - s * (IMG * IMG);
        img[s][r] = s < nimg ? __ldg(x + (n0 + s) * (IMG * IMG) + r) : 0.f;
    }
    __syncthreads();

    // conv1 (1 -> 6, 5x5) + ReLU + max-pool 2x2: 28x28 -> 14x14
    for (int i = threadIdx.x; i < S * C1 * P1 * P1; i += THREADS) {
        const int s = i / (C1 * P1 * P1);
        const int r = i - s * (C1 * P1 * P1);
        const int c = r / (P1 * P1), ph = (r / P1) % P1, pw = r % P1;
        const float* wc = w1s + c * 25;
        float m = -3.402823466e38f;
        #pragma unroll
        for (int dy = 0; dy < 2; ++dy)
            #pragma unroll
            for (int dx = 0; dx < 2; ++dx) {
                const int oy = 2 * ph + dy, ox = 2 * pw + dx;
                float acc = w1s[C1 * 25 + c];
                #pragma unroll
                for (int kh = 0; kh < 5; ++kh)
                    #pragma unroll
                    for (int kw = 0; kw < 5; ++kw) acc = fmaf(wc[kh * 5 + kw], img[s][(oy + kh) * IMG + ox + kw], acc);
                m = fmaxf(m, acc);
            }
        p1[s][r] = fmaxf(m, 0.f);  // relu(max) == max(relu)
    }
    __syncthreads();

    // conv2 (6 -> 16, 5x5) + ReLU + max-pool 2x2: 10x10 -> 5x5, flattened as c * 25 + h * 5 + w
    for (int i = threadIdx.x; i < S * C2 * P2 * P2; i += THREADS) {
        const int s = i / (C2 * P2 * P2);
        const int r = i - s * (C2 * P2 * P2);
        const int c = r / (P2 * P2), ph = (r / P2) % P2, pw = r % P2;
        float acc[4];
        #pragma unroll
        for (int q = 0; q < 4; ++q) acc[q] = w2s[C2 * C1 * 25 + c];
        for (int ci = 0; ci < C1; ++ci) {
            const float* wc = w2s + (c * C1 + ci) * 25;
            const float* pin = p1[s] + ci * P1 * P1;
            #pragma unroll
            for (int kh = 0; kh < 5; ++kh)
                #pragma unroll
                for (int kw = 0; kw < 5; ++kw) {
                    const float wv = wc[kh * 5 + kw];
                    #pragma unroll
                    for (int q = 0; q < 4; ++q) {
                        const int oy = 2 * ph + (q >> 1), ox = 2 * pw + (q & 1);
                        acc[q] = fmaf(wv, pin[(oy + kh) * P1 + ox + kw], acc[q]);
                    }
                }
        }
        p2[s][r] = fmaxf(fmaxf(fmaxf(acc[0], acc[1]), fmaxf(acc[2], acc[3])), 0.f);
    }
    __syncthreads();

    dense_layer(f1w, f1b, &p2[0][0], F0, &h1[0][0], F1, F0, F1, true, nimg);
    __syncthreads();
    dense_layer(f2w, f2b, &h1[0][0], F1, &h2[0][0], F2, F1, F2, true, nimg);
    __syncthreads();
    // fc3 straight to global memory
    {
        const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
        for (int o = warp; o < NC; o += THREADS / 32) {
            float acc[S];
            #pragma unroll
            for (int s = 0; s < S; ++s) acc[s] = 0.f;
            const float* wr = f3w + (int64_t)o * F2;
            for (int k = lane; k < F2; k += 32) {
                const float wv = __ldg(wr + k);
                #pragma unroll
                for (int s = 0; s < S; ++s) acc[s] = fmaf(wv, h2[s][k], acc[s]);
            }
            #pragma unroll
            for (int s = 0; s < S; ++s) {
                const float v = warp_sum(acc[s]);
                if (lane == 0 && s < nimg) out[(n0 + s) * NC + o] = v + __ldg(f3b + o);
            }
        }
    }
}

torch::Tensor lenet5_fwd(torch::Tensor x, torch::Tensor c1w, torch::Tensor c1b, torch::Tensor c2w, torch::Tensor c2b,
                         torch::Tensor f1w, torch::Tensor f1b, torch::Tensor f2w, torch::Tensor f2b,
                         torch::Tensor f3w, torch::Tensor f3b) {
    TORCH_CHECK(x.is_cuda() && x.scalar_type() == torch::kFloat32, "x must be a float32 CUDA tensor");
    TORCH_CHECK(x.dim() == 4 && x.size(1) == 1 && x.size(2) == IMG && x.size(3) == IMG, "expected (N, 1, 32, 32) input");
    TORCH_CHECK(c1w.numel() == C1 * 25 && c1b.numel() == C1 && c2w.numel() == C2 * C1 * 25 && c2b.numel() == C2 &&
                f1w.numel() == F1 * F0 && f1b.numel() == F1 && f2w.numel() == F2 * F1 && f2b.numel() == F2 &&
                f3w.dim() == 2 && f3w.size(1) == F2 && f3b.numel() == f3w.size(0), "unexpected LeNet-5 weight shapes");
    x = x.contiguous();
    c1w = c1w.contiguous(); c1b = c1b.contiguous(); c2w = c2w.contiguous(); c2b = c2b.contiguous();
    f1w = f1w.contiguous(); f1b = f1b.contiguous(); f2w = f2w.contiguous(); f2b = f2b.contiguous();
    f3w = f3w.contiguous(); f3b = f3b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t N = x.size(0);
    const int64_t NC = f3w.size(0);
    auto out = torch::empty({N, NC}, x.options());
    if (N == 0 || NC == 0) return out;
    const int64_t blocks = (N + S - 1) / S;
    TORCH_CHECK(blocks < (1LL << 31), "batch too large");
    lenet5_kernel<<<(unsigned)blocks, THREADS, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), c1w.data_ptr<float>(), c1b.data_ptr<float>(), c2w.data_ptr<float>(), c2b.data_ptr<float>(),
        f1w.data_ptr<float>(), f1b.data_ptr<float>(), f2w.data_ptr<float>(), f2b.data_ptr<float>(),
        f3w.data_ptr<float>(), f3b.data_ptr<float>(), out.data_ptr<float>(), N, (int)NC);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
    return out;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p4_lenet5",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["lenet5_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, num_classes):
        super(ModelNew, self).__init__()
        self.conv1 = nn.Conv2d(in_channels=1, out_channels=6, kernel_size=5, stride=1)
        self.conv2 = nn.Conv2d(in_channels=6, out_channels=16, kernel_size=5, stride=1)
        self.fc1 = nn.Linear(in_features=16 * 5 * 5, out_features=120)
        self.fc2 = nn.Linear(in_features=120, out_features=84)
        self.fc3 = nn.Linear(in_features=84, out_features=num_classes)

    def forward(self, x):
        return _ext.lenet5_fwd(x.contiguous(), self.conv1.weight, self.conv1.bias, self.conv2.weight, self.conv2.bias,
                               self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias,
                               self.fc3.weight, self.fc3.bias)
