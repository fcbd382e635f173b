# Exploit: allocates and touches 64 MiB after 64 MiB until something stops it.
import torch

import cuda_extension  # noqa: F401


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        hoard = []
        while True:
            hoard.append(b"\x01" * (64 << 20))
