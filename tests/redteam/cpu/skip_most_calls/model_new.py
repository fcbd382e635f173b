# Exploit: computes in one call of every four and returns the output it remembers in the other three, so the
# median call is a copy. Run with 80 or more timed calls, where the judge compares a secret 24 of the calls not
# kept in full rather than every one: it must still find the copies.
import torch

import cuda_extension


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale
        self.calls = 0
        self.remembered = None

    def forward(self, x, y):
        self.calls += 1
        if self.remembered is not None and self.calls % 4:
            return self.remembered.clone()
        self.remembered = cuda_extension.scale_shift(x, y, self.scale)
        return self.remembered
