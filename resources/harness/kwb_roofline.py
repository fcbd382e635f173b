"""How close to the hardware: the least work a task needs (its floor) and what the machine can do (its ceilings).

Imported by kwb_harness.py for the `floor` and `calibrate` stages and by the reference stage.
"""

import os
import statistics
import subprocess
import time
from datetime import datetime, timezone


# ---------------------------------------------------------------- floor

def _tensors(torch, value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _tensors(torch, v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _tensors(torch, v)]
    return []


def _nbytes(tensors):
    # A tensor counts once however often it is passed (the same storage is read once).
    seen, total = set(), 0
    for t in tensors:
        key = (t.untyped_storage().data_ptr(), t.data_ptr(), tuple(t.shape)) if t.device.type != "meta" else id(t)
        if key not in seen:
            seen.add(key)
            total += t.numel() * t.element_size()
    return total


def task_floor(torch, task, init_seed, device="meta", keep_output=None):
    """Bytes: inputs read once + outputs written once + parameters (and floating-point buffers) read once.
    FLOPs: torch.utils.flop_counter.FlopCounterMode on one forward of the reference (matrix products,
    convolutions, attention; it counts elementwise work as 0). On the meta device nothing is computed or allocated;
    a task that cannot run there is counted on `fallback_device` by the caller."""
    from torch.utils.flop_counter import FlopCounterMode

    torch.manual_seed(init_seed)
    with torch.device(device):
        model = task.Model(*task.get_init_inputs())
        inputs = task.get_inputs()
    from kwb_common import set_mode

    model = set_mode(model.to(device), task)
    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]
    parameters = list(model.parameters()) + [b for b in model.buffers() if b.is_floating_point()]
    counter = FlopCounterMode(display=False)
    with torch.no_grad(), counter:
        output = model(*inputs)
    if keep_output is not None:  # the caller's list gets the output (on the meta device: its shapes and types)
        keep_output.append(output)
    by_op = {str(op).replace("aten.", ""): int(n) for op, n in counter.get_flop_counts().get("Global", {}).items()}
    return {"input_bytes": _nbytes(_tensors(torch, inputs)), "output_bytes": _nbytes(_tensors(torch, output)),
            "parameter_bytes": _nbytes(parameters), "flops": int(counter.get_total_flops()), "flops_by_op": by_op,
            "counted_on": device}


# ---------------------------------------------------------------- calibrate

def _nvidia_smi(fields):
    try:
        line = subprocess.run(["nvidia-smi", "--query-gpu=" + ",".join(fields), "--format=csv,noheader,nounits"],
                              capture_output=True, text=True, timeout=30).stdout.split("\n")[0]
    except (OSError, subprocess.SubprocessError):
        return {}
    values = [v.strip() for v in line.split(",")]
    return dict(zip(fields, values)) if len(values) == len(fields) else {}


def _cpu_caches():
    caches = {}
    base = "/sys/devices/system/cpu/cpu0/cache"
    for entry in sorted(os.listdir(base)) if os.path.isdir(base) else []:
        try:
            with open(os.path.join(base, entry, "level")) as f:
                level = f.read().strip()
            with open(os.path.join(base, entry, "type")) as f:
                kind = f.read().strip()
            with open(os.path.join(base, entry, "size")) as f:
                size = f.read().strip()
        except OSError:
            continue
        if kind in ("Unified", "Data"):
            number = int(size.rstrip("KMG"))
            caches["l%s_bytes" % level] = number << {"K": 10, "M": 20, "G": 30}.get(size[-1], 0)
    return caches


def _cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


def _timed(torch, device, fn, iterations):
    if device == "cuda":
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iterations):
            fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end) / 1e3
    begin = time.perf_counter()
    for _ in range(iterations):
        fn()
    return time.perf_counter() - begin


def _measure(torch, device, fn, work, iterations, rounds, round_seconds):
    """Work per second of each of `rounds` rounds. A warm-up round first (clocks, caches, cuBLAS's heuristics);
    it also sizes the rounds to at least `round_seconds` each, so that short operations are not timed in bursts
    the clocks have not settled for."""
    warmup = _timed(torch, device, fn, iterations)
    iterations = max(iterations, int(round_seconds * iterations / warmup) + 1)
    rates = [work * iterations / _timed(torch, device, fn, iterations) for _ in range(rounds)]
    median = statistics.median(rates)
    return {"value": median, "rounds": rates, "iterations": iterations, "spread": (max(rates) - min(rates)) / median}


def calibrate(torch, device, rounds):
    """Measures the copy bandwidth and the matrix rates once; clocks are read as found, never set."""
    out = {"device": device, "rounds": rounds, "calibrated_at": datetime.now(timezone.utc).isoformat(timespec="seconds"),
           "measurements": {}}
    m = out["measurements"]
    if device == "cuda":
        p = torch.cuda.get_device_properties(0)
        clock_fields = ["clocks.sm", "clocks.max.sm", "clocks.mem", "clocks.max.mem", "power.limit", "temperature.gpu"]
        out["properties"] = {"name": p.name, "sm_count": p.multi_processor_count, "l2_bytes": p.L2_cache_size,
                             "memory_bytes": p.total_memory, "compute_capability": "%d.%d" % (p.major, p.minor),
                             "clocks_before": _nvidia_smi(clock_fields)}
        copy_bytes = 1 << 30
        gemm = {"fp32": (torch.float32, False, 8192), "tf32": (torch.float32, True, 8192),
                "bf16": (torch.bfloat16, False, 8192), "fp16": (torch.float16, False, 8192)}
        copy_iterations, gemm_iterations, round_seconds = 20, 10, 0.25
    else:
        out["properties"] = {"name": _cpu_model(), "cores": os.cpu_count(), "torch_threads": torch.get_num_threads(),
                             **_cpu_caches()}
        copy_bytes = 256 << 20
        gemm = {"fp32": (torch.float32, False, 2048)}
        copy_iterations, gemm_iterations, round_seconds = 4, 2, 0.1
    src = torch.empty(copy_bytes // 4, dtype=torch.float32, device=device).uniform_()
    dst = torch.empty_like(src)
    # A copy reads and writes every byte: bandwidth counts both, as the roofline's floor does.
    m["bandwidth"] = dict(_measure(torch, device, lambda: dst.copy_(src), 2 * copy_bytes, copy_iterations, rounds,
                                   round_seconds),
                          unit="bytes/s", method="device-to-device copy of %d MiB" % (copy_bytes >> 20))
    del src, dst
    tf32_before = torch.backends.cuda.matmul.allow_tf32
    for name, (dtype, tf32, n) in gemm.items():
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(n, n, device=device).to(dtype)
        b = torch.randn(n, n, device=device).to(dtype)
        c = torch.empty(n, n, device=device, dtype=dtype)
        m[name] = dict(_measure(torch, device, lambda: torch.mm(a, b, out=c), 2 * n ** 3, gemm_iterations, rounds,
                                round_seconds),
                       unit="FLOP/s", method="%s %d x %d x %d matrix product (%s)" % (
                           name, n, n, n, "cuBLAS" if device == "cuda" else "torch.mm on the CPU"))
        del a, b, c
    torch.backends.cuda.matmul.allow_tf32 = tf32_before
    if device == "cuda":
        out["properties"]["clocks_after"] = _nvidia_smi(["clocks.sm", "clocks.mem", "temperature.gpu"])
    out["ceilings"] = {"bandwidth_bytes_per_s": m["bandwidth"]["value"],
                       "matrix_flops_per_s": {k: m[k]["value"] for k in gemm}, "calibrated_at": out["calibrated_at"]}
    return out
