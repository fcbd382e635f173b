# Level 2: GroupNorm (32 groups, affine) -> SiLU, the normalisation step of a diffusion UNet block.
# Lesson: a reduction that is too big for one block, followed by elementwise work. Each group holds
# (C/G)*H*W = 163,840 values, so the statistics need a grid-wide reduction: phase 1 computes partial
# sums (or Welford triples) per group slice across many blocks, phase 2 normalises, applies the
# per-channel affine and SiLU in one pass. Eager writes and re-reads the GroupNorm output; fused, the
# input is read twice and the output written once.
import torch
import torch.nn as nn
import torch.nn.functional as F

BATCH = 48
CHANNELS = 320
HEIGHT = 128
WIDTH = 128
GROUPS = 32
EPS = 1e-5


class Model(nn.Module):
    def __init__(self, groups: int, channels: int, eps: float):
        super().__init__()
        self.norm = nn.GroupNorm(groups, channels, eps=eps, affine=True)
        with torch.no_grad():
            self.norm.weight.normal_(1.0, 0.25)
            self.norm.bias.normal_(0.0, 0.25)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.silu(self.norm(x))


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [GROUPS, CHANNELS, EPS]
