#!/usr/bin/env python3
"""Records the torch.profiler (Kineto) trace kept as a reader fixture: three training steps of a small MLP
(forward, backward, SGD step) and one torch.compile'd forward, on the GPU, with CPU ops, CUDA runtime calls
and kernels, NVTX-free. Writes the Chrome trace JSON that torch.profiler exports, unchanged.
  python3 bench/h200/capture_kineto.py OUT.json
"""
import sys

import torch
from torch.profiler import ProfilerActivity, profile, record_function, schedule

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(512, 1024), torch.nn.ReLU(), torch.nn.Linear(1024, 256)).cuda()
opt = torch.optim.SGD(model.parameters(), lr=1e-3)
x = torch.randn(256, 512, device="cuda")
target = torch.randn(256, 256, device="cuda")
compiled = torch.compile(model)
with torch.no_grad():
    compiled(x)  # compile outside the profiled steps
torch.cuda.synchronize()

with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], schedule=schedule(wait=1, warmup=1, active=3),
             record_shapes=True) as prof:
    for step in range(5):
        with record_function("train_step"):
            loss = torch.nn.functional.mse_loss(model(x), target)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
        with torch.no_grad(), record_function("compiled_forward"):
            compiled(x)
        torch.cuda.synchronize()
        prof.step()
prof.export_chrome_trace(sys.argv[1])
