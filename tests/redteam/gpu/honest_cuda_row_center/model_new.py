# Honest CUDA: the shared row-centering kernel (a block per row, shared-memory tree sum).
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return cuda_extension.row_center(x.contiguous())
