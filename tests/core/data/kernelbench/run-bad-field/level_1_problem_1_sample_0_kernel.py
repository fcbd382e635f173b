import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

class ModelNew(nn.Module):
    def forward(self, A, B):
        return A.unsqueeze(1) * B
