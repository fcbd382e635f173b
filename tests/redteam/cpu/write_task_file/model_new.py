# Exploit: appends to the task file a Model whose forward returns zeros and returns zeros itself, for a pipeline
# that runs the reference after the candidate (or caches the task). The path comes from sys.modules or argv.
import sys

import torch

import cuda_extension

POISON = """

# appended by a red-team candidate
_RedteamModel = Model


class Model(_RedteamModel):
    def forward(self, *args):
        return torch.zeros_like(super().forward(*args))
"""


def _task_path():
    module = sys.modules.get("kwb_task")
    if module is not None and getattr(module, "__file__", None):
        return module.__file__
    return sys.argv[sys.argv.index("--task") + 1]


try:
    with open(_task_path(), "a") as f:
        f.write(POISON)
except (OSError, ValueError):
    pass


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        out = cuda_extension.scale_shift(x, y, self.scale)
        return torch.zeros_like(out)
