// Torch glue for kernels/gram_mirror.cu: G = A A^T for a contiguous float32 matrix A (N x K).
// G is symmetric, so only its block upper triangle is computed: A's rows are split into P blocks A_0..A_{P-1}
// and block (i, i + d) is A_i A_{i+d}^T. All blocks on one block diagonal d are one strided batched GEMM
// (ATen's bmm, which is cuBLAS), written straight into G through a strided view, so no operand is copied.
// That is P(P+1)/2 of the P^2 block products; the kernel then mirrors the rest.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

extern "C" cudaError_t launch_gram_mirror(float* g, int64_t size, int64_t block, cudaStream_t stream);

namespace {

// Blocks of at least 1024 rows keep every batched GEMM large enough to fill the GPU.
int64_t blockCount(int64_t rows)
{
    for (int64_t p : {4, 2})
        if (rows % p == 0 && rows / p >= 1024)
            return p;
    return 1;
}

}  // namespace

torch::Tensor gram_matrix_forward(torch::Tensor a)
{
    TORCH_CHECK(a.is_cuda(), "gram_matrix: a must be a CUDA tensor");
    TORCH_CHECK(a.scalar_type() == torch::kFloat32, "gram_matrix: a must be float32");
    TORCH_CHECK(a.dim() == 2, "gram_matrix: a must be a matrix");
    TORCH_CHECK(a.is_contiguous(), "gram_matrix: a must be contiguous");

    const c10::cuda::CUDAGuard guard(a.device());
    const int64_t rows = a.size(0);
    const int64_t depth = a.size(1);
    torch::Tensor g = torch::empty({rows, rows}, a.options());
    if (rows == 0)
        return g;
    if (depth == 0)
        return g.zero_();
    const int64_t parts = blockCount(rows);
    if (parts == 1)
        return at::mm_out(g, a, a.t());

    const int64_t block = rows / parts;
    const torch::Tensor blocks = a.view({parts, block, depth});
    for (int64_t d = 0; d < parts; ++d) {
        const int64_t count = parts - d;
        torch::Tensor out = g.as_strided({count, block, block}, {block * rows + block, rows, 1}, d * block);
        at::bmm_out(out, blocks.narrow(0, 0, count), blocks.narrow(0, d, count).transpose(1, 2));
    }
    const cudaError_t err = launch_gram_mirror(g.data_ptr<float>(), rows, block, at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "gram_matrix: mirror kernel failed: ", cudaGetErrorString(err));
    return g;
}

REGISTER_BINDING(gram_matrix, gram_matrix_forward);
