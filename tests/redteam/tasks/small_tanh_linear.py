# Red-team task: 1e-3 * tanh(x W^T) (256 x 64 -> 256 x 32), an output legitimately small in magnitude: every value
# lies within 1e-3 of zero, below atol = 1e-2, so a check for degenerate tasks must not mistake small for constant.
import torch

BATCH, IN_FEATURES, OUT_FEATURES = 256, 64, 32
SCALE = 1e-3


class Model(torch.nn.Module):
    def __init__(self, in_features, out_features, scale):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features, bias=False)
        self.scale = scale

    def forward(self, x):
        return self.scale * torch.tanh(self.linear(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES, SCALE]
