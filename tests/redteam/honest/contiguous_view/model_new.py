# Honest: reshapes with .contiguous()/.view() around the shared elementwise kernel (a 2-D view of the 1-D inputs).
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        rows = x.contiguous().view(128, -1)
        other = y.contiguous().view(128, -1)
        return cuda_extension.scale_shift(rows, other, self.scale).view(x.shape)
