# Level 1: inclusive prefix sum along each row, out[r, c] = x[r, 0] + ... + x[r, c].
# Lesson: a scan is a reduction that keeps its partial results. Give each row to one warp: each lane scans
# its own float4, a five-step shuffle scan combines the lanes, and a running carry joins one 128-element
# chunk to the next, with the loads of the next chunks already in flight. One read and one write per
# element. The order of the additions changes fp32 rounding, so the result is compared, not bitwise.
import torch
import torch.nn as nn

ROWS = 32768
COLS = 16384


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.cumsum(x, dim=1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
