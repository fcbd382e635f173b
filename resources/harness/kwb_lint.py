"""Task lint: finds tasks whose reference output lets a wrong kernel pass the judge.

For each task the reference runs on two seeded input sets, and each output is checked at the judge's tolerance:
  zeros-pass              an all-zero output would pass (the reference is near zero everywhere)
  constant-passes         one constant (the mean) would pass everywhere
  same-for-other-inputs   the output for one input set passes as the output for another: a cached or precomputed
                          answer would pass
  non-finite              the reference itself gives NaN or Inf
"""

import glob
import json
import os
import select
import signal
import sys
import time


def task_files(path):
    if os.path.isfile(path):
        return [path]
    files = sorted(glob.glob(os.path.join(path, "**", "*.py"), recursive=True))
    return [f for f in files if os.path.basename(f)[:1].isdigit() or "Model" in open(f, encoding="utf-8", errors="replace").read()]


def _leaves(torch, value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _leaves(torch, v)]
    return []


def _passes(torch, candidate, reference, atol, rtol):
    """The judge's rule: every element within atol + rtol * |reference|."""
    return bool(((candidate - reference).abs() <= atol + rtol * reference.abs()).all())


def lint_task(torch, harness, path, device, atol, rtol, init_seed=42):
    findings = []
    task = harness.load_task(path)
    model = harness.build_model(torch, task.Model, task, init_seed, device)
    outputs = []
    with torch.no_grad():
        for seed in (1, 2):  # one input set alive at a time: shipped tasks have gigabytes of inputs
            inputs = harness.make_inputs(torch, task, seed, device)
            outputs.append(_leaves(torch, model(*inputs)))
            del inputs
    for i, (a, b) in enumerate(zip(*outputs)):
        name = "output %d" % i if len(outputs[0]) > 1 else "the output"
        if not a.is_floating_point():
            continue
        if not bool(torch.isfinite(a).all()):
            findings.append({"check": "non-finite", "detail": "%s has NaN or Inf values." % name})
            continue
        if _passes(torch, torch.zeros_like(a), a, atol, rtol):
            findings.append({"check": "zeros-pass", "detail": "%s is within tolerance of zero everywhere (largest |value| %.3g)."
                             % (name, float(a.abs().max()))})
        elif _passes(torch, torch.full_like(a, float(a.mean())), a, atol, rtol):
            findings.append({"check": "constant-passes", "detail": "the constant %.6g passes as %s." % (float(a.mean()), name)})
        if a.shape == b.shape and _passes(torch, a, b, atol, rtol):
            findings.append({"check": "same-for-other-inputs",
                             "detail": "%s for one input set passes as the output for another." % name})
    return findings


# ---------------------------------------------------------------- at benchmark scale

