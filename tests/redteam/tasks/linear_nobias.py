# Red-team task: y = x W^T with no bias and no activation, so the output is exactly linear in x (256 x 128 -> 256 x 64).
import torch

BATCH, IN_FEATURES, OUT_FEATURES = 256, 128, 64


class Model(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features, bias=False)

    def forward(self, x):
        return self.linear(x)


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
