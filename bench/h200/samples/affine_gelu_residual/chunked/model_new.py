# out = GELU(x * a + b) * c + residual through our own CUDA kernel (kernels/affine_gelu_residual.cu).
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        # Same names and shapes as the task's Model: the harness copies its weights into these.
        self.a = nn.Parameter(1.0 + 0.25 * torch.randn(hidden))
        self.b = nn.Parameter(0.1 * torch.randn(hidden))
        self.c = nn.Parameter(1.0 + 0.25 * torch.randn(hidden))

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        return cuda_extension.affine_gelu_residual(x.contiguous(), residual.contiguous(), self.a.contiguous(),
                                                   self.b.contiguous(), self.c.contiguous())
