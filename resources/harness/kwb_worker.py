#!/usr/bin/env python3
"""The process that runs a candidate (or, for the baselines, the task's own Model): it only computes.

kwb-runner starts it inside the sandbox with one end of a channel (a Unix SEQPACKET socket) and nothing else; the
trusted driver (kwb_driver.py) holds the other end. Before any model code is loaded the worker imports torch and
creates its CUDA context, then answers the driver's messages, one JSON object each:

  null          answer at once (after a device sync): the driver measures the handshake's own cost
  buffers       map the shared input and output buffers whose descriptors come with the message
  copycal       copy a buffer the size of the outputs into the output buffers: the driver measures what the copy costs
  load          import the candidate (or the task's Model, or torch.compile of it) and give it the task's weights
  call          run forward once on the shared inputs, wait for the device, copy the outputs into the shared output
                buffers, answer
  finish        report what was seen, write the trace, exit

The worker keeps no clock, no sample, no input of its own and no verdict: the driver writes each call's inputs,
takes the time, reads the outputs and judges. What the worker reports (ops it saw, flags) is advice the driver
records as coming from the candidate's process.
"""

import json
import os
import socket
import sys
import threading
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from kwb_common import BufferState, first_line, import_file, precision_state, set_mode, set_precision  # noqa: E402
import kwb_guard  # noqa: E402
import kwb_shm  # noqa: E402

_dumps = json.dumps
_loads = json.loads


