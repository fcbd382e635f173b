# 0.5 * (x + x^T) over the last two dims as one CUDA kernel: one block per pair of 32x32 tiles (i, j) and
# (j, i), both staged through padded shared memory, so every element is read once and written once with
# coalesced accesses.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.symmetrize(x.contiguous())
