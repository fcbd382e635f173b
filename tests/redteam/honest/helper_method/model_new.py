# Honest: forward goes through a method and a module-level helper before the shared kernel; checks raise early.
import torch

import cuda_extension


def launch_linear_relu(x, weight, bias):
    if x.dim() != 2 or x.size(1) != weight.size(1):
        raise ValueError("x must be [batch, %d]" % weight.size(1))
    return cuda_extension.linear_relu(x.contiguous(), weight, bias)


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)

    def _layer(self, x):
        return launch_linear_relu(x, self.linear.weight, self.linear.bias)

    def forward(self, x):
        return self._layer(x)
