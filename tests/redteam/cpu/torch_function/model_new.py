# Exploit: the work is done by torch.matmul and torch.relu in forward; the extension is built but never called.
import torch

import cuda_extension  # noqa: F401  (built, imported, unused)


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(torch.matmul(x, self.linear.weight.t()) + self.linear.bias)
