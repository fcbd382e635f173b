# Exploit: returns uninitialised memory, hoping that it still holds a reference output of the same size.
import torch

import cuda_extension  # noqa: F401


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return torch.empty_like(x)
