// Bindings of the shared CUDA kernels: fresh outputs, launched on the current stream.
#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>

extern "C" cudaError_t launch_scale_shift(const float* x, const float* y, float* out, int64_t n, float scale,
                                          cudaStream_t stream);
extern "C" cudaError_t launch_linear_relu(const float* x, const float* w, const float* b, float* out, int n, int k,
                                          int m, cudaStream_t stream);
extern "C" cudaError_t launch_row_center(const float* x, float* out, int rows, int cols, cudaStream_t stream);

namespace {

void checkCuda(const torch::Tensor& t, const char* name)
{
    TORCH_CHECK(t.is_cuda() && t.is_contiguous() && t.scalar_type() == torch::kFloat, name,
                " must be a contiguous float32 CUDA tensor");
}

void checkLaunch(cudaError_t err)
{
    TORCH_CHECK(err == cudaSuccess, "launch failed: ", cudaGetErrorString(err));
}

} // namespace

// Into a given output (the deferred-launch case writes into one it already returned).
torch::Tensor scale_shift_into(torch::Tensor x, torch::Tensor y, double scale, torch::Tensor out)
{
    checkCuda(x, "x");
    checkCuda(y, "y");
    checkCuda(out, "out");
    TORCH_CHECK(x.numel() == y.numel() && out.numel() == x.numel(), "x, y and out of one size");
    checkLaunch(launch_scale_shift(x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<float>(), x.numel(),
                                   static_cast<float>(scale), at::cuda::getCurrentCUDAStream().stream()));
    return out;
}

torch::Tensor scale_shift(torch::Tensor x, torch::Tensor y, double scale)
{
    return scale_shift_into(x, y, scale, torch::empty_like(x));
}

torch::Tensor linear_relu(torch::Tensor x, torch::Tensor w, torch::Tensor b)
{
    checkCuda(x, "x");
    checkCuda(w, "w");
    checkCuda(b, "b");
    TORCH_CHECK(x.dim() == 2 && w.dim() == 2 && w.size(1) == x.size(1) && b.numel() == w.size(0), "x [n, k], w [m, k], b [m]");
    torch::Tensor out = torch::empty({ x.size(0), w.size(0) }, x.options());
    checkLaunch(launch_linear_relu(x.data_ptr<float>(), w.data_ptr<float>(), b.data_ptr<float>(), out.data_ptr<float>(),
                                   int(x.size(0)), int(x.size(1)), int(w.size(0)), at::cuda::getCurrentCUDAStream().stream()));
    return out;
}

torch::Tensor row_center(torch::Tensor x)
{
    checkCuda(x, "x");
    TORCH_CHECK(x.dim() == 2, "2-D x");
    torch::Tensor out = torch::empty_like(x);
    checkLaunch(launch_row_center(x.data_ptr<float>(), out.data_ptr<float>(), int(x.size(0)), int(x.size(1)),
                                  at::cuda::getCurrentCUDAStream().stream()));
    return out;
}

REGISTER_BINDING(scale_shift, scale_shift);
REGISTER_BINDING(scale_shift_into, scale_shift_into);
REGISTER_BINDING(linear_relu, linear_relu);
REGISTER_BINDING(row_center, row_center);
