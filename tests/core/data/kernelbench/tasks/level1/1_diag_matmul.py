import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return torch.diag(A) @ B


N = 64
M = 32


def get_inputs():
    return [torch.rand(N), torch.rand(N, M)]


def get_init_inputs():
    return []
