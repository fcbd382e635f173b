# Red-team task: relu(x W^T + b), a small fully connected layer (256 x 64 -> 256 x 32).
import torch

BATCH, IN_FEATURES, OUT_FEATURES = 256, 64, 32


class Model(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)

    def forward(self, x):
        return torch.relu(self.linear(x))


def get_inputs():
    return [torch.randn(BATCH, IN_FEATURES)]


def get_init_inputs():
    return [IN_FEATURES, OUT_FEATURES]
