# Linear -> GELU -> LayerNorm over the 4096 output features. Everything runs in
# cuda_extension.linear_gelu_layernorm: the matrix product through cuBLAS (the task allows it), the GELU and the
# LayerNorm in our own kernels.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, eps: float):
        super().__init__()
        # Holders with the reference's names and shapes (linear.weight, linear.bias, norm.weight, norm.bias), so
        # the harness can load its state_dict; forward only reads their tensors.
        self.linear = nn.Linear(in_features, out_features, bias=True)
        self.norm = nn.LayerNorm(out_features, eps=eps)
        self.eps = float(eps)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.linear_gelu_layernorm(x.contiguous(), self.linear.weight, self.linear.bias,
                                                    self.norm.weight, self.norm.bias, self.eps)
