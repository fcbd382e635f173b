# x * scale[c] + shift[c] on an NCHW tensor, returned as a new contiguous NHWC tensor, as one CUDA kernel:
# a tiled (C x H*W) -> (H*W x C) transpose through padded shared memory with the affine applied on the way
# in, so every element is read once and written once, both fully coalesced.
import torch
import torch.nn as nn

import cuda_extension


class ModelNew(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        # Same names and shapes as the reference (scale, shift), so the harness can copy its state_dict in.
        self.scale = nn.Parameter(1.0 + 0.5 * torch.randn(channels))
        self.shift = nn.Parameter(0.5 * torch.randn(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return cuda_extension.channel_affine_nhwc(x.contiguous(), self.scale.contiguous(), self.shift.contiguous())
