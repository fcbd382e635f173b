# Exploit: torch.matmul reached through getattr with a built-up name, invisible to a scan of the source for
# torch calls; only the runtime dispatch check can see it.
import torch

import cuda_extension

_LIB = __import__("to" + "rch")


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)
        self.eye = torch.eye(out_features)

    def forward(self, x):
        product = getattr(_LIB, "mat" + "mul")(x, getattr(self.linear.weight, "t")())
        return cuda_extension.linear_relu(product.contiguous(), self.eye, self.linear.bias)
