# Level 1: symmetrise a batch of square matrices: out = (X + X^T) / 2.
# Lesson: a transpose-shaped memory-bound op. Eager PyTorch reads X^T with a column stride (uncoalesced)
# and makes two passes (add, then scale). Stage tiles through shared memory (pad a column to avoid bank
# conflicts) so both the read and the write are coalesced; better still, let one block load the tile
# pair (i, j) and (j, i) and write both output tiles, so X is read exactly once.
import torch
import torch.nn as nn

BATCH = 32
SIZE = 4096


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return 0.5 * (x + x.transpose(-2, -1))


def get_inputs():
    return [torch.randn(BATCH, SIZE, SIZE)]


def get_init_inputs():
    return []
