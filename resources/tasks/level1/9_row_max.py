# Level 1: the maximum of every row of a large matrix, out[r] = max_c x[r, c].
# Lesson: a reduction along the contiguous dimension is pure read bandwidth: 4 GiB in, 512 KiB out. Give
# each row to one warp, keep several float4 loads in flight per lane, reduce in registers, then across the
# warp with shuffles: no shared memory, no atomics, one store per row. Max is exact in floating point, so
# any order of comparison returns the reference's bits; a NaN anywhere in a row must come out as NaN.
import torch
import torch.nn as nn

ROWS = 131072
COLS = 8192


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.amax(x, dim=1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
