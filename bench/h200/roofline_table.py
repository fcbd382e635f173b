#!/usr/bin/env python3
"""Markdown table for bench/README.md: eager, torch.compile and the hand-written candidate of every shipped task
as a fraction of its roofline on the H200.

  .venv/bin/python bench/h200/roofline_table.py

Floors are counted here (kwb_roofline.task_floor on the meta device: nothing runs); the medians come from
bench/h200/results/*.json, the ceilings from bench/h200/roofline/calibration.json (same machine and software)."""
import glob
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "resources", "harness"))
import kwb_roofline  # noqa: E402
import torch  # noqa: E402

calibration = json.load(open(os.path.join(HERE, "roofline", "calibration.json")))
bandwidth = calibration["ceilings"]["bandwidth_bytes_per_s"]
rates = calibration["ceilings"]["matrix_flops_per_s"]
print("Ceilings (%s, %s): copy %.3f TB/s; fp32 %.1f, tf32 %.1f, bf16 %.1f, fp16 %.1f TFLOP/s.\n" % (
    calibration["fingerprint"]["gpu_name"], calibration["calibrated_at"], bandwidth / 1e12,
    rates["fp32"] / 1e12, rates["tf32"] / 1e12, rates["bf16"] / 1e12, rates["fp16"] / 1e12))
print("| task | floor GB | floor GFLOP | bound by | roofline ms | eager | torch.compile | candidate |")
print("|---|---|---|---|---|---|---|---|")
for path in sorted(glob.glob(os.path.join(HERE, "results", "*.json"))):
    name = os.path.basename(path)[:-5]
    level, task_name = name.split("_", 1)
    task_file = os.path.join(ROOT, "resources", "tasks", level, task_name + ".py")
    spec = importlib.util.spec_from_file_location("task_" + name, task_file)
    task = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(task)
    floor = kwb_roofline.task_floor(torch, task, 42)
    r = json.load(open(path))
    rate = rates["tf32"] if r["fingerprint"].get("tf32_policy") == "tf32" else rates["fp32"]
    nbytes = floor["input_bytes"] + floor["output_bytes"] + floor["parameter_bytes"]
    memory_s, compute_s = nbytes / bandwidth, floor["flops"] / rate
    bound = max(memory_s, compute_s)
    t = r.get("timing", {})

    def share(key):
        if key not in t:
            return "–"
        return "%.0f %%" % (100 * bound / (t[key]["median_us"] * 1e-6))

    candidate = share("candidate") if r["verify"]["status"] == "passed" else "–"
    print("| %s | %.3f | %.1f | %s | %.3f | %s | %s | %s |" % (
        name, nbytes / 1e9, floor["flops"] / 1e9, "compute" if compute_s > memory_s else "memory", bound * 1e3,
        share("eager"), share("compiled"), candidate))
