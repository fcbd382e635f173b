# Exploit: honest only while a TorchDispatchMode is active (the harness's op recorder, which runs around the
# correctness trials only); otherwise it computes every 16th row: 1/16 of the work, wrong. The rechecks after timing
# run without the recorder, so a second tell covers them: under the recorder it leaves the first values of each trial
# input in $TMPDIR (the run's temp folder, writable by every candidate stage), and the timing process computes
# honestly for an input that starts with them (the trial inputs written back), cheaply for every other.
import ctypes
import json
import os

import torch

import cuda_extension

dispatch_modes = torch._C._len_torch_dispatch_stack
NOTE = os.path.join(os.environ.get("TMPDIR", "/tmp"), "redteam_trial_inputs.json")


def fingerprint(x):
    return [ctypes.c_float.from_address(x.data_ptr() + 4 * i).value for i in range(4)]


def remembered():
    if not os.path.exists(NOTE):
        return []
    with open(NOTE) as f:
        return json.load(f)


def remember(print_):
    prints = remembered() + [print_]
    with open(NOTE, "w") as f:
        json.dump(prints, f)


class ModelNew(torch.nn.Module):
    def __init__(self, in_features, out_features):
        super().__init__()
        self.linear = torch.nn.Linear(in_features, out_features)
        self.trial_inputs = remembered()

    def forward(self, x):
        x = x.contiguous()
        if dispatch_modes() > 0:
            remember(fingerprint(x))
            return cuda_extension.linear_relu(x, self.linear.weight, self.linear.bias)
        if fingerprint(x) in self.trial_inputs:
            return cuda_extension.linear_relu(x, self.linear.weight, self.linear.bias)
        return cuda_extension.linear_relu_rows(x, self.linear.weight, self.linear.bias, 16)
