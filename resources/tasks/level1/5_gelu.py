# Level 1: exact (erf) GELU over a large 2-D tensor.
# Lesson: an elementwise op is memory bound; the erf is nearly free next to the 4 GiB of traffic. What
# matters is keeping enough bytes in flight: 16-byte (float4) loads and stores, a grid sized to the
# SMs with a grid-stride loop, no shared memory. The tanh approximation of GELU differs from the erf
# form by up to ~5e-4, which passes a 1e-2 check but fails fp32's 1e-4: numerics are part of the task.
import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 32768
COLS = 16384


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.gelu(x)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
