# Linear -> GELU -> LayerNorm: the matrix product goes to cuBLAS (at::mm_out into the output, no bias), and one
# CUDA kernel per row adds the bias, applies the exact GELU and normalises in place, so the GELU output never
# reaches memory: two passes over the (batch, out_features) tensor after the GEMM instead of eager's four.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, in_features: int, out_features: int, eps: float):
        super().__init__()
        # Holders with the reference's names (linear.weight, linear.bias, norm.weight, norm.bias), so the harness
        # can load its state_dict; forward only reads their tensors.
        self.linear = nn.Linear(in_features, out_features, bias=True)
        self.norm = nn.LayerNorm(out_features, eps=eps)
        self.eps = float(eps)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.linear_gelu_layernorm(x.contiguous(), self.linear.weight, self.linear.bias,
                                                    self.norm.weight, self.norm.bias, self.eps)