class Worker:
    def __init__(self, fd, device, kind):
        sock = socket.socket(fileno=fd)
        # Bound now: a candidate that rebinds socket's methods later changes nothing here.
        self._send = sock.send
        self._sock = sock
        self._recv_fds = socket.recv_fds
        self.device = device
        self.kind = kind  # "candidate" or "reference"
        import torch

        self.torch = torch
        self._sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
        if device == "cuda":
            torch.cuda.init()
            torch.empty(1, device="cuda")
            torch.cuda.synchronize()
        else:
            # The first dispatch mode entered imports seconds of torch; done here, before the driver's clock runs.
            with kwb_guard.recorder_class(torch)(set()):
                torch.zeros(2) + 1
        self.inputs = []
        self.input_buffers = []
        self.outputs = []
        self.model = None
        self.counter = kwb_guard.ExtensionCounter()
        self.flags = []
        self.ops = {}
        self.threads_before = {t.ident for t in threading.enumerate()}
        self.snapshot = None
        self.state = None
        self.recorder = None
        self.previous = set()
        self.keep = None
        self.nvtx = torch.cuda.nvtx if device == "cuda" and os.environ.get("CUDA_INJECTION64_PATH") else None

    def send(self, message):
        self._send(_dumps(message).encode())

    def receive(self):
        data, fds, _, _ = self._recv_fds(self._sock, 1 << 20, 64)
        if not data:
            return None, []
        return _loads(data.decode()), fds

    # ------------------------------------------------------------------ messages

    def on_buffers(self, message, fds):
        torch = self.torch
        buffers = [kwb_shm.SharedBuffer(torch, self.device, spec["nbytes"], fd) for spec, fd in zip(message["buffers"], fds)]
        self.inputs, self.outputs = [], []
        for entry in message["inputs"]:
            if entry["kind"] == "tensor":
                self.inputs.append(buffers[entry["buffer"]].view(torch, getattr(torch, entry["dtype"]), entry["shape"]))
            else:
                self.inputs.append(entry["value"])
        for entry in message["outputs"]:
            self.outputs.append(buffers[entry["buffer"]].view(torch, getattr(torch, entry["dtype"]), entry["shape"]))
        self.source = buffers[message["source"]].tensor if "source" in message else None
        return {"ok": True}

    def on_copycal(self, message):
        # The copy a call ends with, of data the driver wrote, before any candidate code exists in this process.
        offset = 0
        for out in self.outputs:
            flat = out.view(-1).view(self.torch.uint8) if out.numel() else out
            n = flat.numel()
            flat.copy_(self.source[offset: offset + n])
            offset += n
        self._sync()
        return {"ok": True}

    def on_load(self, message):
        torch = self.torch
        set_precision(torch, message["precision"])
        task = import_file(message["task"], "kwb_task")
        torch.manual_seed(message["init_seed"])
        with torch.device(self.device):
            reference = task.Model(*task.get_init_inputs())
        state = {k: v.detach().clone() for k, v in reference.to(self.device).state_dict().items()}
        if self.kind == "reference":
            model = set_mode(reference.to(self.device), task)
            self.state = BufferState(torch, model)
            if message.get("compiled"):
                model = torch.compile(model)
            self.model = model
            self.between_calls(message.get("rng"))
            return {"ok": True, "weights": "own"}
        del reference
        self.snapshot = kwb_guard.Snapshot(torch, sys.modules[__name__])
        if self.device == "cpu":
            self.recorder = kwb_guard.recorder_class(torch)(kwb_guard.allowed_aten_ops(task))
        if message.get("module"):
            import importlib.util

            spec = importlib.util.spec_from_file_location("cuda_extension", message["module"])
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            sys.modules["cuda_extension"] = self.counter.wrap(module)
        else:
            import torch.utils.cpp_extension as cpp_extension

            self.counter.hook_cpp_extension(cpp_extension, message.get("prebuilt", ""))
        path = message["candidate"]
        if os.path.isdir(path):
            sys.path.insert(0, path)
            path = os.path.join(path, "model_new.py")
        self.module = import_file(path, "kwb_candidate")
        if not hasattr(self.module, "ModelNew"):
            raise ValueError("the candidate defines no ModelNew")
        torch.manual_seed(message["init_seed"])
        with torch.device(self.device):
            model = self.module.ModelNew(*task.get_init_inputs())
        model = set_mode(model.to(self.device), task)
        own = model.state_dict()
        weights = "seeded" if own else "none"
        if own and set(own) == set(state) and all(own[k].shape == state[k].shape for k in own):
            model.load_state_dict(state)
            weights = "copied"
        self.model = model
        self.state = BufferState(torch, model)
        self.held = kwb_guard.held_storages(torch, model, self.module)
        self.between_calls(message.get("rng"))
        return {"ok": True, "weights": weights}

    def between_calls(self, rng):
        """Off the clock, before the next call: the module's buffers back to their first state where a call changes
        them, and the random number generators set as the judge's reference sets them for that call."""
        if self.state is not None and self.state.restore():
            self._sync()
        if rng is not None:
            self.torch.manual_seed(rng)

    def on_call(self, message):
        torch = self.torch
        index = message["index"]
        if self.nvtx:
            self.nvtx.range_push("%s: call %d" % (self.kind, index))
        before = self.counter.calls
        with torch.no_grad():
            if self.recorder is not None:
                with self.recorder:
                    output = self.model(*self.inputs)
            else:
                output = self.model(*self.inputs)
        self._sync()
        answer = self.deliver(output)
        self._sync()
        if self.nvtx:
            self.nvtx.range_pop()
        if self.kind == "candidate":
            answer["extension_calls"] = self.counter.calls - before
            self.last_output = output
        return answer

    def after_call(self):
        """The checks on what a call returned, run once its answer is sent (off the driver's clock); the storages
        the model holds now are those it holds before the next call."""
        torch = self.torch
        output = self.last_output
        kwb_guard.output_flags(torch, output, self.inputs, self.held, self.previous, self.flags)
        self.previous = {t.untyped_storage().data_ptr() for t in kwb_guard.tensors_in(torch, output)}
        self.keep = output  # alive until the next call, so its memory is not handed out again
        self.held = kwb_guard.held_storages(torch, self.model, getattr(self, "module", None))

    def deliver(self, output):
        """Copies what forward returned into the shared output buffers, or says why it does not fit them."""
        torch = self.torch
        tensors = list(kwb_guard.tensors_in(torch, output))
        if len(tensors) != len(self.outputs):
            return {"ok": True, "mismatch": "The candidate returned %d tensor(s), the reference %d." % (len(tensors), len(self.outputs))}
        layout = False
        for i, (t, shared) in enumerate(zip(tensors, self.outputs)):
            label = "output" if len(self.outputs) == 1 else "output %d" % i
            if tuple(t.shape) != tuple(shared.shape):
                return {"ok": True, "mismatch": "The candidate's %s has shape [%s], the reference's [%s]." % (
                    label, ", ".join(str(s) for s in t.shape), ", ".join(str(s) for s in shared.shape))}
            if t.dtype != shared.dtype:
                return {"ok": True, "mismatch": "The candidate's %s is %s, the reference's %s." % (
                    label, str(t.dtype).replace("torch.", ""), str(shared.dtype).replace("torch.", ""))}
            layout = layout or not t.is_contiguous()
            shared.copy_(t.detach())
        return {"ok": True, "layout_differs": layout}

    def on_finish(self, message):
        answer = {"ok": True}
        if self.kind == "candidate":
            if self.recorder is not None:
                answer["ops"] = dict(self.recorder.seen)
            answer["extensions"] = list(self.counter.loaded)
            kwb_guard.thread_flags(self.threads_before, self.flags)
            replaced = self.snapshot.replaced() if self.snapshot else []
            if replaced:
                kwb_guard.add_flag(self.flags, "patched-harness", "the candidate replaced %s." % ", ".join(replaced[:4]))
            answer["flags"] = self.flags
        answer["precision"] = precision_state(self.torch)
        tracer = os.environ.get("CUDA_INJECTION64_PATH", "")
        if tracer.endswith("libkwb_tracer.so"):
            import ctypes

            self._sync()
            ctypes.CDLL(tracer).kwb_trace_finish()
            answer["trace"] = os.environ.get("KWB_TRACE_OUT", "")
        return answer

    def serve(self):
        try:
            self.send({"ready": True, "torch": self.torch.__version__, "device": self.device})
        except OSError:
            return  # the driver needs no worker (it found its answer cached) or is gone: nothing to do
        handlers = {"null": lambda m, f: (self._sync(), {"ok": True})[1], "buffers": self.on_buffers,
                    "copycal": lambda m, f: self.on_copycal(m), "load": lambda m, f: self.on_load(m),
                    "call": lambda m, f: self.on_call(m), "finish": lambda m, f: self.on_finish(m)}
        while True:
            message, fds = self.receive()
            if message is None:
                return
            op = message.get("op")
            try:
                answer = handlers[op](message, fds)
            except Exception as e:
                answer = {"ok": False, "op": op, "reason": "%s: %s" % (type(e).__name__, first_line(e)),
                          "traceback": traceback.format_exc()[-4000:]}
                print(answer["traceback"], file=sys.stderr)
            self.send(answer)
            if op == "finish":
                return
            if op == "call" and answer.get("ok") and self.kind == "candidate" and "mismatch" not in answer:
                self.after_call()
            if op == "call" and answer.get("ok"):
                self.between_calls(message.get("next_rng"))


def main():
    import argparse

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--channel-fd", type=int, required=True)
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--kind", choices=("candidate", "reference"), default="candidate")
    parser.add_argument("--wait-go", action="store_true",
                        help="import torch, then wait for the driver's word before touching the device")
    args = parser.parse_args()
    if args.wait_go:
        # The imports take seconds of CPU and no GPU; the device is touched only once the driver, holding its share of
        # the GPU, says go, so that no measurement of another evaluation runs beside this worker's context creation.
        import torch  # noqa: F401
        if args.kind == "candidate":
            import torch.utils.cpp_extension  # noqa: F401
        waiting = socket.socket(fileno=os.dup(args.channel_fd))
        go = waiting.recv(1 << 10)
        waiting.close()
        if not go:
            os._exit(0)  # the pool no longer needs this worker
    worker = Worker(args.channel_fd, args.device, args.kind)
    if args.kind == "candidate":
        import torch.utils.cpp_extension  # noqa: F401  a single-file candidate's load_inline, before the clock runs
    worker.serve()
    sys.stdout.flush()
    os._exit(0)  # nothing a candidate registered (atexit, threads) runs after the last answer


if __name__ == "__main__":
    main()
