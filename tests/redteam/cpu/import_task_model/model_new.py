# Exploit: loads the task file named on the harness's command line and runs its Model inside ModelNew.
import importlib.util
import sys

import torch

import cuda_extension  # noqa: F401


def _task_module():
    path = sys.argv[sys.argv.index("--task") + 1]
    spec = importlib.util.spec_from_file_location("redteam_task_copy", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.inner = _task_module().Model(in_features, out_features)  # seeded alike, so the same weights

    def forward(self, x):
        return self.inner(x)
