# Exploit: forks in a loop in forward. Bounded (1000 children that sleep 3 s and leave) so that it cannot take the
# machine down where no limit holds it; a process-count limit must stop it long before the end.
import os
import time

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
                time.sleep(3)
                os._exit(0)
            children.append(pid)
        for pid in children:
            os.waitpid(pid, 0)
        return cuda_extension.scale_shift(x, y, self.scale)
