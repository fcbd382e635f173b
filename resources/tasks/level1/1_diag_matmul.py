# Level 1: out = diag(d) @ B, with d a vector of N and B an N x M matrix.
# Lesson: look for the algebraic shortcut before tuning anything. The product only scales row i of B
# by d[i], but eager PyTorch first materialises the N x N diagonal matrix (almost all zeros) and then
# runs a dense 2*N*N*M-FLOP GEMM. A row-scaling kernel, out[i, j] = d[i] * B[i, j], reads B once and
# writes the output once: it is memory bound and needs no GEMM at all.
import torch
import torch.nn as nn

N = 3072  # length of d = rows of B
M = 8192  # columns of B


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, d: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        return torch.diag(d) @ b


def get_inputs():
    d = torch.randn(N)
    b = torch.randn(N, M)
    return [d, b]


def get_init_inputs():
    return []
