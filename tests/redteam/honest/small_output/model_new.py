# Honest: scale * tanh(x W^T) in one kernel, on a task whose outputs all lie within 1e-3 of zero.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features, bias=False)
        self.scale = scale

    def forward(self, x):
        return cuda_extension.tanh_linear(x.contiguous(), self.linear.weight, self.scale)
