#!/usr/bin/env python3
"""Evaluation harness of Kernel Workbench: the stages that are one process each, started by kwb-runner.

  compile    build a workspace's C++/CUDA sources into the `cuda_extension` module, in a folder of this stage's own
  checks     the static checks of the candidate's files and the task's policy, read by a trusted process
  toolchain  what a build depends on besides its sources (torch, nvcc, the GPU), for the runner's build keys
  candidate  --phase profile: one call of ModelNew for Nsight Compute
  floor      count the least work a task needs: bytes in, out and of parameters, and FLOPs (kwb_roofline.py)
  calibrate  measure the machine's copy bandwidth and matrix rates (kwb_roofline.py)
  lint       tasks whose comparison a constant or a cached answer passes (kwb_lint.py)
  survey     whether each task of a set can be judged here, on the meta device (kwb_survey.py)

Each stage writes <out>/<stage>.json. Verification, timing and tracing are not here: kwb_driver.py (trusted) and
kwb_worker.py (the candidate's process, which only computes) do them together.
"""

import argparse
import glob
import importlib.util
import os
import re
import sys
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from kwb_common import count_floor, environment, first_line, import_file, precision_state, set_mode, set_precision, write_json  # noqa: E402
import kwb_guard  # noqa: E402
import kwb_lint  # noqa: E402
import kwb_survey  # noqa: E402
import kwb_roofline  # noqa: E402




def fail(out_dir, stage, reason, **extra):
    """Ends the stage with a one-sentence reason; kwb-runner turns it into a failed stage."""
    data = {"stage": stage, "ok": False, "reason": reason}
    data.update(extra)
    write_json(os.path.join(out_dir, stage + ".json"), data)
    print("kwb-harness: " + reason, file=sys.stderr)
    sys.exit(3)










def make_inputs(torch, task, seed, device):
    # Factory calls inside get_inputs() create tensors on the device directly: large inputs never cross the bus.
    torch.manual_seed(seed)
    with torch.device(device):
        inputs = task.get_inputs()
    return [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]


def sync(torch, device):
    if device == "cuda":
        torch.cuda.synchronize()


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
    return set_mode(model.to(device), task)


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


