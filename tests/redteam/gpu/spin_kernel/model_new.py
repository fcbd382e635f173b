# Exploit (CUDA): an infinite-loop kernel; the stage must time out and the GPU come back.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return cuda_extension.spin(x.contiguous())
