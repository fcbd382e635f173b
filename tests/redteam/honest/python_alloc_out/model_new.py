# Honest: allocates the output in Python (torch.empty_like) and lets the shared kernel write into it.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        out = torch.empty_like(x)
        return cuda_extension.scale_shift_into(x.contiguous(), y.contiguous(), self.scale, out)
