#!/usr/bin/env python3
"""Evaluation harness of Kernel Workbench: one stage per process, started by kwb-runner.

  compile    build a workspace's C++/CUDA sources into the `cuda_extension` module
  reference  run the task's Model on seeded inputs, save its outputs and weights, time eager and torch.compile
  candidate  run ModelNew: correctness trials (outputs saved for the judge), the timing pass, the trace pass, or
             one call for Nsight Compute (profile)
  floor      count the least work a task needs: bytes in, out and of parameters, and FLOPs (kwb_roofline.py)
  calibrate  measure the machine's copy bandwidth and matrix rates (kwb_roofline.py)

Each stage writes <out>/<stage>.json and tensors as torch.save files (CPU tensors). The judge that compares
them runs in kwb-runner, outside this process, so a candidate can neither see nor patch the comparison.
"""

import argparse
import collections
import contextlib
import glob
import hashlib
import importlib.util
import json
import math
import os
import statistics
import sys
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kwb_gpulock  # noqa: E402  (beside this file)
import kwb_guard  # noqa: E402
import kwb_lint  # noqa: E402
import kwb_roofline  # noqa: E402


def write_json(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1, allow_nan=False, default=str)
    os.replace(tmp, path)


def fail(out_dir, stage, reason, **extra):
    """Ends the stage with a one-sentence reason; kwb-runner turns it into a failed stage."""
    data = {"stage": stage, "ok": False, "reason": reason}
    data.update(extra)
    write_json(os.path.join(out_dir, stage + ".json"), data)
    print("kwb-harness: " + reason, file=sys.stderr)
    sys.exit(3)


