# torch.cumsum(x, dim=1) as one CUDA kernel: a warp per row, a float4 scan per lane, a shuffle scan across
# the lanes and a running carry from one 128-element chunk to the next.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.cumsum_rows(x.contiguous())
