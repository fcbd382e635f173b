# torch.sum(x, dim) as one CUDA kernel for a contiguous x viewed as (outer, R, inner): each block owns a strip
# of 128 columns (float4 per thread) of one outer index and sums all R rows of it, 8 row-groups accumulating
# in registers and combined through shared memory in a fixed order (deterministic, no atomics). Every input
# element is read once, fully coalesced.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.sum_middle_dim(x.contiguous(), self.dim)