def stage_compile(args):
    out = args.out
    start = time.perf_counter()
    # The static checks and the task's policy are not this stage's: candidate code runs here (a single file's imports),
    # so the runner takes them from the checks stage, which reads the same files and runs none of them.
    # CUDA on the cpu device is found by the runner before this stage starts (the runner's own check, not this one's).
    cpu_only = "A CUDA candidate cannot be built or run on the cpu device: evaluate it on a GPU (--device cuda, or a GPU host)."
    if args.single_file:
        # load_inline builds while the module is imported; torch keys that build by source and flags itself.
        if args.pch:
            precompile_inline_sources(args.pch)
        try:
            candidate = import_file(args.single_file, "kwb_candidate")
        except Exception as e:
            why = "%s: %s" % (type(e).__name__, first_line(e))
            if args.device == "cuda" and os.environ.get("CUDA_VISIBLE_DEVICES") == "" and re.search(r"CUDA|GPU|cuda", why):
                why += " (the compile stage has no GPU: the candidate's module must not use it when imported)"
            fail(out, "compile", "the candidate could not be imported: " + why,
                 seconds=time.perf_counter() - start, traceback=traceback.format_exc())
        if not hasattr(candidate, "ModelNew"):
            fail(out, "compile", "the candidate defines no ModelNew")
        write_json(os.path.join(out, "compile.json"),
                   {"stage": "compile", "ok": True, "seconds": time.perf_counter() - start})
        return

    sources = workspace_sources(args.workspace)
    if not sources:
        fail(out, "compile", "the workspace has no .cu or .cpp sources in its root or in kernels/")
    include_dirs = [args.workspace, os.path.join(args.workspace, "kernels")]
    headers = sorted(glob.glob(os.path.join(args.workspace, "*.h")) + glob.glob(os.path.join(args.workspace, "kernels", "*.h"))
                     + glob.glob(os.path.join(args.workspace, "kernels", "*.cuh")))
    ldflags = []
    if not os.path.exists(os.path.join(args.workspace, "binding.cpp")):
        if args.binding_object:  # built once for these flags by the runner's binding stage: linked, not compiled
            ldflags.append(args.binding_object)
        else:
            sources.append(os.path.join(HERE, "workspace", "binding.cpp"))
        headers.append(os.path.join(HERE, "workspace", "binding_registry.h"))
        include_dirs.append(os.path.join(HERE, "workspace"))
    has_cuda = any(s.endswith(".cu") for s in sources)
    if has_cuda and args.device != "cuda":
        fail(out, "compile", cpu_only)
    cflags = args.cflags.split()
    precompiled = bool(args.pch) and all(begins_with_torch_header(s, args.workspace) for s in sources
                                         if not s.endswith(".cu"))
    if precompiled:
        cflags += pch_flags(args.pch)
    if args.cached_module:
        # The runner holds a build of these very sources; this candidate's own files are read, not built again.
        write_json(os.path.join(out, "compile.json"),
                   {"stage": "compile", "ok": True, "seconds": time.perf_counter() - start,
                    "module": args.cached_module, "key": args.key})
        return
    # The runner chose the key from the sources' bytes and keeps the cache; this stage builds in a folder of its own
    # (writable only to it) that the runner moves into the cache once the build is complete.
    import shutil

    import torch.utils.cpp_extension as ext

    work_dir = os.path.join(args.work_root, args.key)
    shutil.rmtree(work_dir, ignore_errors=True)
    os.makedirs(work_dir)
    try:
        ext.load(name="cuda_extension", sources=sources, extra_include_paths=include_dirs,
                 extra_cflags=cflags, extra_cuda_cflags=args.cuda_cflags.split(), extra_ldflags=ldflags,
                 build_directory=work_dir, with_cuda=has_cuda, verbose=True, is_python_module=True)
    except Exception as e:  # the compiler output is already in the log for the diagnostics parser
        shutil.rmtree(work_dir, ignore_errors=True)
        fail(out, "compile", "compilation failed: " + first_line(e)[:300], seconds=time.perf_counter() - start)
    built = glob.glob(os.path.join(work_dir, "cuda_extension*.so"))
    write_json(os.path.join(out, "compile.json"),
               {"stage": "compile", "ok": True, "seconds": time.perf_counter() - start,
                "module": built[0] if built else "", "build_dir": work_dir, "key": args.key,
                "precompiled_header": precompiled,
                "sources": [os.path.relpath(s, args.workspace) if s.startswith(args.workspace) else "<harness>/" + os.path.basename(s)
                            for s in sources]})


def stage_checks(args):
    """The static checks of the candidate's files and the task's policy on torch ops and libraries: a trusted stage
    that reads the candidate and runs none of it, so that nothing the verdict depends on comes from a process where
    candidate code ran."""
    libraries, allow_torch = kwb_guard.task_policy(args.task)
    try:
        static = kwb_guard.static_flags(args.single_file or args.workspace, libraries)
    except (RecursionError, MemoryError, ValueError) as e:  # sources no parser can read are the candidate's own
        static = [{"name": "unreadable-source", "detail": "The candidate's sources could not be read by the static "
                   "checks (%s)." % type(e).__name__}]
    write_json(os.path.join(args.out, "checks.json"),
               {"stage": "checks", "ok": True, "static_flags": static, "libraries": list(libraries),
                "allow_torch_ops": allow_torch})


def stage_binding(args):
    """The harness's binding.cpp built once for these C++ flags and this toolchain, by a stage that reads no file of
    any candidate's: workspace builds that bring no binding of their own link its object instead of compiling the
    same file again (a torch and pybind11 translation unit, the slowest part of a small build)."""
    import shutil

    import torch.utils.cpp_extension as ext

    start = time.perf_counter()
    work = os.path.join(args.out, "build")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    try:
        ext.load(name="cuda_extension", sources=[os.path.join(HERE, "workspace", "binding.cpp")],
                 extra_include_paths=[os.path.join(HERE, "workspace")],
                 extra_cflags=args.cflags.split() + (pch_flags(args.pch) if args.pch else []),
                 build_directory=work, with_cuda=False, verbose=True, is_python_module=False)
    except Exception as e:
        fail(args.out, "binding", "the harness's binding did not build: " + first_line(e)[:300],
             seconds=time.perf_counter() - start)
    objects = glob.glob(os.path.join(work, "binding*.o"))
    if not objects:
        fail(args.out, "binding", "the harness's binding built no object", seconds=time.perf_counter() - start)
    write_json(os.path.join(args.out, "binding.json"),
               {"stage": "binding", "ok": True, "object": objects[0], "seconds": time.perf_counter() - start})