def first_line(error):
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def import_file(path, module_name):
    spec = importlib.util.spec_from_file_location(module_name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    return module


def set_precision(torch, policy):
    # The same policy for reference and candidate; "fp32" keeps TF32 off so fp32 baselines are true fp32.
    tf32 = policy == "tf32"
    torch.backends.cuda.matmul.allow_tf32 = tf32
    torch.backends.cudnn.allow_tf32 = tf32
    torch.set_float32_matmul_precision("high" if tf32 else "highest")


def precision_state(torch):
    return {"matmul_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
            "cudnn_tf32": bool(torch.backends.cudnn.allow_tf32)}


def make_inputs(torch, task, seed, device):
    # Factory calls inside get_inputs() create tensors on the device directly: large inputs never cross the bus.
    torch.manual_seed(seed)
    with torch.device(device):
        inputs = task.get_inputs()
    return [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]


def to_cpu(torch, value):
    if isinstance(value, torch.Tensor):
        return value.detach().to("cpu", copy=True)
    if isinstance(value, (list, tuple)):
        return [to_cpu(torch, v) for v in value]
    if isinstance(value, dict):
        return {k: to_cpu(torch, v) for k, v in value.items()}
    return value


def sync(torch, device):
    if device == "cuda":
        torch.cuda.synchronize()


class Flusher:
    """Writes at least twice the last-level cache before each timed call, so every call starts cold."""

    def __init__(self, torch, device):
        if device == "cuda":
            l2 = torch.cuda.get_device_properties(0).L2_cache_size
            self.bytes = max(2 * l2, 256 << 20)
        else:
            self.bytes = 64 << 20
        self.buffer = torch.empty(self.bytes // 4, dtype=torch.float32, device=device)

    def __call__(self):
        self.buffer.zero_()


Clocks = collections.namedtuple("Clocks", "perf_ns event record elapsed stream")


def take_clocks(torch):
    """The timing primitives, taken before any candidate code runs and then used only through this tuple, which
    cannot be changed in place: rebinding time.perf_counter_ns, torch.cuda.Event or the harness's own names
    afterwards changes nothing that is measured. The CUDA event methods are those of the immutable C type."""
    import types

    perf_ns = time.perf_counter_ns
    if type(perf_ns) is not types.BuiltinFunctionType or perf_ns.__name__ != "perf_counter_ns":
        raise RuntimeError("time.perf_counter_ns is not the interpreter's own clock")
    if not torch.cuda.is_available():
        return Clocks(perf_ns, None, None, None, None)
    base = torch._C._CudaEventBase
    # The C type's record takes the stream explicitly (torch.cuda.Event.record fills in the current one).
    return Clocks(perf_ns, torch.cuda.Event, base.record, base.elapsed_time, torch.cuda.current_stream)


def refresh_inputs(torch, live, source, k):
    """Writes an input set into the timed buffers in place, floating tensors scaled by a factor just above 1 that
    differs from call to call: every call does the same work, but no two calls see the same values, so an output
    cached by input address, version counter or content does not answer a later call."""
    for dst, src in zip(live, source):
        if not isinstance(dst, torch.Tensor):
            continue
        if dst.is_floating_point():
            eps = torch.finfo(dst.dtype).eps
            torch.mul(src, 1.0 + ((k % 1024) + 1) * 2 * eps, out=dst)
        else:
            dst.copy_(src)


GPU = kwb_gpulock.GpuTurns(None)  # main() gives the GPU stages the runner's lock folder


def time_calls(torch, fn, input_sets, device, protocol, clocks, settle_checks=5):
    """Median-based timing: warm-up by time, then per-call measurements with fresh input values and a cache flush
    before each. Returns the summary, the timed input buffers (for the rechecks) and, on the CPU, how many of a few
    randomly chosen calls left their output still changing after they returned (work handed to a native thread)."""
    import random

    flush = Flusher(torch, device)
    live = [x.clone() if isinstance(x, torch.Tensor) else x for x in input_sets[0]]
    # The first call (torch.compile's compilation, lazy initialisation) before this stage takes the GPU alone.
    refresh_inputs(torch, live, input_sets[0], 0)
    fn(*live)
    sync(torch, device)
    with GPU.measure() if device == "cuda" else contextlib.nullcontext():
        warmup_ms = protocol["warmup_ms"]
        start = clocks.perf_ns()
        calls = 1
        while calls < 3 or (clocks.perf_ns() - start) / 1e6 < warmup_ms:
            refresh_inputs(torch, live, input_sets[calls % len(input_sets)], calls)
            fn(*live)
            sync(torch, device)
            calls += 1
        estimate_ms = (clocks.perf_ns() - start) / 1e6 / (calls - 1)
        n = max(protocol["min_calls"], math.ceil(protocol["min_ms"] / max(estimate_ms, 1e-3)))
        n = min(n, protocol["max_calls"], max(protocol["min_calls"], int(protocol["max_ms"] / max(estimate_ms, 1e-3))))
        samples, unsettled = [], 0
        if device == "cuda":
            starts = [clocks.event(enable_timing=True) for _ in range(n)]
            ends = [clocks.event(enable_timing=True) for _ in range(n)]
            stream = clocks.stream()
            for i in range(n):
                refresh_inputs(torch, live, input_sets[i % len(input_sets)], calls + i)
                flush()
                clocks.record(starts[i], stream)
                fn(*live)
                clocks.record(ends[i], stream)
            torch.cuda.synchronize()
            samples = [clocks.elapsed(s, e) * 1e3 for s, e in zip(starts, ends)]
        else:
            checked = set(random.sample(range(n), min(settle_checks, n)))
            for i in range(n):
                refresh_inputs(torch, live, input_sets[i % len(input_sets)], calls + i)
                flush()
                t0 = clocks.perf_ns()
                output = fn(*live)
                samples.append((clocks.perf_ns() - t0) / 1e3)
                if i in checked:
                    first = [t.clone() for t in kwb_guard.tensors_in(torch, output)]
                    time.sleep(0.02)
                    later = list(kwb_guard.tensors_in(torch, output))
                    unsettled += any(not torch.equal(a, b) for a, b in zip(first, later))
    return summarize(samples), live, unsettled


def trace_calls(torch, fn, inputs, label, calls=3):
    """The trace pass, run under the CUPTI tracer (the runner sets CUDA_INJECTION64_PATH): one warm-up call,
    then `calls` calls each after a cache flush, every phase an NVTX range named after it. CUDA is already
    initialised here (the model and inputs are on the GPU), which the tracer needs before the first range."""
    with GPU.measure():
        return _traced_calls(torch, fn, inputs, label, calls)


def _traced_calls(torch, fn, inputs, label, calls):
    flush = Flusher(torch, "cuda")
    nvtx = torch.cuda.nvtx
    torch.cuda.synchronize()
    nvtx.range_push(label + ": warm-up")
    fn(*inputs)
    torch.cuda.synchronize()
    nvtx.range_pop()
    for i in range(calls):
        nvtx.range_push(label + ": flush")
        flush()
        torch.cuda.synchronize()
        nvtx.range_pop()
        # The call's range holds the launches only, as the timed window does; work launched after it returns
        # (a thread, a deferred launch) lands in the wait's range, where the judge finds it.
        nvtx.range_push("%s: call %d" % (label, i))
        fn(*inputs)
        nvtx.range_pop()
        nvtx.range_push("%s: wait %d" % (label, i))
        torch.cuda.synchronize()
        nvtx.range_pop()
    # Write the trace now, while CUDA is fully alive, rather than from the tracer's exit handler.
    tracer = os.environ.get("CUDA_INJECTION64_PATH", "")
    if tracer.endswith("libkwb_tracer.so"):
        import ctypes
        ctypes.CDLL(tracer).kwb_trace_finish()
    return {"calls": calls, "trace": os.environ.get("KWB_TRACE_OUT", "")}


def summarize(samples):
    ordered = sorted(samples)

    def quantile(q):
        pos = q * (len(ordered) - 1)
        lo, hi = math.floor(pos), math.ceil(pos)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    mean = statistics.fmean(ordered)
    cv = statistics.pstdev(ordered) / mean if mean > 0 else 0.0
    return {"median_us": quantile(0.5), "p20_us": quantile(0.2), "p80_us": quantile(0.8),
            "min_us": ordered[0], "cv": cv, "n": len(ordered)}


def load_task(path):
    task = import_file(path, "kwb_task")
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not hasattr(task, name):
            raise ValueError("the task defines no %s" % name)
    return task


def build_model(torch, cls, task, init_seed, device):
    torch.manual_seed(init_seed)
    with torch.device(device):
        model = cls(*task.get_init_inputs())
    return model.to(device).eval()


# ---------------------------------------------------------------- compile

def workspace_sources(workspace):
    sources = []
    for folder in (workspace, os.path.join(workspace, "kernels")):
        for pattern in ("*.cu", "*.cpp"):
            sources += sorted(glob.glob(os.path.join(folder, pattern)))
    return sources


def toolchain_fingerprint(device):
    """What a build depends on besides its sources and flags: torch, the CUDA compiler and the target arch.
    Read without importing torch, so that a cached build costs no torch start-up."""
    import subprocess
    from importlib.metadata import version

    parts = [version("torch"), device, os.environ.get("TORCH_CUDA_ARCH_LIST", "")]
    if device == "cuda":
        nvcc = os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin", "nvcc")
        queries = [[nvcc, "--version"]]
        if not os.environ.get("TORCH_CUDA_ARCH_LIST"):
            queries.append(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"])
        for query in queries:
            try:
                parts.append(subprocess.run(query, capture_output=True, text=True, timeout=60).stdout)
            except (OSError, subprocess.SubprocessError):
                parts.append("no " + os.path.basename(query[0]))
    return parts


def build_key(files, flags, device):
    digest = hashlib.sha256()
    for path in files:
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            digest.update(f.read() + b"\0")
    for part in list(flags) + toolchain_fingerprint(device):
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:24]


def stage_compile(args):
    out = args.out
    start = time.perf_counter()
    libraries, allow_torch = kwb_guard.task_policy(args.task) if args.task else ((), False)
    static = kwb_guard.static_flags(args.single_file or args.workspace, libraries)  # read before any of it runs
    if args.single_file:
        # load_inline builds while the module is imported; torch keys that build by source and flags itself.
        try:
            candidate = import_file(args.single_file, "kwb_candidate")
        except Exception as e:
            fail(out, "compile", "the candidate could not be imported: %s: %s" % (type(e).__name__, first_line(e)),
                 seconds=time.perf_counter() - start, traceback=traceback.format_exc())
        if not hasattr(candidate, "ModelNew"):
            fail(out, "compile", "the candidate defines no ModelNew")
        write_json(os.path.join(out, "compile.json"),
                   {"stage": "compile", "ok": True, "seconds": time.perf_counter() - start, "cached": False,
                    "static_flags": static, "libraries": list(libraries), "allow_torch_ops": allow_torch})
        return

    sources = workspace_sources(args.workspace)
    if not sources:
        fail(out, "compile", "the workspace has no .cu or .cpp sources in its root or in kernels/")
    include_dirs = [args.workspace, os.path.join(args.workspace, "kernels")]
    headers = sorted(glob.glob(os.path.join(args.workspace, "*.h")) + glob.glob(os.path.join(args.workspace, "kernels", "*.h"))
                     + glob.glob(os.path.join(args.workspace, "kernels", "*.cuh")))
    if not os.path.exists(os.path.join(args.workspace, "binding.cpp")):
        sources.append(os.path.join(HERE, "workspace", "binding.cpp"))
        headers.append(os.path.join(HERE, "workspace", "binding_registry.h"))
        include_dirs.append(os.path.join(HERE, "workspace"))
    has_cuda = any(s.endswith(".cu") for s in sources)
    if has_cuda and args.device != "cuda":
        fail(out, "compile", "the workspace has CUDA sources but the device is %s; use --device cuda" % args.device)
    key = build_key(sources + headers, [args.cflags, args.cuda_cflags], args.device)
    build_dir = os.path.join(args.build_root, key)
    built = glob.glob(os.path.join(build_dir, "cuda_extension*.so"))
    if built and os.path.exists(os.path.join(build_dir, "kwb-compile.log")):
        write_json(os.path.join(out, "compile.json"),
                   {"stage": "compile", "ok": True, "cached": True, "seconds": time.perf_counter() - start,
                    "module": built[0], "build_dir": build_dir, "key": key, "static_flags": static,
                    "libraries": list(libraries), "allow_torch_ops": allow_torch})
        return
    import shutil

    import torch.utils.cpp_extension as ext

    # Built in a folder of this process's own and moved into place when complete: a compile that is killed (a time
    # limit) leaves neither a half build nor torch's lock file in the cache for the next one to wait on.
    work_dir = "%s.%s.tmp" % (build_dir, os.urandom(6).hex())  # not the pid: sandboxed stages all see pid 2
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    try:
        ext.load(name="cuda_extension", sources=sources, extra_include_paths=include_dirs,
                 extra_cflags=args.cflags.split(), extra_cuda_cflags=args.cuda_cflags.split(),
                 build_directory=work_dir, with_cuda=has_cuda, verbose=True, is_python_module=True)
    except Exception as e:  # the compiler output is already in the log for the diagnostics parser
        shutil.rmtree(work_dir, ignore_errors=True)
        fail(out, "compile", "compilation failed: " + first_line(e)[:300], seconds=time.perf_counter() - start)
    if glob.glob(os.path.join(build_dir, "cuda_extension*.so")):
        shutil.rmtree(work_dir, ignore_errors=True)  # the same sources were built meanwhile by another compile
    else:
        shutil.rmtree(build_dir, ignore_errors=True)  # what a killed compile left
        os.rename(work_dir, build_dir)
    built = glob.glob(os.path.join(build_dir, "cuda_extension*.so"))
    write_json(os.path.join(out, "compile.json"),
               {"stage": "compile", "ok": True, "cached": False, "seconds": time.perf_counter() - start,
                "module": built[0] if built else "", "build_dir": build_dir, "key": key, "static_flags": static,
                "libraries": list(libraries), "allow_torch_ops": allow_torch,
                "sources": [os.path.relpath(s, args.workspace) if s.startswith(args.workspace) else "<harness>/" + os.path.basename(s)
                            for s in sources]})


# ---------------------------------------------------------------- reference

def environment(torch, device):
    env = {"torch": torch.__version__, "cuda": str(torch.version.cuda or ""), "python": sys.version.split()[0]}
    if device == "cuda":
        env["gpu"] = torch.cuda.get_device_name(0)
        try:
            import subprocess
            env["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                           capture_output=True, text=True, timeout=30).stdout.split("\n")[0].strip()
        except (OSError, subprocess.SubprocessError):
            env["driver"] = ""
    return env


def baseline_key(torch, args):
    digest = hashlib.sha256()
    with open(args.task, "rb") as f:
        digest.update(f.read())
    gpu = torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu"
    for part in (gpu, torch.__version__, args.device, args.precision, args.protocol, str(args.init_seed)):
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()[:24]


def stage_reference(args):
    import torch

    out = args.out
    set_precision(torch, args.precision)
    try:
        task = load_task(args.task)
        model = build_model(torch, task.Model, task, args.init_seed, args.device)
    except Exception as e:
        fail(out, {"trials": "reference", "baselines": "baselines", "trace": "reference_trace"}[args.phase],
             "the task could not be loaded: %s: %s" % (type(e).__name__, first_line(e)), traceback=traceback.format_exc())
    seeds = [int(s) for s in args.seeds.split(",")]
    result = {"ok": True, "precision": precision_state(torch), "environment": environment(torch, args.device)}
    if args.phase == "trials":
        with torch.no_grad():
            for i, seed in enumerate(seeds):
                output = model(*make_inputs(torch, task, seed, args.device))
                sync(torch, args.device)
                torch.save(to_cpu(torch, output), os.path.join(out, "reference_out_%d.pt" % i))
        result.update(stage="reference", trials=len(seeds), floor=count_floor(torch, task, args.init_seed, args.device))
        # Cached baselines come along, which spares the runner a process (and a torch start) for them.
        cache_file = os.path.join(args.baseline_cache, baseline_key(torch, args) + ".json") if args.baseline_cache else ""
        if cache_file and os.path.exists(cache_file):
            with open(cache_file) as f:
                result["cached_baselines"] = json.load(f)
        write_json(os.path.join(out, "reference.json"), result)
        return

    if args.phase == "trace":
        with torch.no_grad():
            result.update(stage="reference_trace", **trace_calls(torch, model, make_inputs(torch, task, seeds[0], args.device),
                                                                 "reference"))
        write_json(os.path.join(out, "reference_trace.json"), result)
        return

    # Baselines: cached per task source, device, torch, precision and protocol.
    result["stage"] = "baselines"
    cache_file = os.path.join(args.baseline_cache, baseline_key(torch, args) + ".json") if args.baseline_cache else ""
    if cache_file and os.path.exists(cache_file):
        with open(cache_file) as f:
            result.update(json.load(f), cached=True)
        write_json(os.path.join(out, "baselines.json"), result)
        return
    protocol = json.loads(args.protocol)
    with torch.no_grad():
        input_sets = [make_inputs(torch, task, s, args.device) for s in seeds[: protocol["input_sets"]]]
        clocks = take_clocks(torch)
        timings = {"eager": time_calls(torch, model, input_sets, args.device, protocol, clocks)[0]}
        compiled = torch.compile(model)
        start = time.perf_counter()
        compiled(*input_sets[0])
        sync(torch, args.device)
        timings["compile_seconds"] = time.perf_counter() - start
        timings["compiled"] = time_calls(torch, compiled, input_sets, args.device, protocol, clocks)[0]
    timings["floor"] = count_floor(torch, task, args.init_seed, args.device)  # kept with the baseline
    if cache_file:
        os.makedirs(args.baseline_cache, exist_ok=True)
        write_json(cache_file, timings)
    result.update(timings, cached=False)
    write_json(os.path.join(out, "baselines.json"), result)


def count_floor(torch, task, init_seed, device):
    """The task's floor, counted on the meta device (nothing computed); on the real device when meta cannot run it."""
    try:
        return kwb_roofline.task_floor(torch, task, init_seed, "meta")
    except Exception as meta_error:  # a task that reads values (.item(), data-dependent shapes)
        try:
            floor = kwb_roofline.task_floor(torch, task, init_seed, device)
            floor["meta_error"] = "%s: %s" % (type(meta_error).__name__, first_line(meta_error))
            return floor
        except Exception as e:
            return {"error": "the floor could not be counted: %s: %s" % (type(e).__name__, first_line(e))}


def stage_floor(args):
    import torch

    try:
        task = load_task(args.task)
    except Exception as e:
        fail(args.out, "floor", "the task could not be loaded: %s: %s" % (type(e).__name__, first_line(e)))
    floor = count_floor(torch, task, args.init_seed, args.device)
    if "error" in floor:
        fail(args.out, "floor", floor["error"])
    write_json(os.path.join(args.out, "floor.json"), {"stage": "floor", "ok": True, "floor": floor})


def stage_calibrate(args):
    import torch

    if args.device == "cuda" and not torch.cuda.is_available():
        fail(args.out, "calibrate", "no CUDA device is visible to torch %s" % torch.__version__)
    result = kwb_roofline.calibrate(torch, args.device, args.rounds)
    result.update(stage="calibrate", ok=True, environment=environment(torch, args.device))
    write_json(os.path.join(args.out, "calibrate.json"), result)


# ---------------------------------------------------------------- candidate

def reference_state(torch, args, task):
    """The task's Model's weights, built here before any candidate code runs (the reference's process has not run
    yet, so no reference output exists anywhere)."""
    reference = build_model(torch, task.Model, task, args.init_seed, args.device)
    state = {k: v.detach().clone() for k, v in reference.state_dict().items()}
    del reference
    return state


def load_candidate(torch, args, task, state, counter):
    """Imports ModelNew and gives it the reference's weights. A workspace's extension is registered as
    `cuda_extension`; every extension the candidate loads is wrapped so that calls into it are counted."""
    if args.module:
        spec = importlib.util.spec_from_file_location("cuda_extension", args.module)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules["cuda_extension"] = counter.wrap(module)
    else:
        import torch.utils.cpp_extension as cpp_extension
        counter.hook_cpp_extension(cpp_extension)
    path = args.candidate
    if os.path.isdir(path):
        sys.path.insert(0, path)
        path = os.path.join(path, "model_new.py")
    candidate = import_file(path, "kwb_candidate")
    if not hasattr(candidate, "ModelNew"):
        raise ValueError("the candidate defines no ModelNew")
    model = build_model(torch, candidate.ModelNew, task, args.init_seed, args.device)
    # Same weights as the reference when the parameters match by name and shape; else both were seeded alike.
    own = model.state_dict()
    weights = "seeded" if own else "none"
    if own and set(own) == set(state) and all(own[k].shape == state[k].shape for k in own):
        model.load_state_dict(state)
        weights = "copied"
    return model, weights, candidate


def run_trials(torch, model, module, task, seeds, args, counter, threads_before, flags):
    """Correctness trials, each under the op recorder, with the checks on what forward returned."""
    recorder_type = kwb_guard.recorder_class(torch)
    allowed = kwb_guard.allowed_aten_ops(task)
    ops, calls, previous, keep = {}, 0, set(), None
    for i, seed in enumerate(seeds):
        inputs = make_inputs(torch, task, seed, args.device)
        held = kwb_guard.held_storages(torch, model, module)
        before = counter.calls
        with recorder_type(allowed) as recorder:
            output = model(*inputs)
        sync(torch, args.device)
        saved = to_cpu(torch, output)  # a copy taken now: what a thread writes later does not count
        calls += counter.calls - before
        for name, n in recorder.seen.items():
            ops[name] = ops.get(name, 0) + n
        kwb_guard.output_flags(torch, output, inputs, held, previous, flags)
        kwb_guard.thread_flags(threads_before, flags)
        previous = {t.untyped_storage().data_ptr() for t in kwb_guard.tensors_in(torch, output)}
        keep = output  # alive until the next call, so its memory cannot be handed out again
        torch.save(saved, os.path.join(args.out, "candidate_out_%d.pt" % i))
    del keep
    if ops:
        names = ", ".join("aten.%s (%d)" % item for item in sorted(ops.items()))
        kwb_guard.add_flag(flags, "torch-op-at-runtime", "forward ran torch ops: %s." % names)
    if not counter.loaded:
        kwb_guard.add_flag(flags, "no-custom-kernel", "the candidate loads no compiled extension.")
    elif calls == 0:
        kwb_guard.add_flag(flags, "extension-not-called", "forward never called the candidate's compiled extension.")
    return len(seeds)


def recheck(torch, model, task, seeds, live, args):
    """After timing: the trial inputs are written into the timed input buffers in place and the candidate is called
    once more on each; the judge compares these outputs with the candidate's verified trial outputs, which catches
    results cached by input address or shape, and work done only once."""
    done = 0
    for k in range(min(2, len(seeds))):
        for dst, src in zip(live, make_inputs(torch, task, seeds[k], args.device)):
            if isinstance(dst, torch.Tensor):
                dst.copy_(src)
        sync(torch, args.device)
        output = model(*live)
        sync(torch, args.device)
        torch.save(to_cpu(torch, output), os.path.join(args.out, "recheck_out_%d.pt" % k))
        done += 1
    return done


def stage_candidate(args):
    import torch

    out = args.out
    stage = "candidate_" + args.phase
    set_precision(torch, args.precision)
    snapshot = kwb_guard.Snapshot(torch, sys.modules[__name__])
    threads_before = {t.ident for t in threading.enumerate()}
    counter = kwb_guard.ExtensionCounter()
    timer = time_calls  # captured before the candidate's code can rebind the harness's names
    clocks = take_clocks(torch)
    try:
        task = load_task(args.task)
        state = reference_state(torch, args, task)
    except Exception as e:  # the task's fault, not the candidate's
        fail(out, stage, "the task could not be loaded: %s: %s" % (type(e).__name__, first_line(e)), task_error=True,
             traceback=traceback.format_exc())
    try:
        model, weights, module = load_candidate(torch, args, task, state, counter)
    except Exception as e:
        fail(out, stage, "the candidate could not be loaded: %s: %s" % (type(e).__name__, first_line(e)),
             traceback=traceback.format_exc())
    seeds = [int(s) for s in args.seeds.split(",")]
    result = {"stage": stage, "ok": True, "weights": weights}
    flags = []
    with torch.no_grad():
        try:
            if args.phase == "trials":
                result["trials"] = run_trials(torch, model, module, task, seeds, args, counter, threads_before, flags)
            elif args.phase == "trace":
                result.update(trace_calls(torch, model, make_inputs(torch, task, seeds[0], args.device), "candidate"))
            elif args.phase == "profile":
                # Nsight Compute (started with --profile-from-start off) sees one call, after two warm-up calls.
                inputs = make_inputs(torch, task, seeds[0], args.device)
                for _ in range(2):
                    model(*inputs)
                sync(torch, args.device)
                torch.cuda.profiler.start()
                model(*inputs)
                sync(torch, args.device)
                torch.cuda.profiler.stop()
                result["profiled_calls"] = 1
            else:
                protocol = json.loads(args.protocol)
                input_sets = [make_inputs(torch, task, s, args.device) for s in seeds[: protocol["input_sets"]]]
                result["candidate"], live, unsettled = timer(torch, model, input_sets, args.device, protocol, clocks)
                if unsettled:
                    kwb_guard.add_flag(flags, "work-outside-timed-calls", "the output of %d of the checked timed calls "
                                       "was still changing after the call returned." % unsettled)
                kwb_guard.thread_flags(threads_before, flags)
                result["rechecks"] = recheck(torch, model, task, seeds, live, args)
        except Exception as e:
            fail(out, stage, "the candidate failed while running: %s: %s" % (type(e).__name__, first_line(e)),
                 traceback=traceback.format_exc())
    replaced = snapshot.replaced()
    if replaced:
        kwb_guard.add_flag(flags, "patched-harness", "the candidate replaced %s." % ", ".join(replaced[:4]))
    result["flags"] = flags
    result["precision"] = precision_state(torch)
    write_json(os.path.join(out, stage + ".json"), result)


def stage_environment(args):
    """What the machine runs on, for a result whose other stages did not get to say (a compile that failed)."""
    import torch

    write_json(os.path.join(args.out, "environment.json"),
               {"stage": "environment", "ok": True, "environment": environment(torch, args.device)})


def stage_lint(args):
    import torch

    tasks = []
    for path in kwb_lint.task_files(args.tasks):
        entry = {"task": path}
        try:
            entry["findings"] = kwb_lint.lint_task(torch, sys.modules[__name__], path, args.device, args.atol, args.rtol)
        except Exception as e:
            entry["error"] = "%s: %s" % (type(e).__name__, first_line(e))
        tasks.append(entry)
    if not tasks:
        fail(args.out, "lint", "no task files under " + args.tasks)
    write_json(os.path.join(args.out, "lint.json"), {"stage": "lint", "ok": True, "tasks": tasks})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="stage", required=True)

    c = sub.add_parser("compile")
    c.add_argument("--workspace")
    c.add_argument("--single-file")
    c.add_argument("--task", default="", help="the task, for its policy on libraries (KWB_ALLOWED_LIBRARIES)")
    c.add_argument("--build-root", required=True)
    c.add_argument("--device", default="cuda")
    c.add_argument("--cflags", default="-O3")
    c.add_argument("--cuda-cflags", default="-O3 -lineinfo -Xptxas -v")

    for name in ("reference", "candidate"):
        s = sub.add_parser(name)
        s.add_argument("--task", required=True)
        s.add_argument("--device", default="cuda")
        s.add_argument("--seeds", required=True)
        s.add_argument("--init-seed", type=int, default=42)
        s.add_argument("--precision", choices=("fp32", "tf32"), default="fp32")
        s.add_argument("--protocol", default="{}")
        if name == "reference":
            s.add_argument("--phase", choices=("trials", "baselines", "trace"), required=True)
            s.add_argument("--baseline-cache", default="")
        else:
            s.add_argument("--candidate", required=True)
            s.add_argument("--module", default="")
            s.add_argument("--phase", choices=("trials", "timing", "trace", "profile"), required=True)
    f = sub.add_parser("floor")
    f.add_argument("--task", required=True)
    f.add_argument("--device", default="cpu", help="where to count when the meta device cannot run the task")
    f.add_argument("--init-seed", type=int, default=42)
    t = sub.add_parser("lint")
    t.add_argument("--tasks", required=True)
    t.add_argument("--device", default="cpu")
    t.add_argument("--atol", type=float, default=1e-2)
    t.add_argument("--rtol", type=float, default=1e-2)
    e = sub.add_parser("environment")
    e.add_argument("--device", default="cuda")
    k = sub.add_parser("calibrate")
    k.add_argument("--device", default="cuda")
    k.add_argument("--rounds", type=int, default=5)
    for s in sub.choices.values():
        s.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    global GPU
    # The reference and candidate stages on the GPU take turns with other evaluations (kwb_gpulock); Nsight Compute's
    # pass is locked by the runner around the whole profiler.
    if (args.stage in ("reference", "candidate") and args.device == "cuda" and args.phase != "profile"
            and os.environ.get("KWB_GPU_LOCK_DIR")):
        import torch  # noqa: F401  (start-up and imports take no GPU: shared from the first CUDA work on)

        GPU = kwb_gpulock.GpuTurns(os.environ["KWB_GPU_LOCK_DIR"])
        GPU.share()
    {"compile": stage_compile, "reference": stage_reference, "candidate": stage_candidate, "floor": stage_floor,
     "calibrate": stage_calibrate, "lint": stage_lint, "environment": stage_environment}[args.stage](args)


if __name__ == "__main__":
    main()
