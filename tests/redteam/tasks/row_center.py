# Red-team task: row centering, y = x - mean(x, -1). The inputs sit near 1000, where float16 has a spacing of 0.5,
# so a kernel that rounds its inputs to half precision misses atol = rtol = 1e-2 by far.
import torch

ROWS, COLS = 128, 512


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return x - x.mean(-1, keepdim=True)


def get_inputs():
    return [1000.0 + torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