TORCH_HEADER_FIRST = re.compile(r'#\s*include\s*[<"](torch/extension\.h|binding_registry\.h)[>"]')


def begins_with_torch_header(path, workspace):
    """Whether a C++ source's first directive includes torch/extension.h, itself or through the harness's
    binding_registry.h (which includes it first): only then is including the precompiled header ahead of the file the
    same translation unit. Comments, blank lines and #pragma once may come before it."""
    try:
        with open(path, errors="replace") as f:
            text = f.read(1 << 16)
    except OSError:
        return False
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    for line in text.splitlines():
        line = line.split("//", 1)[0].strip()
        if not line or re.fullmatch(r"#\s*pragma\s+once", line):
            continue
        found = TORCH_HEADER_FIRST.fullmatch(line)
        if not found:
            return False
        # A workspace's own binding_registry.h may do anything before it includes torch.
        return found.group(1) == "torch/extension.h" or not any(
            os.path.exists(os.path.join(workspace, folder, "binding_registry.h")) for folder in ("", "kernels"))
    return False


def pch_flags(folder):
    """GCC takes <folder>/torch/extension.h.gch for an -include of <folder>/torch/extension.h when the flags match, and
    reads the header itself when they do not: a mismatch costs time, never a different build."""
    return ["-include", os.path.join(folder, "torch", "extension.h")]


def precompile_inline_sources(folder):
    """load_inline puts #include <torch/extension.h> first in the C++ source it writes: its builds take the header
    precompiled."""
    import inspect

    import torch.utils.cpp_extension as ext

    original = ext.load_inline
    signature = inspect.signature(original)

    def load_inline(*args, **kwargs):
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return original(*args, **kwargs)  # torch says what is wrong with the call
        bound.arguments["extra_cflags"] = list(bound.arguments.get("extra_cflags") or []) + pch_flags(folder)
        return original(*bound.args, **bound.kwargs)
    ext.load_inline = load_inline


def stage_header(args):
    """torch/extension.h precompiled for these C++ flags and this toolchain, by a stage that reads no file of any
    candidate's, into the folder the runner names: a build whose C++ sources begin with that header then reads
    the compiler's saved state instead of parsing torch and pybind11 again (most of a binding's compile time).
    The flags are the ones torch's own build file gives a C++ source of an extension."""
    import inspect
    import shlex
    import subprocess

    import torch.utils.cpp_extension as ext

    start = time.perf_counter()
    header = os.path.join(args.into, "torch", "extension.h")
    os.makedirs(os.path.dirname(header), exist_ok=True)
    probe = os.path.join(args.out, "probe")
    os.makedirs(probe, exist_ok=True)
    try:
        writer = ext._write_ninja_file_to_build_library
        given = dict(path=os.path.join(probe, "build.ninja"), name="cuda_extension",
                     sources=[os.path.join(probe, "probe.cpp")], extra_cflags=args.cflags.split(), extra_cuda_cflags=[],
                     extra_sycl_cflags=[], extra_ldflags=[], extra_include_paths=[], with_cuda=False, with_sycl=False,
                     is_standalone=False)
        writer(**{k: v for k, v in given.items() if k in inspect.signature(writer).parameters})
        with open(given["path"]) as f:
            variables = dict(line.split(" = ", 1) for line in f.read().splitlines() if " = " in line)
        cxx = shlex.split(variables["cxx"])
        # Without the extension's name: load_inline builds name theirs, and a macro the header never reads, left
        # undefined here, may be defined to anything in a build that takes it.
        cflags = [f for f in shlex.split(variables["cflags"]) if not f.startswith("-DTORCH_EXTENSION_NAME=")]
        post = shlex.split(variables.get("post_cflags", ""))
        real = os.path.join(ext.include_paths("cpu")[0], "torch", "extension.h")
    except Exception as e:  # another torch writes its build files otherwise: builds go on without
        fail(args.out, "header", "torch's build flags could not be read (%s: %s)" % (type(e).__name__, first_line(e)),
             seconds=time.perf_counter() - start)
    if not os.path.lexists(header):
        os.symlink(real, header)
    command = cxx + cflags + ["-x", "c++-header", header, "-o", header + ".gch"] + post
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0 or not os.path.isfile(header + ".gch"):
        fail(args.out, "header", "the compiler did not precompile torch/extension.h: " + first_line(done.stderr or "?")[:300],
             seconds=time.perf_counter() - start)
    write_json(os.path.join(args.out, "header.json"),
               {"stage": "header", "ok": True, "folder": args.into, "seconds": time.perf_counter() - start,
                "bytes": os.path.getsize(header + ".gch"), "command": command})


