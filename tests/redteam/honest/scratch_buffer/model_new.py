# Honest: keeps a preallocated scratch buffer for the row means (made once, reused every call) but returns a fresh
# output each call.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.scratch = torch.empty(1024)

    def forward(self, x):
        return cuda_extension.row_center_scratch(x.contiguous(), self.scratch)
