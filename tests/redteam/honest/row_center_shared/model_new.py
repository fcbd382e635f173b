# Honest: the shared kernel's row_center (mean accumulated in double) on the row-centering task.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return cuda_extension.row_center(x.contiguous())
