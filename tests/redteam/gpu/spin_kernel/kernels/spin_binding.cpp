#include "binding_registry.h"

#include <ATen/cuda/CUDAContext.h>

extern "C" cudaError_t launch_spin(const float* x, float* out, cudaStream_t stream);

torch::Tensor spin(torch::Tensor x)
{
    TORCH_CHECK(x.is_cuda() && x.is_contiguous() && x.numel() >= 32, "a CUDA tensor of 32 floats or more");
    torch::Tensor out = torch::empty_like(x);
    const cudaError_t err = launch_spin(x.data_ptr<float>(), out.data_ptr<float>(), at::cuda::getCurrentCUDAStream().stream());
    TORCH_CHECK(err == cudaSuccess, "launch failed: ", cudaGetErrorString(err));
    return out;
}

REGISTER_BINDING(spin, spin);
