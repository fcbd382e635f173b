import torch
import cuda_extension

class ModelNew(torch.nn.Module):
    def forward(self, x):
        return cuda_extension.relu_forward(x)
