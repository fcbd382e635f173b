# Honest CUDA: the shared linear + relu kernel (one thread per output); nn.Linear only holds the weights.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)

    def forward(self, x):
        return cuda_extension.linear_relu(x.contiguous(), self.linear.weight, self.linear.bias)
