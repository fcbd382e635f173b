# Level 1: sum over the middle dimension of a 3-D tensor: (B, R, C) -> (B, C).
# Lesson: the reduced dimension is strided, the contiguous one is kept. Let neighbouring threads own
# neighbouring output columns, so each step down R is one coalesced row read, and give each block a
# slice of R with a second (tiny) reduction or atomics to finish, so all SMs stay busy. The whole input
# (3.2 GB) is read once and the output is small: pure memory bandwidth. Inputs are zero-mean, so the
# sums vary from seed to seed instead of clustering around a constant.
import torch
import torch.nn as nn

B = 32
R = 4096  # reduced
C = 6144  # contiguous, kept


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=self.dim)


def get_inputs():
    return [torch.randn(B, R, C)]


def get_init_inputs():
    return [1]
