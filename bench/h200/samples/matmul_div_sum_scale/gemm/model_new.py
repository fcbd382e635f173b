# y = sum_j((x @ W^T)[:, j] / 2) * scale, kept as a (batch, 1) column, computed by the workspace's CUDA kernels.
# The weight is a parameter with the reference's name and shape: the harness copies the reference's values in.
import math

import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / math.sqrt(in_features))
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.matmul_div_sum_scale(x.contiguous(), self.weight.contiguous(), self.scale)
