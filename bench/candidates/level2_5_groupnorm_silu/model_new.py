# SiLU(GroupNorm(x)) in one pass over HBM: each group is split over a cluster of 8 thread blocks that hold
# it in registers and combine their partial sums through distributed shared memory.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, groups: int, channels: int, eps: float):
        super().__init__()
        self.norm = torch.nn.GroupNorm(groups, channels, eps=eps, affine=True)  # holds the parameters

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.groupnorm_silu(x.contiguous(), self.norm.weight, self.norm.bias,
                                             self.norm.num_groups, float(self.norm.eps))
