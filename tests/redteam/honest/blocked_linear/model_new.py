# Honest: a blocked loop kernel of its own for the linear layer.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)

    def forward(self, x):
        return cuda_extension.blocked_linear_relu(x.contiguous(), self.linear.weight, self.linear.bias)
