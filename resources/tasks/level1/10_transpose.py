# Level 1: out-of-place transpose of a large matrix, out = x^T as a new contiguous tensor.
# Lesson: coalescing on both sides. A thread per element either reads rows and writes columns or the
# reverse, so one side touches a new 32-byte sector for every element. Stage a 32x32 tile in shared memory
# (padded to 33 columns, so the transposed read hits 32 different banks): each warp then reads a row
# segment and writes a row segment. Nothing is computed; the speed of light is one read and one write.
import torch
import torch.nn as nn

ROWS = 16384
COLS = 32768


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.t().contiguous()


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
