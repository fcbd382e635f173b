# Red-team task: an elementwise chain, relu(x * scale + y) - 0.25 * y, on 32768 elements.
import torch

N = 32768


class Model(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return torch.relu(x * self.scale + y) - 0.25 * y


def get_inputs():
    return [torch.randn(N), torch.randn(N)]


def get_init_inputs():
    return [1.5]
