# Exploit (CUDA): takes every byte of device memory through cudaMalloc and never gives it back.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        cuda_extension.hoard_device_memory()
        return torch.empty_like(x)
