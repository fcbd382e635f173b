#!/usr/bin/env python3
"""A small torch workload for running under libkwb_tracer.so by hand:
  CUDA_INJECTION64_PATH=.../libkwb_tracer.so NVTX_INJECTION64_PATH=.../libkwb_tracer.so KWB_TRACE_OUT=t.json \\
  KWB_TRACE_DEBUG=1 python3 tests/gpu/trace_smoke.py [--nvtx] [--finish]"""
import ctypes
import os
import sys

import torch

x = torch.ones(1 << 20, device="cuda")  # CUDA first, then NVTX
if "--nvtx" in sys.argv:
    torch.cuda.nvtx.range_push("smoke")
y = (x * 2 + 1).sum()
z = y.cpu()
torch.cuda.synchronize()
if "--nvtx" in sys.argv:
    torch.cuda.nvtx.range_pop()
if "--finish" in sys.argv:
    ctypes.CDLL(os.environ["CUDA_INJECTION64_PATH"]).kwb_trace_finish()
print("workload done", float(z))
