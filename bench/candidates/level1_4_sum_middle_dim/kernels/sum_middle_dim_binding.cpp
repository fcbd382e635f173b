// Torch glue for kernels/sum_middle_dim.cu: torch.sum(x, dim) for one int dim of a contiguous float32 tensor.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <vector>

extern "C" cudaError_t launch_sum_middle_dim(const float* x, float* y, int64_t outer, int64_t r, int64_t inner,
                                             cudaStream_t stream);

torch::Tensor sum_middle_dim_forward(torch::Tensor x, int64_t dim)
{
    TORCH_CHECK(x.is_cuda(), "sum_middle_dim: x must be a CUDA tensor");
    TORCH_CHECK(x.scalar_type() == torch::kFloat32, "sum_middle_dim: x must be float32");
    TORCH_CHECK(x.is_contiguous(), "sum_middle_dim: x must be contiguous");
    const int64_t nd = x.dim();
    // Like torch.sum: a 0-d tensor accepts dim 0 or -1 (and returns a 0-d tensor).
    const int64_t wrap = nd > 0 ? nd : 1;
    TORCH_CHECK(dim >= -wrap && dim < wrap, "sum_middle_dim: dim ", dim, " out of range for a ", nd, "-d tensor");
    if (dim < 0)
        dim += wrap;

    // x viewed as (outer, r, inner); the output keeps every dimension but dim.
    int64_t outer = 1;
    int64_t r = 1;
    int64_t inner = 1;
    std::vector<int64_t> out_sizes;
    for (int64_t d = 0; d < nd; ++d) {
        const int64_t s = x.size(d);
        if (d < dim)
            outer *= s;
        else if (d == dim)
            r = s;
        else
            inner *= s;
        if (d != dim)
            out_sizes.push_back(s);
    }

    const c10::cuda::CUDAGuard guard(x.device());
    torch::Tensor y = torch::empty(out_sizes, x.options());
    // An empty reduced dim (r == 0) still launches: the kernel writes the zeros torch.sum returns.
    if (y.numel() == 0)
        return y;
    const cudaError_t err = launch_sum_middle_dim(x.data_ptr<float>(), y.data_ptr<float>(), outer, r, inner,
                                                  at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "sum_middle_dim: kernel launch failed: ", cudaGetErrorString(err));
    return y;
}

REGISTER_BINDING(sum_middle_dim, sum_middle_dim_forward);
