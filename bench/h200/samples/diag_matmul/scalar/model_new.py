# out = diag(d) @ b as a row scaling: out[i, j] = d[i] * b[i, j]. The N x N diagonal matrix is never built.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return cuda_extension.diag_matmul(d.contiguous(), b.contiguous())
