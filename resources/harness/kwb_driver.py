#!/usr/bin/env python3
"""The trusted side of an evaluation: it owns the inputs, the clock, the outputs and the verdict.

kwb-runner starts it outside the sandbox beside a worker (kwb_worker.py) that runs the candidate, the two joined by
a channel. The driver never runs candidate code. For every call it draws fresh inputs from a seed of its own on the
device, writes them into buffers it shares with the worker, flushes the caches, takes its own time around the
worker's call (the worker answers after a device sync and after copying its outputs into the shared output
buffers), and keeps the outputs (in full for a random subset of the calls, as a secret random sample of elements
for the rest). Verified, timed and traced calls are the same calls. Once the worker has exited, the driver
computes the task's reference on the same inputs, in fp32 and, for the fully kept calls, in fp64, and judges:

  every call        sampled elements against the reference's (tolerance atol + rtol x |reference|)
  kept calls        every element; errors against fp64 (at up to 16 M secret positions per output) next to the fp32
                    reference's own (precision-below-policy)
  one kept call     inputs from the tails of the task's distribution (scaled up while the reference stays finite)
  the task          whether a constant would pass the comparison (degenerate-task)

The handshake's own cost (a call that does nothing, then the output copy alone) is measured before the candidate
is loaded, with the worker's code still untouched, and subtracted from every call. Samples, medians and the result
file exist only here.

  evaluate   one candidate: --mode full (verify + time) or verify (the kept calls only, not timed)
  baselines  eager and torch.compile of the task's Model, timed the same way, cached per task, GPU, torch and
             precision
"""

import argparse
import hashlib
import json
import math
import os
import random
import socket
import statistics
import sys
import time
import traceback

START = time.perf_counter()
# Whether this driver warmed up with its worker before its evaluation was known (a pool's pair): the worker has its
# context already. A driver started for one evaluation tells its worker to go in the handshake.
WARMED_UP = False
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kwb_gpulock  # noqa: E402
from kwb_common import BufferState, count_floor, environment, first_line, forward_seed, import_file, set_mode, set_precision, write_json  # noqa: E402
import kwb_guard  # noqa: E402
import kwb_shm  # noqa: E402

# A candidate's error against fp64 may exceed the fp32 reference's own by this factor, or reach the policy's floor
# (relative RMS error), whichever is larger. fp32 rounding of a naive sum of a few thousand terms stays well below
# 2e-5; bf16 or fp16 operands, or TF32 matmuls, land at 1e-4 to 1e-3.
PRECISION_FACTOR = 64.0
PRECISION_FLOOR = {"fp32": 2e-5, "tf32": 5e-3}
SAMPLED_ELEMENTS = 2048  # per output tensor, per call not kept in full
# Of the calls not kept in full, how many the judge compares with the reference: a secret random choice made after the
# worker has exited (all of them when there are fewer). A candidate that skips its work in enough calls to move the
# median (over half) escapes 24 judged calls with a probability below 2^-24.
JUDGED_SAMPLED_CALLS = 24
TAIL_SCALES = (64.0, 16.0, 4.0)
PRECISION_ELEMENTS = 1 << 24  # per output, at most, in the check against fp64


class Failure(Exception):
    """Ends the evaluation with a sentence; `kind` says whose fault: candidate, task or environment."""

    def __init__(self, reason, kind="candidate", **extra):
        super().__init__(reason)
        self.reason = reason
        self.kind = kind
        self.extra = extra








def summarize(samples):
    ordered = sorted(samples)

    def quantile(q):
        pos = q * (len(ordered) - 1)
        lo, hi = math.floor(pos), math.ceil(pos)
        return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)

    mean = statistics.fmean(ordered)
    cv = statistics.pstdev(ordered) / mean if mean > 0 else 0.0
    return {"median_us": quantile(0.5), "p20_us": quantile(0.2), "p80_us": quantile(0.8), "min_us": ordered[0],
            "cv": cv, "n": len(ordered)}






class Channel:
    """The driver's end of the channel to the worker: one JSON message each way per request."""

    def __init__(self, fd, timeout):
        self.sock = socket.socket(fileno=fd)
        self.sock.settimeout(timeout)
        self.lost = False

    def go(self):
        """Lets a worker that waits for the word (--wait-go) create its CUDA context; the caller holds the GPU shared."""
        try:
            self.sock.send(b'{"op": "go"}')
        except OSError:
            pass  # the worker is gone: hello says so

    def hello(self):
        """The worker's first message: torch imported and the device ready, no model code loaded yet."""
        try:
            answer = self.sock.recv(1 << 16)
        except (OSError, socket.timeout):
            answer = b""
        if not answer:
            self.lost = True
            raise Failure("the worker ended before it was ready", kind="worker-lost", during="start")
        return json.loads(answer.decode())

    def request(self, message, fds=()):
        data = json.dumps(message).encode()
        try:
            if fds:
                socket.send_fds(self.sock, [data], list(fds))
            else:
                self.sock.send(data)
            answer = self.sock.recv(1 << 22)
        except (OSError, socket.timeout):
            answer = b""
        if not answer:
            self.lost = True
            raise Failure("the candidate's worker ended during '%s'" % message.get("op"), kind="worker-lost",
                          during=message.get("op"))
        return json.loads(answer.decode())

    def wait_closed(self, seconds):
        """True when the worker's end is gone (it exited, and no process it left holds the channel)."""
        self.sock.settimeout(seconds)
        try:
            return self.sock.recv(16) == b""
        except (OSError, socket.timeout):
            return False


