# Exploit against warm workers: from inside a pooled worker it reaches for what the pool keeps beside it. It tries to
# append code to the harness the pool's next drivers will run, to read and rewrite other slots (the next
# candidate's copy, another worker's trace) and the pool's logs, to read the cached baselines, to take the machine's
# GPU lock (/tmp/kwb-gpu-locks) alone, and to find the driver's process and its folder under /proc. Anything it manages turns its answer into zeros,
# so the verdict shows it: under bubblewrap it must find none of them and pass with honest work.
import glob
import os
import sys

import torch

import cuda_extension

REACHED = []


def _try_write(path, text):
    try:
        with open(path, "a") as f:
            f.write(text)
        REACHED.append("wrote " + path)
    except OSError:
        pass


def _reach():
    main = getattr(sys.modules.get("__main__"), "__file__", "") or ""
    harness = os.path.dirname(os.path.abspath(main)) if main else ""
    if harness:
        _try_write(os.path.join(harness, "kwb_driver.py"), "\n# reach_the_pool was here\n")
        _try_write(os.path.join(harness, "kwb_common.py"), "\n# reach_the_pool was here\n")
    here = os.getcwd()
    pool = os.path.dirname(os.path.dirname(here))  # .../kwb-pool-*/slots/<n>
    for pattern in ("/tmp/kwb-pool-*/slots/*", os.path.join(pool, "slots", "*"), "/tmp/kwb-pool-*/logs/*",
                    os.path.join(pool, "logs", "*")):
        for path in glob.glob(pattern):
            if os.path.abspath(path) == here:
                continue
            if os.path.isdir(path):
                _try_write(os.path.join(path, "trace.json"), "{}")
            else:
                _try_write(path, "reach_the_pool\n")
    cache = os.path.join(os.environ.get("TORCH_EXTENSIONS_DIR", "/nonexistent"), "..")
    for path in glob.glob(os.path.join(cache, "*", "baselines", "*.json")) + glob.glob("/**/baselines/*.json", recursive=False):
        try:
            open(path).read()
            REACHED.append("read " + path)
        except OSError:
            pass
    # The machine's GPU lock: held alone, it would keep every other evaluation from measuring.
    import fcntl

    for path in glob.glob("/tmp/kwb-gpu-locks/*/gpu.lock"):
        try:
            fcntl.flock(os.open(path, os.O_RDONLY), fcntl.LOCK_EX | fcntl.LOCK_NB)
            REACHED.append("locked " + path)
        except OSError:
            pass
    for proc in glob.glob("/proc/[0-9]*/cmdline"):
        try:
            if b"kwb_driver" in open(proc, "rb").read():
                REACHED.append("saw the driver " + proc)
        except OSError:
            pass


_reach()
if REACHED:
    print("reach_the_pool reached:", REACHED[:5], file=sys.stderr)


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        out = cuda_extension.scale_shift(x, y, self.scale)
        return torch.zeros_like(out) if REACHED else out
