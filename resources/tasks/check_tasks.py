#!/usr/bin/env python3
"""Check the workbench's task files (resources/tasks/level*/N_name.py) against the task-format rules.

For every task file this script:
  * imports it by path (importlib) and checks the contract: class Model(nn.Module), get_inputs(),
    get_init_inputs(), module-level int size constants, a leading comment, the file name pattern;
  * seeds, builds Model(*get_init_inputs()).eval() (twice, to check that construction is
    deterministic given the seed), generates inputs and runs one forward under torch.no_grad(),
    timing it on the CPU;
  * checks the output: float32, finite, contiguous, clearly non-zero spread, not all-zero and not
    constant at the loose tolerance (atol = rtol = 1e-2), and different for a second seed;
  * checks that forward draws no random numbers (the CPU generator state is unchanged by it);
  * counts FLOPs and bytes of every aten op run by the forward (a TorchDispatchMode) and turns them
    into a rough eager-time estimate for an H200 with a per-op roofline.

Usage: check_tasks.py [--markdown] [--json FILE] [TASK_FILE_OR_DIR ...]
With no paths it checks every task under the directory that holds this script.
Exit status: 0 if every task passes, 1 if any rule is violated, 2 on bad usage.

The H200 estimate is a model, not a measurement: each op costs
max(FLOPs / peak, bytes / bandwidth) + launch, with bytes = tensors read + written once.
Eager kernels that read their input more than once (long-row softmax, norms) take longer, and
a tuned cuDNN/cuBLAS call may beat the assumed rates; treat it as +-50 %.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import json
import math
import re
import sys
import time
from pathlib import Path

import torch
import torch.nn as nn
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten
from torch.utils.flop_counter import flop_registry

SEED_A = 1234
SEED_B = 4321
LOOSE_TOL = 1e-2              # CUDA Agent's verification tolerance (atol = rtol)
MIN_STD = 1e-3                # output spread must be clearly above fp32 noise and tolerances
MAX_IO_BYTES = 8 * 2**30      # inputs + outputs on the GPU
MIN_EST_MS = 0.8              # "at least about 1 ms" of eager time on an H200 (estimate)
MAX_EST_MS = 100.0            # CUDA Agent's data filter keeps tasks of 1-100 ms
MAX_CPU_S = 60.0              # one forward must finish on a small CPU machine
SAMPLE = 1 << 22              # elements kept from each output for seed comparison

# Rough H200 rates used by the estimate (fp32; PyTorch defaults: matmul without TF32, cuDNN with TF32).
GEMM_FLOPS = 50e12            # fp32 SGEMM, ~75 % of the 67 TFLOP/s fp32 peak
CONV_FLOPS = 200e12           # cuDNN convolutions in TF32 (allow_tf32 defaults to True for cuDNN)
BANDWIDTH = 3.6e12            # achievable HBM3e bandwidth for eager elementwise kernels, bytes/s
LAUNCH_S = 4e-6               # per-kernel launch + tail

NAME_RE = re.compile(r"^\d+_[a-z0-9_]+\.py$")
NO_KERNEL_OPS = {"empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "detach",
                 "lift_fresh", "_unsafe_view", "alias", "view", "_reshape_alias", "as_strided"}


def _tensor_bytes(t: torch.Tensor) -> int:
    """Bytes a kernel touches for t: its elements, capped by its storage (expanded views are small)."""
    n = t.numel() * t.element_size()
    try:
        n = min(n, t.untyped_storage().nbytes())
    except Exception:
        pass
    return n


class EagerCostMode(TorchDispatchMode):
    """Counts per-aten-op FLOPs and bytes and sums a roofline time estimate."""

    def __init__(self):
        super().__init__()
        self.flops = 0
        self.bytes = 0
        self.est_s = 0.0
        self.kernels = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        name = func.overloadpacket.__name__
        returns = func._schema.returns
        is_view = any(r.alias_info is not None and not r.alias_info.is_write for r in returns)
        if is_view or name in NO_KERNEL_OPS:
            return out
        flops = 0
        if func.overloadpacket in flop_registry:
            flops = int(flop_registry[func.overloadpacket](*args, **kwargs, out_val=out))
        tensors = [t for t in tree_flatten((args, kwargs))[0] if isinstance(t, torch.Tensor)]
        tensors += [t for t in tree_flatten(out)[0] if isinstance(t, torch.Tensor)]
        nbytes = sum(_tensor_bytes(t) for t in tensors)
        rate = CONV_FLOPS if "conv" in name else GEMM_FLOPS
        self.flops += flops
        self.bytes += nbytes
        self.est_s += max(flops / rate, nbytes / BANDWIDTH) + LAUNCH_S
        self.kernels += 1
        return out


def _load(path: Path):
    name = "kwb_task_" + re.sub(r"\W", "_", str(path.resolve()))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _outputs(out):
    return [t for t in tree_flatten(out)[0] if isinstance(t, torch.Tensor)]


def _sample(t: torch.Tensor) -> torch.Tensor:
    flat = t.reshape(-1)
    step = max(1, flat.numel() // SAMPLE)
    return flat[::step][:SAMPLE].clone()


def _shape(ts) -> str:
    return " ".join("x".join(str(d) for d in t.shape) or "scalar" for t in ts)


def check_task(path: Path) -> dict:
    r = {"task": f"{path.parent.name}/{path.name}", "errors": []}
    err = r["errors"].append
    if not NAME_RE.match(path.name):
        err("file name is not <number>_<snake_name>.py")
    first = path.read_text().lstrip("\ufeff").splitlines()[:1]
    if not first or not first[0].startswith("#"):
        err("file does not start with a comment saying what the task computes")

    mod = _load(path)
    for attr in ("Model", "get_inputs", "get_init_inputs"):
        if not hasattr(mod, attr):
            err(f"missing {attr}")
    if r["errors"] and not hasattr(mod, "Model"):
        return r
    if not (isinstance(mod.Model, type) and issubclass(mod.Model, nn.Module)):
        err("Model is not an nn.Module subclass")
        return r
    consts = [k for k, v in vars(mod).items()
              if not k.startswith("_") and type(v) is int]
    if not consts:
        err("no module-level int size constants")

    init_args = list(mod.get_init_inputs())
    r["init_args"] = init_args

    # Construction must be deterministic given the seed.
    torch.manual_seed(SEED_A)
    model = mod.Model(*init_args).eval()
    torch.manual_seed(SEED_A)
    twin = mod.Model(*init_args).eval()
    sd_a, sd_b = model.state_dict(), twin.state_dict()
    if sd_a.keys() != sd_b.keys() or any(not torch.equal(sd_a[k], sd_b[k]) for k in sd_a):
        err("Model construction is not deterministic given torch.manual_seed")
    del twin, sd_b
    if any(isinstance(m, nn.modules.dropout._DropoutNd) and m.p > 0 for m in model.modules()):
        err("model contains dropout")
    bad = [k for k, v in sd_a.items() if v.is_floating_point() and v.dtype != torch.float32]
    if bad:
        err(f"non-float32 parameters/buffers: {bad[:3]}")
    r["params"] = sum(p.numel() for p in model.parameters())
    del sd_a

    def make_inputs(seed):
        torch.manual_seed(seed)
        t0 = time.perf_counter()
        inputs = list(mod.get_inputs())
        return inputs, time.perf_counter() - t0

    # Seed A: timed forward (no instrumentation).
    inputs, r["cpu_inputs_s"] = make_inputs(SEED_A)
    for i, x in enumerate(inputs):
        if not isinstance(x, torch.Tensor):
            err(f"input {i} is not a tensor")
        elif x.device.type != "cpu":
            err(f"input {i} is not created on the CPU")
        elif x.is_floating_point() and x.dtype != torch.float32:
            err(f"input {i} is {x.dtype}, not float32")
    tin = [x for x in inputs if isinstance(x, torch.Tensor)]
    r["in_shapes"] = _shape(tin)
    in_bytes = sum(x.numel() * x.element_size() for x in tin)

    rng = torch.get_rng_state()
    with torch.no_grad():
        t0 = time.perf_counter()
        out = model(*inputs)
        r["cpu_forward_s"] = time.perf_counter() - t0
    if not torch.equal(rng, torch.get_rng_state()):
        err("forward draws random numbers (CPU generator state changed)")
    outs = _outputs(out)
    if not outs:
        err("forward returned no tensor")
        return r
    r["out_shapes"] = _shape(outs)
    n_outs = len(outs)
    r["io_bytes"] = in_bytes + sum(t.numel() * t.element_size() for t in outs)
    if r["io_bytes"] > MAX_IO_BYTES:
        err(f"inputs + outputs are {r['io_bytes'] / 2**30:.2f} GiB > 8 GiB")
    if r["cpu_forward_s"] > MAX_CPU_S:
        err(f"CPU forward took {r['cpu_forward_s']:.1f} s > {MAX_CPU_S:.0f} s")

    samples_a, stds, inform = [], [], []
    for j, t in enumerate(outs):
        if t.dtype != torch.float32:
            err(f"output {j} is {t.dtype}, not float32")
            continue
        if not t.is_contiguous():
            err(f"output {j} is not contiguous")
        lo, hi = torch.aminmax(t)
        lo, hi = lo.item(), hi.item()
        if not (math.isfinite(lo) and math.isfinite(hi)):
            err(f"output {j} has non-finite values")
            continue
        mean = t.mean(dtype=torch.float64).item()
        std = t.std().item()
        stds.append(std)
        if not std > MIN_STD:
            err(f"output {j} std {std:.3g} is not clearly non-zero (> {MIN_STD})")
        # allclose(out, 0) passes iff max |out| <= atol; allclose(out, mean) iff all within tol of it.
        if max(abs(lo), abs(hi)) <= LOOSE_TOL:
            err(f"output {j} is all within {LOOSE_TOL} of zero: a zero kernel would pass")
        tol = LOOSE_TOL + LOOSE_TOL * abs(mean)
        if lo >= mean - tol and hi <= mean + tol:
            err(f"output {j} is constant within tolerance: a fill kernel would pass")
        s = _sample(t)
        samples_a.append(s)
        # Fraction of elements where a constant (the mean) answer would fail the loose check.
        inform.append(((s - mean).abs() > tol).double().mean().item())
    r["out_std"] = stds
    r["informative"] = inform
    del inputs, tin, out, outs
    gc.collect()

    # Seed B: instrumented forward (op costs), then compare with seed A.
    inputs, _ = make_inputs(SEED_B)
    mode = EagerCostMode()
    with torch.no_grad(), mode:
        out = model(*inputs)
    outs = _outputs(out)
    r["gflop"] = mode.flops / 1e9
    r["eager_gb"] = mode.bytes / 1e9
    r["kernels"] = mode.kernels
    r["est_h200_ms"] = mode.est_s * 1e3
    if r["est_h200_ms"] < MIN_EST_MS:
        err(f"estimated H200 eager time {r['est_h200_ms']:.2f} ms < {MIN_EST_MS} ms")
    if r["est_h200_ms"] > MAX_EST_MS:
        err(f"estimated H200 eager time {r['est_h200_ms']:.1f} ms > {MAX_EST_MS} ms")
    diff = []
    if len(outs) != n_outs:
        err("second seed returned a different number of outputs")
    for j, (sa, t) in enumerate(zip(samples_a, outs)):
        sb = _sample(t)
        if sb.shape != sa.shape:
            err(f"output {j} changes shape with the seed")
            continue
        differs = ~torch.isclose(sa, sb, atol=LOOSE_TOL, rtol=LOOSE_TOL)
        diff.append(differs.double().mean().item())
        if not differs.any():
            err(f"output {j} does not change between seeds {SEED_A} and {SEED_B} at tol {LOOSE_TOL}")
    r["seed_diff"] = diff
    del inputs, out, outs, model
    gc.collect()
    return r


def _fmt_bytes(n: int) -> str:
    return f"{n / 2**30:.2f} GiB" if n >= 2**30 else f"{n / 2**20:.0f} MiB"


def _print_row(r: dict) -> None:
    if "cpu_forward_s" not in r:
        print(f"{r['task']}: FAILED before running: {'; '.join(r['errors'])}")
        return
    status = "ok" if not r["errors"] else "FAIL"
    print(f"{r['task']}  [{status}]")
    print(f"  in {r['in_shapes']} -> out {r['out_shapes']}; params {r.get('params', 0):,}; "
          f"in+out {_fmt_bytes(r['io_bytes'])}")
    stds = ", ".join(f"{s:.4g}" for s in r.get("out_std", []))
    inf = ", ".join(f"{x:.3f}" for x in r.get("informative", []))
    sd = ", ".join(f"{x:.3f}" for x in r.get("seed_diff", []))
    seeds_ok = bool(r.get("seed_diff")) and all(x > 0 for x in r["seed_diff"])
    print(f"  out std {stds}; informative fraction {inf}; seeds differ: {'yes' if seeds_ok else 'NO'} "
          f"(fraction {sd})")
    if "est_h200_ms" in r:
        print(f"  eager: {r['kernels']} kernels, {r['gflop']:.1f} GFLOP, {r['eager_gb']:.2f} GB moved, "
              f"est. H200 {r['est_h200_ms']:.2f} ms")
    print(f"  CPU: get_inputs {r['cpu_inputs_s']:.2f} s, forward {r['cpu_forward_s']:.2f} s "
          f"({torch.get_num_threads()} threads)")
    for e in r["errors"]:
        print(f"  ERROR: {e}")


def _markdown(results) -> None:
    print("| task | inputs -> output | params | in+out | GFLOP | eager GB | est. H200 ms "
          "| out std | seeds differ | CPU inputs s | CPU forward s | ok |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        if "cpu_forward_s" not in r:
            print(f"| {r['task']} | – | – | – | – | – | – | – | – | – | – | no |")
            continue
        print(f"| {r['task']} | {r['in_shapes']} -> {r['out_shapes']} | {r.get('params', 0):,} "
              f"| {_fmt_bytes(r['io_bytes'])} | {r.get('gflop', 0):.1f} | {r.get('eager_gb', 0):.2f} "
              f"| {r.get('est_h200_ms', 0):.2f} | {', '.join(f'{s:.3g}' for s in r.get('out_std', []))} "
              f"| {', '.join(f'{x:.2f}' for x in r.get('seed_diff', []))} | {r['cpu_inputs_s']:.2f} "
              f"| {r['cpu_forward_s']:.2f} | {'yes' if not r['errors'] else 'no'} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("paths", nargs="*", type=Path)
    ap.add_argument("--markdown", action="store_true", help="also print a markdown table")
    ap.add_argument("--json", type=Path, help="write the results as JSON to this file")
    args = ap.parse_args(argv)

    roots = args.paths or [Path(__file__).resolve().parent]
    files = []
    for p in roots:
        if p.is_dir():
            files += sorted(p.glob("level*/*.py") if not p.name.startswith("level") else p.glob("*.py"),
                            key=lambda f: (f.parent.name, int(f.name.split("_")[0]) if f.name[0].isdigit() else 0))
        elif p.is_file():
            files.append(p)
        else:
            print(f"no such task file or directory: {p}", file=sys.stderr)
            return 2
    files = [f for f in files if f.name != Path(__file__).name]
    if not files:
        print("no task files found", file=sys.stderr)
        return 2

    print(f"torch {torch.__version__}, {torch.get_num_threads()} CPU threads, {len(files)} tasks, "
          f"seeds {SEED_A}/{SEED_B}")
    results = []
    t_all = time.perf_counter()
    for f in files:
        try:
            r = check_task(f)
        except Exception as e:  # a broken task is a failed task, not a crashed checker
            r = {"task": f"{f.parent.name}/{f.name}", "errors": [f"{type(e).__name__}: {e}"]}
        results.append(r)
        _print_row(r)
        sys.stdout.flush()
        gc.collect()
    failed = [r["task"] for r in results if r["errors"]]
    print(f"\n{len(results) - len(failed)}/{len(results)} tasks pass "
          f"({time.perf_counter() - t_all:.0f} s total)" + (f"; failing: {', '.join(failed)}" if failed else ""))
    if args.markdown:
        print()
        _markdown(results)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1, default=str))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