class Flusher:
    def __init__(self, torch, device):
        if device == "cuda":
            size = max(2 * torch.cuda.get_device_properties(0).L2_cache_size, 256 << 20)
        else:
            size = 64 << 20
        self.buffer = torch.empty(size // 4, dtype=torch.float32, device=device)

    def __call__(self):
        self.buffer.zero_()


CHUNK = 1 << 26  # elements per slice when judging: 512 MiB in fp64


def chunks(t):
    flat = t.reshape(-1)
    if flat.numel() <= CHUNK:
        return [flat]
    return [flat[i: i + CHUNK] for i in range(0, flat.numel(), CHUNK)]


def tensors_of(torch, value):
    return list(kwb_guard.tensors_in(torch, value))


class Evaluation:
    def __init__(self, args):
        import torch

        self.torch = torch
        self.args = args
        self.device = args.device
        self.out = args.out
        self.protocol = json.loads(args.protocol or "{}")
        self.rng = random.Random(args.seed if args.seed else int.from_bytes(os.urandom(8), "little"))
        self.gpu = kwb_gpulock.GpuTurns(os.environ.get("KWB_GPU_LOCK_DIR") if self.device == "cuda" else None)
        self.result = {"stage": args.command, "ok": True, "phases": {}}
        self.flags = []
        self.clock = time.perf_counter_ns
        self.channel = Channel(args.channel_fd, args.call_timeout)
        self.phase_start = time.perf_counter()
        self.known = None  # the task's facts kept from an earlier evaluation here
        self.pending_seed = None  # the next call's input seed, drawn one call ahead (take_seed)
        # Keys forward_seed: this evaluation's secret (from --seed where a run is to be repeated exactly).
        self.forward_key = hashlib.sha256(b"forward %d" % args.seed).digest()[:16] if args.seed else os.urandom(16)

    def phase(self, name):
        now = time.perf_counter()
        self.result["phases"][name] = round(now - self.phase_start, 4)
        self.phase_start = now
        if self.gpu.waited_s:  # part of the phases above: the time spent waiting for another evaluation's measuring
            self.result["gpu_wait_s"] = round(self.gpu.waited_s, 4)

    def sync(self):
        if self.device == "cuda":
            self.torch.cuda.synchronize()

    # ------------------------------------------------------------------ the task and its inputs

    def load_task(self):
        torch = self.torch
        set_precision(torch, self.args.precision)
        try:
            self.task = import_file(self.args.task, "kwb_task")
            for name in ("Model", "get_inputs", "get_init_inputs"):
                if not hasattr(self.task, name):
                    raise ValueError("the task defines no %s" % name)
            torch.manual_seed(self.args.init_seed)
            with torch.device(self.device):
                self.model = self.task.Model(*self.task.get_init_inputs())
            self.model = set_mode(self.model.to(self.device), self.task)
            self.state = BufferState(torch, self.model)
        except Exception as e:
            raise Failure("the task could not be loaded: %s: %s" % (type(e).__name__, first_line(e)), kind="task",
                          traceback=traceback.format_exc())

    def make_inputs(self, seed, scale=1.0):
        torch = self.torch
        torch.manual_seed(seed)
        with torch.device(self.device):
            inputs = self.task.get_inputs()
        inputs = [x.to(self.device) if isinstance(x, torch.Tensor) else x for x in inputs]
        if scale != 1.0:
            inputs = [x * scale if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        return inputs

    def reference(self, inputs, seed):
        """The task's output for one call: from the module's first state, with the random draws the candidate's
        worker gets for the same call."""
        self.state.restore()
        self.torch.manual_seed(forward_seed(self.forward_key, seed))
        with self.torch.no_grad():
            out = self.model(*inputs)
        self.sync()
        return tensors_of(self.torch, out)

    def shape_the_buffers(self, known=None):
        """One throwaway input set (a seed no call uses) gives the buffers' shapes and the output's; the tail scale
        is the largest of TAIL_SCALES at which the reference's output stays finite. A task's facts kept from an
        earlier evaluation (`known`) say the same without running the reference."""
        torch = self.torch
        seed = self.rng.randrange(1, 2 ** 31 - 1)
        if known:
            self.tail_scale = known["tail_scale"]
            self.make_buffers(known["inputs"], known["outputs"])
            return
        try:
            inputs = self.make_inputs(seed)
            outputs = self.reference(inputs, seed)
        except Exception as e:
            raise Failure("the task's reference failed: %s: %s" % (type(e).__name__, first_line(e)), kind="task",
                          traceback=traceback.format_exc())
        if not outputs:
            raise Failure("the task's Model returns no tensor", kind="task")
        self.tail_scale = 1.0
        if all(bool(t.isfinite().all()) for t in outputs if t.is_floating_point()) and any(
                isinstance(x, torch.Tensor) and x.is_floating_point() for x in inputs):
            for scale in TAIL_SCALES:
                try:
                    tail = self.reference(self.make_inputs(seed, scale), seed)
                except Exception:
                    continue
                if all(bool(t.isfinite().all()) for t in tail if t.is_floating_point()):
                    self.tail_scale = scale
                    break
        described = [{"kind": "tensor", "dtype": str(x.dtype).replace("torch.", ""), "shape": list(x.shape)}
                     if isinstance(x, torch.Tensor) else {"kind": "value", "value": x} for x in inputs]
        self.make_buffers(described, [{"dtype": str(t.dtype).replace("torch.", ""), "shape": list(t.shape)}
                                      for t in outputs])
        del inputs, outputs

    def make_buffers(self, inputs, outputs):
        """The shared buffers for inputs and outputs of these dtypes and shapes, and the secret sample positions."""
        torch = self.torch
        self.input_specs = []
        buffers = []
        for x in inputs:
            if x["kind"] == "tensor":
                buffers.append(kwb_shm.SharedBuffer(torch, self.device, kwb_shm.nbytes_of(torch, getattr(torch, x["dtype"]),
                                                                                          x["shape"])))
                self.input_specs.append(dict(x, buffer=len(buffers) - 1))
            else:
                self.input_specs.append(dict(x))
        self.output_specs = []
        total = 0
        for t in outputs:
            nbytes = kwb_shm.nbytes_of(torch, getattr(torch, t["dtype"]), t["shape"])
            buffers.append(kwb_shm.SharedBuffer(torch, self.device, nbytes))
            self.output_specs.append(dict(t, buffer=len(buffers) - 1))
            total += nbytes
        buffers.append(kwb_shm.SharedBuffer(torch, self.device, total))  # the copy calibration's source
        self.buffers = buffers
        self.shared_inputs = [buffers[s["buffer"]].view(torch, getattr(torch, s["dtype"]), s["shape"])
                              if s["kind"] == "tensor" else s["value"] for s in self.input_specs]
        self.shared_outputs = [buffers[s["buffer"]].view(torch, getattr(torch, s["dtype"]), s["shape"])
                               for s in self.output_specs]
        # Secret sample positions, one set per output tensor, drawn here and never sent.
        generator = torch.Generator(device="cpu").manual_seed(self.rng.randrange(1, 2 ** 62))
        self.sample_index = [torch.randint(0, max(t.numel(), 1), (min(SAMPLED_ELEMENTS, max(t.numel(), 1)),),
                                           generator=generator).to(self.device) for t in self.shared_outputs]

    def write_inputs(self, seed, scale=1.0):
        torch = self.torch
        fresh = self.make_inputs(seed, scale)
        for dst, src in zip(self.shared_inputs, fresh):
            if isinstance(dst, torch.Tensor):
                if not isinstance(src, torch.Tensor) or tuple(src.shape) != tuple(dst.shape) or src.dtype != dst.dtype:
                    raise Failure("the task's get_inputs() gives inputs of another shape or type for another seed",
                                  kind="task")
                dst.copy_(src)

    # ------------------------------------------------------------------ the worker

    def handshake(self):
        """The cost of a call that does nothing (sync included), and of that call plus the output copy, measured
        while the worker has no candidate code: the least copy round is what every call's time is corrected by.
        The GPU is shared from the moment the worker is ready, not while it starts: a stage waiting for its worker
        to import torch must not keep another evaluation from measuring. A worker not yet told to go (one started for
        this evaluation) is told now, the GPU held shared while it creates its context."""
        if not WARMED_UP:
            self.gpu.share()
            self.channel.go()
        ready = self.channel.hello()
        if not ready.get("ready"):
            raise Failure("the worker did not start: " + ready.get("reason", "?"), kind="environment")
        self.result["worker"] = {"torch": ready.get("torch", ""), "ready_after_s": round(time.perf_counter() - START, 3)}
        self.phase("worker_start")
        self.gpu.share()
        answer = self.channel.request({"op": "buffers", "buffers": [{"nbytes": b.nbytes} for b in self.buffers],
                                       "inputs": self.input_specs, "outputs": self.output_specs,
                                       "source": len(self.buffers) - 1}, [b.fd for b in self.buffers])
        if not answer.get("ok"):
            raise Failure("the worker could not map the shared buffers: " + answer.get("reason", "?"), kind="environment")
        self.buffers[-1].tensor.random_(0, 255) if self.buffers[-1].nbytes > 1 else None
        self.sync()
        # Each round as a call goes: the driver's own GPU work (the flush) first, so the switch from this process's
        # context to the worker's is in the calibration as it is in every call.
        flush = Flusher(self.torch, self.device)
        null, copy = [], []
        rounds = 30 if self.device == "cuda" else 6  # a CPU round flushes 64 MB twice
        for _ in range(rounds):
            for op, into in (("null", null), ("copycal", copy)):
                flush()
                self.sync()
                t0 = self.clock()
                self.channel.request({"op": op})
                into.append(self.clock() - t0)
        # The least of the rounds is subtracted: a call is never credited with more overhead than was ever seen,
        # so noise in the calibration cannot make a candidate look faster.
        self.handshake_ns = statistics.median(null)
        self.null_least_ns = min(null)
        self.null_after_ns = self.null_least_ns
        self.overhead_ns = min(copy)
        self.result["handshake"] = {"null_us": self.handshake_ns / 1e3, "with_copy_us": statistics.median(copy) / 1e3,
                                    "subtracted_us": self.overhead_ns / 1e3, "rounds": rounds}

    def upcoming_seed(self):
        if self.pending_seed is None:
            self.pending_seed = self.rng.randrange(1, 2 ** 31 - 1)
        return self.pending_seed

    def take_seed(self):
        """The input seed of the next call. Seeds are drawn one call ahead: the worker sets its random number
        generators for a call (forward_seed) after answering the call before it, off the clock."""
        seed = self.upcoming_seed()
        self.pending_seed = None
        return seed

    def load(self, extra):
        message = {"op": "load", "task": self.args.worker_task or self.args.task, "init_seed": self.args.init_seed,
                   "precision": self.args.precision, "rng": forward_seed(self.forward_key, self.upcoming_seed())}
        message.update(extra)
        answer = self.channel.request(message)
        if not answer.get("ok"):
            raise Failure("the candidate could not be loaded: " + answer.get("reason", "?"),
                          traceback=answer.get("traceback", ""))
        return answer

    def call(self, index):
        """One call: the time is the driver's, from the request to the answer that comes after the device sync
        and the output copy, less the copy-and-handshake cost measured before the candidate existed."""
        message = {"op": "call", "index": index, "next_rng": forward_seed(self.forward_key, self.upcoming_seed())}
        t0 = self.clock()
        answer = self.channel.request(message)
        elapsed = self.clock() - t0
        if not answer.get("ok"):
            raise Failure("the candidate failed while running: " + answer.get("reason", "?"),
                          traceback=answer.get("traceback", ""))
        return elapsed, answer

    # ------------------------------------------------------------------ keeping and judging outputs

    def keep(self, full):
        if full:
            return [t.clone() for t in self.shared_outputs]
        return [t.reshape(-1)[idx].clone() for t, idx in zip(self.shared_outputs, self.sample_index)]

    def compare(self, candidate, reference, counts):
        """Element-wise check of one output (or its sample); counts accumulates over the calls. In slices, so that
        an output of billions of elements needs a few of its slices' size in fp64, not its own size several times."""
        if candidate.shape != reference.shape:
            candidate = candidate.reshape(reference.shape)
        for cand, ref in zip(chunks(candidate), chunks(reference)):
            self.compare_slice(cand, ref, counts)

    def compare_slice(self, candidate, reference, counts):
        """In fp32 for fp32 (and narrower) outputs: the difference's own rounding (6e-8 of it) is far below any
        tolerance, and the judge of a large output is bound by memory traffic, which fp64 doubles. The common case (all
        finite, all within tolerance) takes a lean path with one wait for the device; a slice with a mismatch or a value
        that is not finite is judged again the exact way (isclose, NaN equal to NaN), which decides its counts."""
        torch = self.torch
        counts["elements"] += reference.numel()
        if not reference.is_floating_point() and not reference.is_complex():
            counts["mismatches"] += int(reference.ne(candidate).sum())
            return
        if not reference.numel():
            return
        if reference.is_complex() or reference.dtype == torch.float64:
            self.compare_exact(candidate, reference, counts)
            return
        cand = candidate.to(torch.float32)
        ref = reference.to(torch.float32)
        diff = torch.sub(cand, ref).abs_()
        scale = ref.abs()
        bound = scale.mul(self.args.rtol).add_(self.args.atol)
        within = torch.le(diff, bound).sum()
        rel = torch.div(diff, scale.clamp_min_(1e-12), out=bound)
        good, max_abs, max_rel = torch.stack([within.to(torch.float64), diff.max().to(torch.float64),
                                              rel.max().to(torch.float64)]).tolist()
        del diff, scale, bound, rel
        if int(good) != ref.numel() or not (math.isfinite(max_abs) and math.isfinite(max_rel)):
            self.compare_exact(cand, ref, counts)
            return
        counts["max_abs"] = max(counts["max_abs"], max_abs)
        counts["max_rel"] = max(counts["max_rel"], max_rel)

    def compare_exact(self, candidate, reference, counts):
        """The exact comparison of one slice whose elements were already counted."""
        torch = self.torch
        work = torch.complex128 if reference.is_complex() else (
            torch.float64 if reference.dtype == torch.float64 else torch.float32)
        cand = candidate.to(work)
        ref = reference.to(work)
        # |cand - ref| <= atol + rtol |ref|, where the same infinity or NaN on both sides passes
        close = torch.isclose(cand, ref, rtol=self.args.rtol, atol=self.args.atol, equal_nan=True)
        bad = ref.numel() - int(close.sum())
        del close
        counts["mismatches"] += bad
        if bad and bool((ref.isfinite() & ~cand.isfinite()).any()):
            counts["non_finite"] = True
        diff = cand - ref
        diff = (diff.abs() if diff.is_complex() else diff.abs_()).nan_to_num_(0.0, 0.0, 0.0)  # not finite: 0
        counts["max_abs"] = max(counts["max_abs"], float(diff.max()))
        rel = diff.div_(ref.abs().clamp_min_(1e-12)).nan_to_num_(0.0, 0.0, 0.0)
        counts["max_rel"] = max(counts["max_rel"], float(rel.max()))

    @staticmethod
    def new_counts():
        return {"elements": 0, "mismatches": 0, "max_abs": 0.0, "max_rel": 0.0, "non_finite": False}

    def message_of(self, counts):
        if counts["non_finite"]:
            return "The candidate's output holds NaN or Inf where the reference's is finite."
        if counts["mismatches"]:
            return "%d of %d elements differ by more than atol %g + rtol %g x |reference| (largest difference %g)." % (
                counts["mismatches"], counts["elements"], self.args.atol, self.args.rtol, counts["max_abs"])
        return ""

    def relative_rms(self, a, b):
        """The RMS of a - b and of b, in fp64 (the error measured is near fp32's own rounding), over the elements
        finite on both sides."""
        err, _, scale = self.errors_vs_fp64(a, a, b)
        return err, scale

    def precision_sample(self, candidate, ref32, ref64):
        """The elements the precision check reads: all of them up to PRECISION_ELEMENTS, else that many at secret
        random positions (the RMS over them estimates the whole output's to a fraction of a percent; the tolerance
        check above still reads every element)."""
        torch = self.torch
        n = ref64.numel()
        if n <= PRECISION_ELEMENTS:
            return candidate, ref32, ref64
        generator = torch.Generator(device=ref64.device).manual_seed(self.rng.randrange(1, 2 ** 62))
        at = torch.randint(0, n, (PRECISION_ELEMENTS,), device=ref64.device, generator=generator)
        return candidate.reshape(-1)[at], ref32.reshape(-1)[at], ref64.reshape(-1)[at]

    def errors_vs_fp64(self, candidate, ref32, ref64):
        """The RMS of candidate - ref64, of ref32 - ref64 and of ref64, in fp64, over the elements finite everywhere.
        One slice at a time, fp32 read as it is (the subtraction widens it), one wait for the device per slice."""
        torch = self.torch
        if not ref64.numel():
            return 0.0, 0.0, 0.0
        sums = [0.0, 0.0, 0.0]
        same = candidate is ref32
        for x, r, y in zip(chunks(candidate.reshape(ref64.shape)), chunks(ref32.reshape(ref64.shape)), chunks(ref64)):
            norms = [torch.linalg.vector_norm(torch.sub(x, y), dtype=torch.float64)]
            norms.append(norms[0] if same else torch.linalg.vector_norm(torch.sub(r, y), dtype=torch.float64))
            norms.append(torch.linalg.vector_norm(y, dtype=torch.float64))
            d, e, n = torch.stack(norms).tolist()
            if not all(math.isfinite(v) for v in (d, e, n)):
                x64, r64, y64 = x.to(torch.float64), r.to(torch.float64), y.to(torch.float64)
                finite = x64.isfinite() & r64.isfinite() & y64.isfinite()
                d = float(((x64 - y64).masked_fill(~finite, 0) ** 2).sum()) ** 0.5
                e = float(((r64 - y64).masked_fill(~finite, 0) ** 2).sum()) ** 0.5
                n = float((y64.masked_fill(~finite, 0) ** 2).sum()) ** 0.5
                del x64, r64, y64, finite
            sums[0] += d * d
            sums[1] += e * e
            sums[2] += n * n
        count = ref64.numel()
        return tuple(math.sqrt(v / count) for v in sums)

    def fp64_reference(self, inputs, seed):
        import copy

        torch = self.torch
        if not hasattr(self, "model64"):
            try:
                self.model64 = copy.deepcopy(self.model).to(torch.float64)
            except Exception as e:
                self.model64 = None
                self.precision_note = "the reference cannot run in fp64: %s" % first_line(e)
        if self.model64 is None:
            return None
        wide = [x.to(torch.float64) if isinstance(x, torch.Tensor) and x.is_floating_point() else x for x in inputs]
        try:
            if not hasattr(self, "state64"):
                self.state64 = BufferState(torch, self.model64)
            self.state64.restore()
            torch.manual_seed(forward_seed(self.forward_key, seed))
            with torch.no_grad():
                out = tensors_of(torch, self.model64(*wide))
            self.sync()
            return out
        except Exception as e:
            self.precision_note = "the reference cannot run in fp64: %s: %s" % (type(e).__name__, first_line(e))
            self.model64 = None
            return None

    def degenerate(self, ref32, ref64):
        """Whether this task's comparison can tell a constant from the answer. A reference that is rounding noise
        (its fp32 error against fp64 as large as the output itself) is degenerate; one that zeros or its mean
        would pass is compared relative to its own scale instead, and degenerate if a constant still passes."""
        torch = self.torch
        for i, r in enumerate(ref32):
            if not r.is_floating_point() or r.numel() < 2:
                continue
            if ref64 is not None:
                err, scale = self.relative_rms(r, ref64[i])
                if scale <= 10 * err or scale == 0:
                    return "the reference's output is rounding noise (RMS %.3g against an fp32 error of %.3g), so any " \
                           "constant near zero passes" % (scale, err)
            def within(constant, atol):
                return all(bool(((rd - constant).abs() <= atol + self.args.rtol * rd.abs()).all())
                           for rd in (c.to(torch.float64) for c in chunks(r)))

            mean = float(torch.mean(r, dtype=torch.float64))
            for name, constant in (("zeros", 0.0), ("its mean", mean)):
                if within(constant, self.args.atol):
                    rms = math.sqrt(sum(float((c.to(torch.float64) ** 2).sum()) for c in chunks(r)) / r.numel())
                    scaled = 1e-2 * rms
                    if within(constant, scaled):
                        return "an output of %s passes the comparison even at 1%% of the output's own scale" % name
                    self.tightened_atol = min(getattr(self, "tightened_atol", self.args.atol), scaled)
        return None

    # ------------------------------------------------------------------ the evaluation

    def plan_calls(self, estimate_ns):
        p = self.protocol
        est_ms = max(estimate_ns / 1e6, 1e-3)
        n = max(p.get("min_calls", 100), math.ceil(p.get("min_ms", 100) / est_ms))
        return min(n, p.get("max_calls", 10000), max(p.get("min_calls", 100), int(p.get("max_ms", 10000) / est_ms)))

    def run_calls(self, timed, keep=True, base=0):
        """Warm-up (by time), then the timed calls; every call has inputs of its own and is kept for the judge."""
        flush = Flusher(self.torch, self.device)
        self.calls = []  # (seed, scale, elapsed_ns, kept outputs, full)
        trials = max(1, self.args.trials)

        def one(index, full, tail):
            seed = self.take_seed()
            scale = self.tail_scale if tail else 1.0
            self.write_inputs(seed, scale)
            flush()
            self.sync()
            elapsed, answer = self.call(index)
            if timed:
                # A call that does nothing right after each call, on the same machine at the same moment: where the
                # least of these is below the calibration's least, the channel is faster now than it was then, and
                # the subtracted cost (handshake and output copy) is lowered by the difference. A candidate can make
                # these slower, never faster than the channel, so it cannot shrink its own time.
                t0 = self.clock()
                self.channel.request({"op": "null"})
                self.null_after_ns = min(self.null_after_ns, self.clock() - t0)
            if answer.get("mismatch"):
                raise Failure(answer["mismatch"], kind="verify")
            if answer.get("layout_differs"):
                self.layout_differs = True
            self.extension_calls += answer.get("extension_calls", 0)
            self.calls.append({"seed": seed, "scale": scale, "ns": elapsed, "kept": self.keep(full) if keep else None,
                               "full": full})

        self.extension_calls = 0
        self.layout_differs = False
        if not timed:
            tail_at = self.rng.randrange(trials)
            for i in range(trials):
                one(i, True, i == tail_at and self.tail_scale != 1.0)
            self.warmup = len(self.calls)
            return
        warm_start = time.perf_counter()
        while len(self.calls) < 3 or (time.perf_counter() - warm_start) * 1e3 < self.protocol.get("warmup_ms", 25):
            one(base + len(self.calls), False, False)
        self.warmup = len(self.calls)
        estimate = statistics.median(c["ns"] for c in self.calls[1:])
        n = max(self.plan_calls(estimate), trials)
        kept = set(self.rng.sample(range(n), trials))
        tail_at = self.rng.choice(sorted(kept)) if self.tail_scale != 1.0 else -1
        for i in range(n):
            one(base + self.warmup + i, i in kept, i == tail_at)

    def judge(self):
        """The reference, computed now that the worker is gone, on the inputs of every call kept in full and of a
        secret random choice of the others (JUDGED_SAMPLED_CALLS)."""
        trials, sampled = [], self.new_counts()
        precision = {"policy": self.args.precision, "factor": PRECISION_FACTOR,
                     "floor": PRECISION_FLOOR.get(self.args.precision, 2e-5)}
        worst = None
        self.precision_note = ""
        degenerate_checked = False
        if self.known:
            # The task's verdict on constants, from its first evaluation here: no reference work for it, and a
            # tightened atol applies to every call from the start.
            degenerate_checked = True
            self.degenerate_seen = self.known["degenerate"]
            if self.known["degenerate"]:
                self.result["degenerate"] = self.known["degenerate"]
                kwb_guard.add_flag(self.flags, "degenerate-task", "This task cannot be judged: %s." % self.known["degenerate"])
            elif self.known.get("tightened_atol") is not None:
                self.tightened_atol = self.known["tightened_atol"]
                self.args.atol = self.tightened_atol
        others = [i for i, call in enumerate(self.calls) if not call["full"]]
        judged = set(others if len(others) <= JUDGED_SAMPLED_CALLS else self.rng.sample(others, JUDGED_SAMPLED_CALLS))
        spent = {"reference_s": 0.0, "fp64_s": 0.0, "compare_s": 0.0}
        clock = time.perf_counter
        for i, call in enumerate(self.calls):
            if not call["full"] and i not in judged:
                continue
            t0 = clock()
            inputs = self.make_inputs(call["seed"], call["scale"])
            ref = self.reference(inputs, call["seed"])
            t1 = clock()
            spent["reference_s"] += t1 - t0
            if not call["full"]:
                for kept, r, idx in zip(call["kept"], ref, self.sample_index):
                    self.compare(kept, r.reshape(-1)[idx], sampled)
                spent["compare_s"] += clock() - t1
                continue
            ref64 = self.fp64_reference(inputs, call["seed"])
            t2 = clock()
            spent["fp64_s"] += t2 - t1
            if not degenerate_checked:
                degenerate_checked = True
                reason = self.degenerate(ref, ref64)
                self.degenerate_seen = reason
                if reason:
                    self.result["degenerate"] = reason
                    kwb_guard.add_flag(self.flags, "degenerate-task", "This task cannot be judged: %s." % reason)
            counts = self.new_counts()
            for kept, r in zip(call["kept"], ref):
                self.compare(kept, r, counts)
            entry = {"passed": not counts["mismatches"] and not counts["non_finite"], "max_abs_error": counts["max_abs"],
                     "max_rel_error": counts["max_rel"],
                     "mismatch_fraction": counts["mismatches"] / counts["elements"] if counts["elements"] else 0.0}
            if call["scale"] != 1.0:
                entry["tail_scale"] = call["scale"]
            if not entry["passed"]:
                entry["message"] = self.message_of(counts)
            if self.args.keep_outputs:
                self.torch.save([t.cpu() for t in call["kept"]], os.path.join(self.out, "candidate_out_%d.pt" % len(trials)))
                self.torch.save([t.cpu() for t in ref], os.path.join(self.out, "reference_out_%d.pt" % len(trials)))
            if ref64 is not None:
                for kept, r32, r64 in zip(call["kept"], ref, ref64):
                    if not r32.is_floating_point():
                        continue
                    cand_err, ref_err, scale = self.errors_vs_fp64(*self.precision_sample(kept, r32, r64))
                    if scale > 0:
                        cand_rel, ref_rel = cand_err / scale, ref_err / scale
                        entry["error_vs_fp64"] = cand_rel
                        entry["reference_error_vs_fp64"] = ref_rel
                        bound = max(PRECISION_FACTOR * ref_rel, precision["floor"])
                        if worst is None or cand_rel / bound > worst[0] / worst[1]:
                            worst = (cand_rel, bound, ref_rel)
            trials.append(entry)
            spent["compare_s"] += clock() - t2
        self.result["judge"] = dict({k: round(v, 4) for k, v in spent.items()}, calls_judged=len(judged) + len(trials))
        if worst is not None and all(t["passed"] for t in trials):
            precision.update(candidate_error=worst[0], reference_error=worst[2], bound=worst[1])
            if worst[0] > worst[1]:
                kwb_guard.add_flag(self.flags, "precision-below-policy",
                                   "The output's error against an fp64 reference (relative RMS %.3g) is more than %g times "
                                   "the fp32 reference's own (%.3g) and above the %s policy's %.3g." % (
                                       worst[0], PRECISION_FACTOR, worst[2], self.args.precision, precision["floor"]))
        elif self.precision_note:
            precision["note"] = self.precision_note
        self.result["precision_check"] = precision
        failed = next((t for t in trials if not t["passed"]), None)
        message = ""
        if failed is not None:
            message = "Trial %d: %s" % (trials.index(failed) + 1, failed["message"])
        elif sampled["mismatches"] or sampled["non_finite"]:
            message = "Sampled elements of the other calls: " + self.message_of(sampled)
        self.result["verify"] = {"status": "failed" if message else "passed", "message": message, "trials": trials,
                                 "calls_checked": len(judged) + len(trials), "calls_made": len(self.calls),
                                 "calls_in_full": len(trials),
                                 "sampled_elements": sampled["elements"], "sampled_mismatches": sampled["mismatches"],
                                 "tail_scale": self.tail_scale,
                                 "seeds": [c["seed"] for c in self.calls if c["full"]]}
        if getattr(self, "tightened_atol", None) is not None and not self.result.get("degenerate"):
            self.result["verify"]["note"] = "zeros pass this task's atol; the output's scale decides instead (atol %.3g)" % self.tightened_atol
            if self.known:
                return  # every call was compared at the tightened atol
            self.args.atol = self.tightened_atol
            recheck = self.new_counts()
            for call in self.calls:
                if call["full"]:
                    for kept, r in zip(call["kept"], self.reference(self.make_inputs(call["seed"], call["scale"]), call["seed"])):
                        self.compare(kept, r, recheck)
            if recheck["mismatches"] or recheck["non_finite"]:
                self.result["verify"].update(status="failed", message="At the output's own scale: " + self.message_of(recheck))

    def keep_task_facts(self):
        """What the next evaluation of this task here need not compute again: the buffers' dtypes and shapes, the tail
        scale, the floor and the verdict on constants (judged on the first kept call's reference and fp64)."""
        if self.known or not self.args.baseline_cache or not hasattr(self, "degenerate_seen"):
            return
        facts = {"inputs": [{k: v for k, v in spec.items() if k != "buffer"} for spec in self.input_specs],
                 "outputs": [{k: v for k, v in spec.items() if k != "buffer"} for spec in self.output_specs],
                 "tail_scale": self.tail_scale, "floor": self.result.get("floor"), "degenerate": self.degenerate_seen,
                 "tightened_atol": getattr(self, "tightened_atol", None)}
        try:
            os.makedirs(self.args.baseline_cache, exist_ok=True)
            path = os.path.join(self.args.baseline_cache, task_key(self.torch, self.args) + ".facts.json")
            write_json(path + ".%d" % os.getpid(), facts)
            os.replace(path + ".%d" % os.getpid(), path)
        except (OSError, TypeError, ValueError):
            pass  # the next evaluation computes them again

    def overhead(self):
        """What each call's time is corrected by. On the GPU, the calibrated handshake with the output copy (a copy of
        a large output takes milliseconds), lowered by how much faster the bare handshake got during the calls. On the
        CPU, where an output's copy is small next to the noise of a handshake after a 64 MB flush, the least bare
        handshake seen, before or right after the calls."""
        if self.device == "cuda":
            return self.overhead_ns - max(0, self.null_least_ns - self.null_after_ns)
        return min(self.overhead_ns, self.null_least_ns, self.null_after_ns)

    def timing(self):
        overhead = self.overhead()
        self.result["handshake"]["null_after_calls_us"] = self.null_after_ns / 1e3
        self.result["handshake"]["subtracted_us"] = overhead / 1e3
        samples = [max(c["ns"] - overhead, 0) / 1e3 for c in self.calls[self.warmup:]]
        stats = summarize(samples)
        raw = summarize([c["ns"] / 1e3 for c in self.calls[self.warmup:]])
        return stats, raw

    def facts(self, cached):
        """The task's floor (from the cached baselines when they have it) and the machine, counted while the
        worker is still starting."""
        floor = (cached or {}).get("floor")
        self.result["floor"] = floor if floor else count_floor(self.torch, self.task, self.args.init_seed, self.args.device)
        self.result["environment"] = environment(self.torch, self.args.device)

    def evaluate(self, cached=None):
        args = self.args
        self.load_task()
        self.known = cached_task_facts(self.torch, args)
        self.shape_the_buffers(self.known)
        self.facts(cached or self.known)
        self.phase("task")
        self.handshake()
        self.phase("handshake")
        loaded = self.load({"candidate": args.candidate, "module": args.module, "prebuilt": args.prebuilt})
        self.result["weights"] = loaded.get("weights", "")
        self.phase("load")
        timed = args.mode == "full"
        if timed:
            with self.gpu.measure():
                self.run_calls(True)
        else:
            self.run_calls(False)
        self.phase("calls")
        finish = self.channel.request({"op": "finish"})
        report = finish if finish.get("ok") else {}
        if not self.channel.wait_closed(20):
            kwb_guard.add_flag(self.flags, "left-processes", "A process of the candidate's kept running after its "
                               "worker finished (it still holds the channel).")
        self.phase("finish")
        # The worker has exited: from here on nothing of the candidate's runs. The shared buffers are done with; their
        # memory goes to the reference and the fp64 checks.
        self.shared_inputs = self.shared_outputs = self.buffers = None
        if self.device == "cuda":
            self.torch.cuda.empty_cache()
        self.judge()
        self.phase("judge")
        self.keep_task_facts()
        for flag in report.get("flags", []):
            kwb_guard.add_flag(self.flags, flag["name"], flag["detail"])
        ops = report.get("ops")
        if args.device == "cpu":
            if ops is None:
                kwb_guard.add_flag(self.flags, "check-not-run", "The op recorder of the candidate's worker did not report.")
            elif ops:
                names = ", ".join("aten.%s (%d)" % item for item in sorted(ops.items()))
                kwb_guard.add_flag(self.flags, "torch-op-at-runtime", "forward ran torch ops: %s." % names)
        if not report.get("extensions"):
            kwb_guard.add_flag(self.flags, "no-custom-kernel", "the candidate loads no compiled extension.")
        elif self.extension_calls == 0:
            kwb_guard.add_flag(self.flags, "extension-not-called", "forward never called the candidate's compiled extension.")
        self.result["candidate_precision"] = report.get("precision", {})
        if self.layout_differs:
            self.result["layout_differs"] = True
        if report.get("trace"):
            self.result["trace"] = report["trace"]
        if timed:
            stats, raw = self.timing()
            self.result["timing"] = {"candidate": stats, "outer": raw, "warmup_calls": self.warmup,
                                     "samples_us": [round(c["ns"] / 1e3, 3) for c in self.calls[self.warmup:]]}
        self.result["calls"] = len(self.calls)

    def baselines(self):
        args = self.args
        cached = cached_baselines(self.torch, args)
        if cached is not None:
            # Timed by an evaluation before this one (the runner asks before it knows): the worker is not needed.
            self.result.update(cached, cached=True)
            self.channel.sock.close()
            return
        self.load_task()
        self.shape_the_buffers(cached_task_facts(self.torch, args))
        self.facts(None)
        self.handshake()
        self.phase("handshake")
        timings = {}
        for base, (name, compiled) in ((0, ("eager", False)), (1000000, ("compiled", True))):
            self.load({"compiled": compiled})
            if compiled:
                start = time.perf_counter()
                self.write_inputs(self.take_seed())
                self.call(-1)
                timings["compile_seconds"] = time.perf_counter() - start
            with self.gpu.measure():
                self.run_calls(True, keep=False, base=base)
            timings[name] = self.timing()[0]
            # Which calls of the worker's trace were timed, for the GPU's own figure (kwb-runner reads it).
            timings[name + "_calls"] = {"first": base + self.warmup, "n": len(self.calls) - self.warmup}
            self.phase(name)
        self.channel.request({"op": "finish"})
        timings["floor"] = self.result["floor"]
        timings["handshake"] = self.result["handshake"]
        self.result.update(timings)
        if args.baseline_cache:
            os.makedirs(args.baseline_cache, exist_ok=True)
            timings["cache_file"] = os.path.join(args.baseline_cache, baseline_key(self.torch, args) + ".json")
            self.result["cache_file"] = timings["cache_file"]
            write_json(timings["cache_file"], timings)


def baseline_key(torch, args):
    """Task source, GPU, torch, device, precision, protocol, init seed and which figure the times are (the GPU's own
    from the trace, or the driver's clock), so baselines timed another way are never compared with a candidate."""
    digest = hashlib.sha256()
    with open(args.task, "rb") as f:
        digest.update(f.read())
    gpu = torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu"
    figure = "gpu-trace" if args.traced else "driver-clock"
    for part in (gpu, torch.__version__, args.device, args.precision, args.protocol, str(args.init_seed), figure):
        digest.update(b"\0" + part.encode())
    return digest.hexdigest()[:24]


def cached_baselines(torch, args):
    if not args.baseline_cache:
        return None
    path = os.path.join(args.baseline_cache, baseline_key(torch, args) + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)




def task_key(torch, args):
    """Task source, GPU, torch, device, precision, init seed and tolerances: what a task's kept facts depend on."""
    digest = hashlib.sha256()
    with open(args.task, "rb") as f:
        digest.update(f.read())
    gpu = torch.cuda.get_device_name(0) if args.device == "cuda" else "cpu"
    for part in (gpu, torch.__version__, args.device, args.precision, str(args.init_seed), repr(args.atol),
                 repr(args.rtol), "facts-1"):
        digest.update(b"\0" + part.encode())
    return "task-" + digest.hexdigest()[:24]


def cached_task_facts(torch, args):
    if not args.baseline_cache:
        return None
    try:
        with open(os.path.join(args.baseline_cache, task_key(torch, args) + ".facts.json")) as f:
            facts = json.load(f)
        if all(k in facts for k in ("inputs", "outputs", "tail_scale", "degenerate")):
            return facts
    except (OSError, ValueError):
        pass
    return None


def warm_the_judge(torch, device):
    """The first use of a library or a kernel in a process costs far more than the next (cuBLAS and cuDNN handles,
    kernels loaded on first launch): paid here, while a pair warms up, instead of inside an evaluation. A small matmul
    and convolution in fp32 and fp64, and the judge's own comparisons on a few thousand elements."""
    import types

    with torch.no_grad():
        for dtype in (torch.float32, torch.float64):
            a = torch.randn(64, 64, device=device, dtype=dtype)
            (a @ a).sum().item()
            torch.nn.functional.conv2d(a.view(1, 1, 64, 64), a[:3, :3].reshape(1, 1, 3, 3)).sum().item()
    probe = Evaluation.__new__(Evaluation)
    probe.torch = torch
    probe.args = types.SimpleNamespace(atol=1e-2, rtol=1e-2)
    a = torch.randn(4096, device=device)
    b = a + 1e-3
    counts = probe.new_counts()
    probe.compare(a, b, counts)
    probe.compare(a, b + 1.0, counts)  # the exact path, taken where a slice has a mismatch
    probe.compare(a[torch.randint(0, 4096, (256,), device=device)].clone(), b[:256], counts)
    probe.errors_vs_fp64(a, b, b.to(torch.float64))
    Flusher(torch, device)()
    if device == "cuda":
        torch.cuda.synchronize()


def arguments_when_warm(argv):
    """A driver of kwb-runner's pool starts before its evaluation is known: torch imported and the device ready, it
    waits for the evaluation's arguments. End-of-file before any means the pool no longer needs it."""
    if "--args-fd" not in argv:
        return argv
    at = argv.index("--args-fd")
    fd = int(argv[at + 1])
    own = argv[:at] + argv[at + 2:]
    import types

    device = own[own.index("--device") + 1] if "--device" in own else "cuda"
    # Both processes import torch (CPU only) at once; then the pair touches the device (two CUDA contexts, the judge's
    # libraries) while it holds the GPU shared, so never while another evaluation measures, and only for that part:
    # a share held through the imports would keep every measurement waiting on the pairs that warm up.
    global WARMED_UP
    WARMED_UP = True
    turns = kwb_gpulock.GpuTurns(os.environ.get("KWB_GPU_LOCK_DIR") if device == "cuda" else None)
    channel = socket.socket(fileno=os.dup(int(own[own.index("--channel-fd") + 1])))
    import torch

    turns.share()
    channel.send(b'{"op": "go"}')
    if device == "cuda":
        torch.cuda.init()
        torch.empty(1, device="cuda")
        torch.cuda.synchronize()
    # What every evaluation's first use would pay for otherwise: the FLOP counter's imports, a seeded draw, the
    # machine's description.
    environment(torch, device)
    count_floor(torch, types.SimpleNamespace(Model=lambda: torch.nn.Linear(4, 4), get_init_inputs=lambda: [],
                                             get_inputs=lambda: [torch.randn(2, 4)]), 1, device)
    warm_the_judge(torch, device)
    channel.settimeout(600)
    try:
        channel.recv(1 << 16, socket.MSG_PEEK)  # the worker's hello, left for the evaluation to read
    except OSError:
        pass  # the evaluation finds the worker gone and says so
    channel.close()
    turns.close()
    data = b""
    while True:
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            break
        data += chunk
    os.close(fd)
    if not data:
        sys.exit(0)
    global START
    START = time.perf_counter()
    return own + data.decode().split("\0")[:-1]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("evaluate", "baselines"))
    parser.add_argument("--task", required=True)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--channel-fd", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--candidate", default="")
    parser.add_argument("--module", default="")
    parser.add_argument("--mode", choices=("full", "verify"), default="full")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--init-seed", type=int, default=42)
    parser.add_argument("--atol", type=float, default=1e-2)
    parser.add_argument("--rtol", type=float, default=1e-2)
    parser.add_argument("--precision", choices=("fp32", "tf32"), default="fp32")
    parser.add_argument("--protocol", default="{}")
    parser.add_argument("--baseline-cache", default="")
    parser.add_argument("--call-timeout", type=float, default=600)
    parser.add_argument("--keep-outputs", action="store_true", help="save the kept calls' outputs and the reference's")
    parser.add_argument("--traced", action="store_true", help="the worker runs under the CUPTI tracer")
    parser.add_argument("--worker-task", default="", help="the task as the worker sees it (default: --task)")
    parser.add_argument("--prebuilt", default="", help="the runner's build of a single-file candidate's extensions")
    parser.add_argument("--args-fd", type=int, default=-1,
                        help="warm up, then read the evaluation's arguments (each ended by a NUL) from this descriptor")
    args = parser.parse_args(arguments_when_warm(sys.argv[1:]))
    os.makedirs(args.out, exist_ok=True)
    result_path = os.path.join(args.out, args.command + ".json")
    evaluation = None
    try:
        evaluation = Evaluation(args)
        if args.command == "evaluate":
            cached = cached_baselines(evaluation.torch, args)
            if cached is not None:
                evaluation.result["cached_baselines"] = cached
            evaluation.evaluate(cached)
        else:
            evaluation.baselines()
        evaluation.result["flags"] = evaluation.flags
        write_json(result_path, evaluation.result)
    except Failure as f:
        data = evaluation.result if evaluation else {"stage": args.command}
        data.update(ok=False, reason=f.reason, failure=f.kind, **f.extra)
        if evaluation is not None:
            data["flags"] = evaluation.flags
            if "environment" not in data:
                data["environment"] = environment(evaluation.torch, args.device)
            data["calls_done"] = len(getattr(evaluation, "calls", []))
        write_json(result_path, data)
        print("kwb-driver: " + f.reason, file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    try:
        main()
        code = 0
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else 1
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # the result is written; tearing down torch and the device context would only add time
