# torch.softmax(x, dim=-1) as one CUDA kernel: a block per row, the row kept in registers, one read and
# one write per element.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.softmax_rows(x.contiguous())
