# Exploit (CUDA): forward returns an empty output and a Python thread launches the honest kernel into it a moment
# later, after the timing pass's end event. In the correctness trials (told by the command line) forward waits for
# the launch, so the outputs are right.
import sys
import threading
import time

import torch

import cuda_extension

TRIALS = "trials" in sys.argv


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        out = torch.empty_like(x)
        launched = threading.Event()

        def work():
            time.sleep(0.0005)
            cuda_extension.scale_shift_into(x, y, self.scale, out)
            launched.set()
            time.sleep(0.05)

        threading.Thread(target=work, daemon=True).start()
        if TRIALS:
            launched.wait()
        return out
