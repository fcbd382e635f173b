# Honest CUDA: the shared elementwise kernel on the current stream.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return cuda_extension.scale_shift(x.contiguous(), y.contiguous(), self.scale)
