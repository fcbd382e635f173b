# a @ a.T computed as a symmetric product: only the block upper triangle goes through the GEMMs, and one
# CUDA kernel mirrors it into the lower triangle.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor) -> torch.Tensor:
        return cuda_extension.gram_matrix(a.contiguous())
