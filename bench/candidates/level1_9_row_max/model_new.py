# torch.amax(x, dim=1) as one CUDA kernel: a warp per row, float4 loads, a NaN-propagating max in registers
# and a shuffle tree across the warp.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.row_max(x.contiguous())
