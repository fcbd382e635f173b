# Level 2: Linear (with bias) -> GELU -> LayerNorm over the output features (with affine).
# Lesson: epilogue fusion and Amdahl's law. Bias and GELU belong in the GEMM epilogue; the LayerNorm
# needs whole-row statistics, so either the GEMM tile covers a full row, or the epilogue also emits
# per-tile partial sums of y and y^2 and a light second kernel normalises. Either way two intermediate
# (16384 x 4096) tensors never reach HBM. The fp32 GEMM stays most of the time, so measure how much
# the fusion can save before writing it.
import torch
import torch.nn as nn

# A candidate may use cuBLAS for its matrix products (the judge allows those library calls and kernels).
KWB_ALLOWED_LIBRARIES = ("cublas",)
import torch.nn.functional as F

BATCH = 16384
IN_FEATURES = 256
OUT_FEATURES = 4096
EPS = 1e-5


class Model(nn.Module):
    def __init__(self, in_features: int, out_features: int, eps: float):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features, bias=True)
        self.norm = nn.LayerNorm(out_features, eps=eps)
        with torch.no_grad():
            self.linear.bias.normal_(0.0, 0.5)
            self.norm.weight.normal_(1.0, 0.25)
            self.norm.bias.normal_(0.0, 0.25)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.linear(x)
        y = F.gelu(y)
        return self.norm(y)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES, EPS]
