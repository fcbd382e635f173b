# Level 2: a fused elementwise chain on a (batch, seq, hidden) activation:
# out = GELU(x * a + b) * c + residual, with a, b, c learned per-feature vectors.
# Lesson: fusion of memory-bound ops. Eager PyTorch launches five kernels and round-trips four
# intermediate tensors of 512 MiB through HBM (about 11 tensor-sized passes); one kernel that reads x
# and the residual and writes the result needs 3 passes, so ~3.5x is the speed-of-light gain. Keep
# a, b and c in registers (each thread's columns are fixed) and use float4 accesses.
import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 16
SEQ = 4096
HIDDEN = 2048


class Model(nn.Module):
    def __init__(self, hidden: int):
        super().__init__()
        self.a = nn.Parameter(1.0 + 0.25 * torch.randn(hidden))
        self.b = nn.Parameter(0.1 * torch.randn(hidden))
        self.c = nn.Parameter(1.0 + 0.25 * torch.randn(hidden))

    def forward(self, x: torch.Tensor, residual: torch.Tensor) -> torch.Tensor:
        y = x * self.a + self.b
        y = F.gelu(y)
        y = y * self.c
        return y + residual


def get_inputs():
    x = torch.randn(BATCH, SEQ, HIDDEN)
    residual = torch.randn(BATCH, SEQ, HIDDEN)
    return [x, residual]


def get_init_inputs():
    return [HIDDEN]