def gpu_arch():
    """The first GPU's compute capability ("9.0") from the CUDA driver itself (no torch import), and why there is none
    (empty when there is one)."""
    import ctypes

    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return "", "the NVIDIA driver is not installed (libcuda.so.1 cannot be loaded)"
    try:
        device, major, minor = ctypes.c_int(), ctypes.c_int(), ctypes.c_int()
        status = cuda.cuInit(0)
        if status == 100:  # CUDA_ERROR_NO_DEVICE
            return "", "the NVIDIA driver sees no GPU"
        if status != 0:
            return "", "the CUDA driver could not start (cuInit error %d)" % status
        if cuda.cuDeviceGet(ctypes.byref(device), 0) != 0:
            return "", "the NVIDIA driver sees no GPU"
        # CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR and _MINOR
        if cuda.cuDeviceGetAttribute(ctypes.byref(major), 75, device) != 0 or \
                cuda.cuDeviceGetAttribute(ctypes.byref(minor), 76, device) != 0:
            return "", "the GPU's compute capability cannot be read"
        return "%d.%d" % (major.value, minor.value), ""
    except AttributeError:
        return "", "the CUDA driver library lacks its entry points"


def stage_toolchain(args):
    """What a build depends on besides its sources and flags, for the runner's build keys (no torch import), and the
    GPU's architecture, which the compile stage (it sees no GPU) builds for when the request names none."""
    parts = toolchain_fingerprint(args.device)
    arch, no_gpu = "", ""
    if args.device == "cuda" and not os.environ.get("TORCH_CUDA_ARCH_LIST"):
        arch, no_gpu = gpu_arch()
        lines = [line.strip() for line in parts[-1].splitlines() if line.strip()]
        if not arch and lines and re.match(r"^[0-9]+\.[0-9]+$", lines[0]):
            arch, no_gpu = lines[0], ""
    write_json(os.path.join(args.out, "toolchain.json"),
               {"stage": "toolchain", "ok": True, "toolchain": parts, "arch": arch, "no_gpu": no_gpu})


# ---------------------------------------------------------------- reference





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


def stage_candidate(args):
    import torch

    out = args.out
    stage = "candidate_" + args.phase
    set_precision(torch, args.precision)
    snapshot = kwb_guard.Snapshot(torch, sys.modules[__name__])
    counter = kwb_guard.ExtensionCounter()
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
            if args.phase == "profile":
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

    files = [os.path.abspath(f) for f in kwb_lint.task_files(args.tasks)]
    if not files:
        fail(args.out, "lint", "no task files under " + args.tasks)
    args.memory_limit_bytes = int(args.memory_limit_gb * (1 << 30))
    stream = os.fdopen(os.dup(args.progress_fd), "w", buffering=1) if args.progress_fd >= 0 else sys.stderr

    def progress(line):
        print(line, file=stream, flush=True)

    tasks = kwb_lint.lint_many(torch, sys.modules[__name__], kwb_roofline, files, args, progress)
    write_json(os.path.join(args.out, "lint.json"), {"stage": "lint", "ok": True, "tasks": tasks})


