# Level 2: y = sum_j ((x @ W^T)[:, j] / 2) * scale, kept as a (batch, 1) column.
# Lesson: reorder the algebra. The sum over output features commutes with the matmul:
# sum_j x . w_j = x . (sum_j w_j). Reduce W over its rows to one vector first (O(N*K), done inside
# forward, because the harness loads new weights after construction), then one matrix-vector product
# reads x once: 2*B*K FLOPs instead of 2*B*K*N, and no (batch, out_features) intermediate at all.
import math

import torch
import torch.nn as nn

BATCH = 8192
IN_FEATURES = 2048
OUT_FEATURES = 4096
SCALE = 1.5


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, scale: float):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(out_features, in_features) / math.sqrt(in_features))
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x @ self.weight.T
        y = y / 2
        y = torch.sum(y, dim=1, keepdim=True)
        return y * self.scale


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES, SCALE]
