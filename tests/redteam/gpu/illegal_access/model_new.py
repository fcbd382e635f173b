# Exploit (CUDA): an out-of-bounds write; the stage must fail with the CUDA error, not crash the runner.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return cuda_extension.oob(x.contiguous())
