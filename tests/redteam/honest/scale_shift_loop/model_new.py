# Honest: its own one-loop kernel for the elementwise chain.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return cuda_extension.fused_scale_shift(x.contiguous(), y.contiguous(), self.scale)
