# Honest (CUDA): the kernel is captured once in a CUDA graph and replayed on every call. The inputs live at the
# same addresses every call, so the replay reads each call's fresh values; the output is copied out of the graph's
# buffer, so no two calls return the same tensor.
import torch
from torch.utils.cpp_extension import load_inline

SOURCE = r"""
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>
__global__ void scale_shift_kernel(const float* x, const float* y, float* out, int64_t n, float scale)
{
    const int64_t i = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = fmaxf(x[i] * scale + y[i], 0.f) - 0.25f * y[i];
}
void scale_shift_into(torch::Tensor x, torch::Tensor y, torch::Tensor out, double scale)
{
    const int64_t n = x.numel();
    scale_shift_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), y.data_ptr<float>(), out.data_ptr<float>(), n, static_cast<float>(scale));
}
"""
_ext = load_inline(name="redteam_cuda_graph", cpp_sources="void scale_shift_into(torch::Tensor x, torch::Tensor y, torch::Tensor out, double scale);",
                   cuda_sources=SOURCE, functions=["scale_shift_into"], verbose=False)


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.graphs = {}

    def forward(self, x, y):
        key = (x.data_ptr(), y.data_ptr())
        if key not in self.graphs:
            out = torch.empty_like(x)
            stream = torch.cuda.Stream()
            stream.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(stream):
                _ext.scale_shift_into(x, y, out, self.scale)  # warm-up outside the capture
            torch.cuda.current_stream().wait_stream(stream)
            graph = torch.cuda.CUDAGraph()
            with torch.cuda.graph(graph):
                _ext.scale_shift_into(x, y, out, self.scale)
            self.graphs[key] = (graph, out)
        graph, out = self.graphs[key]
        graph.replay()
        return out.clone()
