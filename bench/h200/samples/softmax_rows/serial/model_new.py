# torch.softmax(x, dim=-1) through our own CUDA kernel (kernels/softmax_rows.cu).
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.softmax_rows(x.contiguous())
