# pure CUDA
# KernelBench level3/3_DeepNarrowMLP: 17 Linear layers (ReLU after all but the last), each one tiled fp32 SGEMM
# launch with the bias add and ReLU fused into its epilogue; the tile (128x128, 128x64 or 64x64) is picked per
# layer so that the narrow 1024-wide layers still fill the GPU.
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP_SOURCE = r"""
#include <torch/extension.h>
torch::Tensor linear_act_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, bool relu);
"""

CUDA_SOURCE = r"""
#include <torch/extension.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <cuda_runtime.h>
#include <stdint.h>

// ---------------------------------------------------------------------------------------------------------------
// fp32 SGEMM, "NT" layout as nn.Linear stores it: C[m, n] = epi(sum_k A[m, k] * W[n, k], m, n),
// A (M, K) row-major, W (N, K) row-major, C (M, N) row-major. BM x BN block tile, BK = 8, 8x8 outputs per thread
// (two 4x4 quadrants: conflict-free float4 shared loads), A and W tiles stored k-major in padded shared memory,
// double-buffered with a register prefetch of the next k-slice (one __syncthreads per slice).
// ---------------------------------------------------------------------------------------------------------------
#define GEMM_BK 8

__device__ __forceinline__ float4 gemm_load4(const float* __restrict__ row, int k, int K, bool ok, bool vec) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (!ok) return v;
    if (vec) {
        if (k < K) v = __ldg(reinterpret_cast<const float4*>(row + k));
    } else {
        if (k < K) v.x = __ldg(row + k);
        if (k + 1 < K) v.y = __ldg(row + k + 1);
        if (k + 2 < K) v.z = __ldg(row + k + 2);
        if (k + 3 < K) v.w = __ldg(row + k + 3);
    }
    return v;
}

template <int BM, int BN, class Epi>
__global__ void __launch_bounds__((BM / 8) * (BN / 8)) sgemm_nt_kernel(
        const float* __restrict__ A, const float* __restrict__ W, float* __restrict__ C,
        int M, int N, int K, bool vecK, bool vecN, Epi epi) {
    constexpr int NT = (BM / 8) * (BN / 8);
    constexpr int A_LD = (BM * GEMM_BK / 4) / NT;  // float4 loads per thread per slice
    constexpr int B_LD = (BN * GEMM_BK / 4) / NT;
    static_assert(A_LD >= 1 && B_LD >= 1, "tile too small for the thread count");
    __shared__ __align__(16) float As[2][GEMM_BK][BM + 4];
    __shared__ __align__(16) float Bs[2][GEMM_BK][BN + 4];

    const int tid = threadIdx.x;
    const int m0 = blockIdx.y * BM;
    const int n0 = blockIdx.x * BN;
    const int ty = tid / (BN / 8), tx = tid % (BN / 8);

    const float* a_row[A_LD];
    bool a_ok[A_LD];
    int a_r[A_LD], a_k[A_LD];
    #pragma unroll
    for (int i = 0; i < A_LD; ++i) {
        const int f = tid + i * NT;
        a_r[i] = f >> 1;
        a_k[i] = (f & 1) * 4;
        const int gm = m0 + a_r[i];
        a_ok[i] = gm < M;
        a_row[i] = A + (size_t)(a_ok[i] ? gm : 0) * K;
    }
    const float* b_row[B_LD];
    bool b_ok[B_LD];
    int b_r[B_LD], b_k[B_LD];
    #pragma unroll
    for (int i = 0; i < B_LD; ++i) {
        const int f = tid + i * NT;
        b_r[i] = f >> 1;
        b_k[i] = (f & 1) * 4;
        const int gn = n0 + b_r[i];
        b_ok[i] = gn < N;
        b_row[i] = W + (size_t)(b_ok[i] ? gn : 0) * K;
    }

    float4 ra[A_LD], rb[B_LD];
    auto gload = [&](int k0) {
        #pragma unroll
        for (int i = 0; i < A_LD; ++i) ra[i] = gemm_load4(a_row[i], k0 + a_k[i], K, a_ok[i], vecK);
        #pragma unroll
        for (int i = 0; i < B_LD; ++i) rb[i] = gemm_load4(b_row[i], k0 + b_k[i], K, b_ok[i], vecK);
    };
    auto sstore = [&](int buf) {
        #pragma unroll
        for (int i = 0; i < A_LD; ++i) {
            As[buf][a_k[i] + 0][a_r[i]] = ra[i].x;
            As[buf][a_k[i] + 1][a_r[i]] = ra[i].y;
            As[buf][a_k[i] + 2][a_r[i]] = ra[i].z;
            As[buf][a_k[i] + 3][a_r[i]] = ra[i].w;
        }
        #pragma unroll
        for (int i = 0; i < B_LD; ++i) {
            Bs[buf][b_k[i] + 0][b_r[i]] = rb[i].x;
            Bs[buf][b_k[i] + 1][b_r[i]] = rb[i].y;
            Bs[buf][b_k[i] + 2][b_r[i]] = rb[i].z;
            Bs[buf][b_k[i] + 3][b_r[i]] = rb[i].w;
        }
    };

    float acc[8][8];
    #pragma unroll
    for (int i = 0; i < 8; ++i)
        #pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = 0.f;

    const int nk = (K + GEMM_BK - 1) / GEMM_BK;
    gload(0);
    sstore(0);
    __syncthreads();
    for (int t = 0; t < nk; ++t) {
        const int buf = t & 1;
        if (t + 1 < nk) gload((t + 1) * GEMM_BK);
        #pragma unroll
        for (int k = 0; k < GEMM_BK; ++k) {
            const float4 a0 = *reinterpret_cast<const float4*>(&As[buf][k][ty * 4]);
            const float4 a1 = *reinterpret_cast<const float4*>(&As[buf][k][ty * 4 + BM / 2]);
            const float4 b0 = *reinterpret_cast<const float4*>(&Bs[buf][k][tx * 4]);
            const float4 b1 = *reinterpret_cast<const float4*>(&Bs[buf][k][tx * 4 + BN / 2]);
            const float a[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
            const float b[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
            #pragma unroll
            for (int i = 0; i < 8; ++i)
                #pragma unroll
                for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
        }
        if (t + 1 < nk) sstore(buf ^ 1);
        __syncthreads();
    }

    #pragma unroll
    for (int i = 0; i < 8; ++i) {
        const int r = m0 + (i < 4 ? ty * 4 + i : BM / 2 + ty * 4 + (i - 4));
        if (r >= M) continue;
        #pragma unroll
        for (int h = 0; h < 2; ++h) {
            const int c = n0 + h * (BN / 2) + tx * 4;
            float v[4];
            #pragma unroll
            for (int j = 0; j < 4; ++j) v[j] = (c + j < N) ? epi(acc[i][h * 4 + j], r, c + j) : 0.f;
            float* out = C + (size_t)r * N + c;
            if (vecN && c + 3 < N) {
                *reinterpret_cast<float4*>(out) = make_float4(v[0], v[1], v[2], v[3]);
            } else {
                #pragma unroll
                for (int j = 0; j < 4; ++j)
                    if (c + j < N) out[j] = v[j];
            }
        }
    }
}

// Picks the tile so that the grid fills the GPU: 128x128 when there are at least two blocks per SM, else
// 128x64, else 64x64.
template <class Epi>
void launch_sgemm_nt(const float* A, const float* W, float* C, int64_t M, int64_t N, int64_t K, Epi epi,
                     cudaStream_t stream) {
    TORCH_CHECK(M < (1LL << 31) && N < (1LL << 31) && K < (1LL << 31), "GEMM sizes too large");
    const int sms = at::cuda::getCurrentDeviceProperties()->multiProcessorCount;
    const bool vecK = (K % 4 == 0) && ((reinterpret_cast<uintptr_t>(A) | reinterpret_cast<uintptr_t>(W)) & 15) == 0;
    const bool vecN = (N % 4 == 0) && (reinterpret_cast<uintptr_t>(C) & 15) == 0;
    const int64_t b128 = ((M + 127) / 128) * ((N + 127) / 128);
    const int64_t b128x64 = ((M + 127) / 128) * ((N + 63) / 64);
    if (b128 >= 2LL * sms) {
        const dim3 grid((unsigned)((N + 127) / 128), (unsigned)((M + 127) / 128));
        TORCH_CHECK(grid.y <= 65535, "M too large");
        sgemm_nt_kernel<128, 128, Epi><<<grid, 256, 0, stream>>>(A, W, C, (int)M, (int)N, (int)K, vecK, vecN, epi);
    } else if (b128x64 >= (int64_t)sms) {
        const dim3 grid((unsigned)((N + 63) / 64), (unsigned)((M + 127) / 128));
        TORCH_CHECK(grid.y <= 65535, "M too large");
        sgemm_nt_kernel<128, 64, Epi><<<grid, 128, 0, stream>>>(A, W, C, (int)M, (int)N, (int)K, vecK, vecN, epi);
    } else {
        const dim3 grid((unsigned)((N + 63) / 64), (unsigned)((M + 63) / 64));
        TORCH_CHECK(grid.y <= 65535, "M too large");
        sgemm_nt_kernel<64, 64, Epi><<<grid, 64, 0, stream>>>(A, W, C, (int)M, (int)N, (int)K, vecK, vecN, epi);
    }
    C10_CUDA_KERNEL_LAUNCH_CHECK();
}

struct BiasActEpi {
    const float* bias;
    bool relu;
    __device__ __forceinline__ float operator()(float v, int, int c) const {
        v = v + __ldg(bias + c);
        return (relu && !(v > 0.f)) ? 0.f : v;
    }
};

torch::Tensor linear_act_fwd(torch::Tensor x, torch::Tensor w, torch::Tensor b, bool relu) {
    TORCH_CHECK(x.is_cuda() && w.is_cuda() && b.is_cuda(), "inputs must be CUDA tensors");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32 && w.scalar_type() == torch::kFloat32 &&
                b.scalar_type() == torch::kFloat32, "inputs must be float32");
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && x.size(1) == w.size(1) && b.numel() == w.size(0), "shape mismatch");
    x = x.contiguous();
    w = w.contiguous();
    b = b.contiguous();
    const c10::cuda::OptionalCUDAGuard guard(x.device());
    const int64_t M = x.size(0), K = x.size(1), N = w.size(0);
    auto y = torch::empty({M, N}, x.options());
    if (M == 0 || N == 0) return y;
    BiasActEpi epi{b.data_ptr<float>(), relu};
    launch_sgemm_nt(x.data_ptr<float>(), w.data_ptr<float>(), y.data_ptr<float>(), M, N, K, epi,
                    at::cuda::getCurrentCUDAStream());
    return y;
}
"""

_ext = load_inline(
    name="kwb_own_l3_p3_deep_narrow_mlp",
    cpp_sources=CPP_SOURCE,
    cuda_sources=CUDA_SOURCE,
    functions=["linear_act_fwd"],
    extra_cuda_cflags=["-O3"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self, input_size, hidden_layer_sizes, output_size):
        super(ModelNew, self).__init__()
        layers = []
        current_input_size = input_size
        for hidden_size in hidden_layer_sizes:
            layers.append(nn.Linear(current_input_size, hidden_size))
            layers.append(nn.ReLU())
            current_input_size = hidden_size
        layers.append(nn.Linear(current_input_size, output_size))
        self.network = nn.Sequential(*layers)
        # (index of each Linear in the Sequential, whether a ReLU follows it)
        mods = list(self.network)
        self._plan = [(i, i + 1 < len(mods) and isinstance(mods[i + 1], nn.ReLU))
                      for i, m in enumerate(mods) if isinstance(m, nn.Linear)]

    def forward(self, x):
        h = x.contiguous()
        for i, relu in self._plan:
            layer = self.network[i]
            h = _ext.linear_act_fwd(h, layer.weight, layer.bias, relu)
        return h
