# Exploit: never returns from forward.
import torch

import cuda_extension  # noqa: F401


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        while True:
            pass