def _rss_bytes(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _gib(n):
    return n / float(1 << 30)


def check_task(torch, harness, roofline, path, args):
    """One task, in the forked child: its shapes and sizes from the meta device first (nothing allocated), then, if
    it fits, the lint on real values."""
    import kwb_survey

    surveyed = kwb_survey.survey_task(torch, harness, roofline, path)
    entry = {"task": path}
    if surveyed["status"] == "refused":
        entry.update(status="cannot-run", error=surveyed["reason"])
        return entry
    floor = surveyed.get("floor")
    if floor:
        entry["floor"] = floor
        # Two outputs are kept (one per input set) and the checks make a few output-sized temporaries; the forward's
        # own intermediates come on top, and are what the watch on the process catches.
        least = floor["parameter_bytes"] + floor["input_bytes"] + 4 * floor["output_bytes"]
        entry["least_bytes"] = least
        if args.memory_limit_bytes and least > args.memory_limit_bytes:
            entry.update(status="too-large", reason="It needs at least %.1f GiB (weights, one input set, two outputs and "
                         "the checks' temporaries), over the limit of %.1f GiB." % (_gib(least), _gib(args.memory_limit_bytes)))
            return entry
    entry["findings"] = lint_task(torch, harness, path, args.device, args.atol, args.rtol)
    entry["status"] = "flagged" if entry["findings"] else "ok"
    return entry


def _child(torch, harness, roofline, path, args, write_fd):
    import resource
    import traceback

    start = time.perf_counter()
    try:
        threads = args.threads or (max(1, (os.cpu_count() or 1) // args.jobs) if args.jobs > 1 else 0)
        if threads:
            torch.set_num_threads(threads)  # jobs side by side share the cores rather than each taking all of them
        entry = check_task(torch, harness, roofline, path, args)
    except MemoryError:
        entry = {"task": path, "status": "too-large", "reason": "It ran out of memory (Python's MemoryError)."}
    except BaseException as e:  # any failure of the task's own code is its entry, said in one sentence
        from kwb_common import sentence

        entry = {"task": path, "status": "cannot-run", "error": sentence("It fails on real values", e),
                 "traceback": traceback.format_exc()[-2000:]}
    entry["seconds"] = round(time.perf_counter() - start, 3)
    entry["peak_rss_bytes"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    data = json.dumps(entry, default=str).encode()
    view = memoryview(data)
    while view:
        view = view[os.write(write_fd, view):]
    os._exit(0)


def warm_up(torch, roofline):
    """The first count on the meta device imports seconds of torch (the FLOP counter, fake tensors); done once here,
    before the forks, so that each task's process starts with it. Nothing runs on the CPU here: a thread pool
    started before a fork is not one the child can use."""
    import types

    class Tiny(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.linear = torch.nn.Linear(4, 4)

        def forward(self, x):
            return torch.softmax(self.linear(x), -1).sum()

    task = types.SimpleNamespace(Model=Tiny, get_inputs=lambda: [torch.randn(2, 4)], get_init_inputs=lambda: [])
    roofline.task_floor(torch, task, 0, "meta", keep_output=[])


def lint_many(torch, harness, roofline, files, args, progress):
    """Each task in a process of its own, forked from this one once torch is imported (so a task costs no start-up),
    at most args.jobs at once: its resident memory watched against args.memory_limit_bytes and its time against
    args.task_timeout, each ending in one entry. Entries are appended to args.results as tasks finish; tasks already
    there are not linted again."""
    done = {}
    if args.results and os.path.exists(args.results):
        with open(args.results) as f:
            for line in f:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue  # a line cut short when an earlier run was killed: that task is linted again
                done[entry.get("task")] = entry
    results = open(args.results, "a") if args.results else None
    root = args.tasks if os.path.isdir(args.tasks) else os.path.dirname(args.tasks)

    def name(path):
        return os.path.relpath(path, root)

    entries, running, queue = [], {}, []
    if len(done) < len(files):
        warm_up(torch, roofline)
    for i, path in enumerate(files):
        if path in done:
            entries.append(done[path])
            progress("[%d/%d] %s: %s (kept from %s)" % (i + 1, len(files), name(path), done[path].get("status"),
                                                        args.results))
        else:
            queue.append((i, path))

    def finish(pid, entry):
        i, path, _, _, _ = running.pop(pid)
        entry.setdefault("task", path)
        entries.append(entry)
        if results:
            results.write(json.dumps(entry, default=str) + "\n")
            results.flush()
        said = entry.get("status", "?")
        if said == "flagged":
            said += ": " + ", ".join(f["check"] for f in entry.get("findings", []))
        progress("[%d/%d] %s: %s (%.1f s, %.1f GiB)" % (i + 1, len(files), name(path), said,
                                                      entry.get("seconds", 0), _gib(entry.get("peak_rss_bytes", 0))))

    while queue or running:
        while queue and len(running) < max(1, args.jobs):
            i, path = queue.pop(0)
            read_fd, write_fd = os.pipe()
            pid = os.fork()
            if pid == 0:
                os.close(read_fd)
                _child(torch, harness, roofline, path, args, write_fd)
            os.close(write_fd)
            running[pid] = (i, path, read_fd, time.monotonic(), [b"", 0])
        readable = select.select([r[2] for r in running.values()], [], [], 0.05)[0]
        for pid, (i, path, read_fd, started, state) in list(running.items()):
            if read_fd in readable:
                chunk = os.read(read_fd, 1 << 20)
                state[0] += chunk
                if chunk:
                    continue
                os.close(read_fd)
                os.waitpid(pid, 0)
                try:
                    entry = json.loads(state[0].decode())
                except ValueError:
                    entry = {"status": "cannot-run", "error": "Its process ended without an answer (killed by a signal or "
                             "out of memory), after %.0f s." % (time.monotonic() - started)}
                finish(pid, entry)
                continue
            rss = _rss_bytes(pid)
            state[1] = max(state[1], rss)
            over = args.memory_limit_bytes and rss > args.memory_limit_bytes
            late = args.task_timeout and time.monotonic() - started > args.task_timeout
            if over or late:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(read_fd)
                if over:
                    entry = {"status": "too-large", "reason": "It went over the memory limit of %.1f GiB while running "
                             "(%.1f GiB resident)." % (_gib(args.memory_limit_bytes), _gib(rss))}
                else:
                    entry = {"status": "timed-out", "reason": "It did not finish within %g s." % args.task_timeout}
                entry.update(seconds=round(time.monotonic() - started, 3), peak_rss_bytes=state[1])
                finish(pid, entry)
    if results:
        results.close()
    order = {path: i for i, path in enumerate(files)}
    entries.sort(key=lambda e: order.get(e.get("task"), len(order)))
    return entries
