# Level 1: per-channel affine (x * scale[c] + shift[c]) on an NCHW tensor, returned in NHWC layout
# (a contiguous (N, H, W, C) tensor), as a preprocessing step before a channels-last consumer.
# Lesson: layout conversion is a transpose of the (C, H*W) plane of each image. Eager PyTorch spends
# three full passes (multiply, add, permute-copy); one kernel that loads a C x HW tile coalesced, applies
# the affine in registers and writes the transposed tile coalesced through shared memory needs one.
# The output must really be a new NHWC tensor: returning a permuted view of an NCHW result has the right
# values but skips the work, and a judge should check the strides.
import torch
import torch.nn as nn

BATCH = 32
CHANNELS = 128
HEIGHT = 256
WIDTH = 256


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.scale = nn.Parameter(1.0 + 0.5 * torch.randn(channels))
        self.shift = nn.Parameter(0.5 * torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x * self.scale.view(1, -1, 1, 1) + self.shift.view(1, -1, 1, 1)
        return y.permute(0, 2, 3, 1).contiguous()


def get_inputs():
    return [torch.randn(BATCH, CHANNELS, HEIGHT, WIDTH)]


def get_init_inputs():
    return [CHANNELS]
