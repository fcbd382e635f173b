# Linear -> ReLU -> Linear -> ReLU -> Linear: the three matrix products go to cuBLAS (at::mm_out, fp32, no
# bias), and each bias, with its ReLU, is one in-place CUDA pass over the product. The GEMMs are nearly all of
# the time, so this is about parity with eager; the honest gain here is small.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, in_features: int, hidden: int, out_features: int):
        super().__init__()
        # Holders with the reference's names (fc1/fc2/fc3 .weight and .bias), so its state_dict loads as it is.
        self.fc1 = nn.Linear(in_features, hidden)
        self.fc2 = nn.Linear(hidden, hidden)
        self.fc3 = nn.Linear(hidden, out_features)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.mlp(x.contiguous(), self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias,
                                  self.fc3.weight, self.fc3.bias)
