# sum_j((x @ W^T)[:, j] / 2) * scale without the GEMM: sum_j x . w_j = x . (sum_j w_j), so the weight is
# reduced to one vector (column sums of W, recomputed every forward because the harness loads the weights
# after construction) and a matrix-vector product reads x once.
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