def stage_survey(args):
    import torch
    import kwb_roofline

    files = kwb_lint.task_files(args.tasks)
    if not files:
        fail(args.out, "survey", "no task files under " + args.tasks)
    tasks = kwb_survey.survey(torch, sys.modules[__name__], kwb_roofline, files)
    write_json(os.path.join(args.out, "survey.json"), {"stage": "survey", "ok": True, "tasks": tasks})


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="stage", required=True)

    c = sub.add_parser("compile")
    c.add_argument("--workspace")
    c.add_argument("--single-file")
    c.add_argument("--work-root", default="", help="where a workspace is built (the runner moves it into the cache)")
    c.add_argument("--key", default="", help="the build's key, chosen by the runner")
    c.add_argument("--cached-module", default="", help="the runner's build of these sources: read the candidate only")
    c.add_argument("--device", default="cuda")
    c.add_argument("--cflags", default="-O3")
    c.add_argument("--cuda-cflags", default="-O3 -lineinfo -Xptxas -v")
    c.add_argument("--binding-object", default="", help="the runner's build of the harness's binding.cpp, to link")
    c.add_argument("--pch", default="", help="the runner's folder of torch/extension.h precompiled for these flags")
    h = sub.add_parser("checks")
    h.add_argument("--workspace")
    h.add_argument("--single-file")
    h.add_argument("--task", required=True, help="the task, for its policy on torch ops and libraries")
    b = sub.add_parser("binding")
    b.add_argument("--device", default="cuda")
    b.add_argument("--cflags", default="-O3")
    b.add_argument("--pch", default="", help="the runner's folder of torch/extension.h precompiled for these flags")
    p = sub.add_parser("header")
    p.add_argument("--cflags", default="-O3")
    p.add_argument("--into", required=True, help="the folder to write torch/extension.h(.gch) into")

    s = sub.add_parser("candidate")
    s.add_argument("--task", required=True)
    s.add_argument("--device", default="cuda")
    s.add_argument("--seeds", required=True)
    s.add_argument("--init-seed", type=int, default=42)
    s.add_argument("--precision", choices=("fp32", "tf32"), default="fp32")
    s.add_argument("--protocol", default="{}")
    s.add_argument("--candidate", required=True)
    s.add_argument("--module", default="")
    s.add_argument("--phase", choices=("profile",), required=True)
    f = sub.add_parser("floor")
    f.add_argument("--task", required=True)
    f.add_argument("--device", default="cpu", help="where to count when the meta device cannot run the task")
    f.add_argument("--init-seed", type=int, default=42)
    t = sub.add_parser("lint")
    t.add_argument("--tasks", required=True)
    t.add_argument("--device", default="cpu")
    t.add_argument("--atol", type=float, default=1e-2)
    t.add_argument("--rtol", type=float, default=1e-2)
    t.add_argument("--memory-limit-gb", type=float, default=0, help="per task: over it, the task is too large (0: none)")
    t.add_argument("--task-timeout", type=float, default=0, help="per task, in seconds (0: none)")
    t.add_argument("--jobs", type=int, default=1, help="tasks linted at once")
    t.add_argument("--threads", type=int, default=0, help="torch threads per task (0: torch's choice)")
    t.add_argument("--results", default="", help="JSON lines, one per task as it finishes; tasks already there are kept")
    t.add_argument("--progress-fd", type=int, default=-1, help="where progress lines go (default: stderr)")
    v = sub.add_parser("survey")
    v.add_argument("--tasks", required=True)
    tc = sub.add_parser("toolchain")
    tc.add_argument("--device", default="cuda")
    e = sub.add_parser("environment")
    e.add_argument("--device", default="cuda")
    k = sub.add_parser("calibrate")
    k.add_argument("--device", default="cuda")
    k.add_argument("--rounds", type=int, default=5)
    for s in sub.choices.values():
        s.add_argument("--out", required=True)
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    # Nsight Compute's pass is locked by the runner around the whole profiler.
    {"compile": stage_compile, "candidate": stage_candidate, "floor": stage_floor,
     "calibrate": stage_calibrate, "lint": stage_lint, "survey": stage_survey, "environment": stage_environment,
     "toolchain": stage_toolchain, "binding": stage_binding, "header": stage_header,
     "checks": stage_checks}[args.stage](args)


if __name__ == "__main__":
    main()
