import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

# Row scaling written as a broadcast multiply: diag(A) @ B without forming the matrix.
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, A, B):
        return B * A[:, None]
