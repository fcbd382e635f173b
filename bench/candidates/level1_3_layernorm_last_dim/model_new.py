# nn.LayerNorm(hidden) over the last dimension as one CUDA kernel: a block per row, the row kept in
# registers, two-pass mean/variance, affine fused into the store.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, hidden: int, eps: float):
        super().__init__()
        # Same module and parameter names as the reference (norm.weight, norm.bias), so the harness can copy
        # its state_dict in; the module is only a holder: forward never calls it.
        self.norm = nn.LayerNorm(hidden, eps=eps, elementwise_affine=True)
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.25)
            self.norm.bias.normal_(0.0, 0.25)
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.layernorm_last_dim(x.contiguous(), self.norm.weight.contiguous(),
                                                 self.norm.bias.contiguous(), self.eps)
