# Level 1: softmax over the last dimension of a large 2-D tensor of logits.
# Lesson: a row of 4096 floats (16 KiB) fits in one block's registers or shared memory, so a fused
# kernel can read each element from HBM once and write it once (max, sum of exp and normalise done on
# the resident row, or an online softmax in one sweep). It is memory bound: count bytes, not FLOPs.
# The logits are scaled so that every row has a few large probabilities; most outputs are still tiny,
# so a verifier with only an absolute tolerance checks little beyond those peaks.
import torch
import torch.nn as nn

ROWS = 131072
COLS = 4096
LOGIT_SCALE = 4.0  # std of the logits; sharpens each row so its top entries are far above tolerance


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.softmax(x, dim=-1)


def get_inputs():
    x = torch.randn(ROWS, COLS)
    x.mul_(LOGIT_SCALE)
    return [x]


def get_init_inputs():
    return []
