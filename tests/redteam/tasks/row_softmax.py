# Red-team task: softmax over the last dimension of standard-normal logits (128 x 512). On such logits exp() never
# overflows, so a kernel that skips the max subtraction is right here and wrong on large logits.
import torch

ROWS, COLS = 128, 512


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.softmax(x, dim=-1)


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
