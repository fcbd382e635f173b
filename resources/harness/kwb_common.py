"""Small helpers the harness's processes share: the stages (kwb_harness.py), the trusted driver (kwb_driver.py)
and the candidate's worker (kwb_worker.py)."""

import importlib.util
import json
import os
import sys


def write_json(path, data):
    """Written whole or not at all: a reader never sees half a result."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f, indent=1, allow_nan=False, default=str)
    os.replace(tmp, path)


def first_line(error):
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


def sentence(prefix, error):
    """An error as one sentence after a prefix: 'It does not import: NameError: x.'"""
    text = str(error).strip().split("\n")[0].rstrip(".")
    return "%s: %s: %s." % (prefix, type(error).__name__, text) if text else "%s: %s." % (prefix, type(error).__name__)


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


def set_mode(model, task):
    """A task's modules run in the mode the task builds them in, as KernelBench runs its tasks: a module is in training
    mode once constructed (dropout active, BatchNorm on the batch's own statistics) unless the task says
    KWB_MODULE_MODE = "eval" (the project's own tasks whose BatchNorm folds into a convolution) or its constructor
    switches to eval itself. The candidate's ModelNew is put in the same mode as the reference."""
    if getattr(task, "KWB_MODULE_MODE", "") == "eval":
        return model.eval()
    return model


def forward_seed(key, input_seed):
    """The seed the random number generators are set to before a call's forward, in the judge's reference and in the
    candidate alike: a task that draws random numbers in forward (dropout, a random initial state) gets the same
    draws on both sides for the same call. A keyed hash of the call's input seed, the key the driver's secret for
    one evaluation: the candidate sees the seed (torch.initial_seed()) but cannot tell from it the input seeds, nor
    from those the driver's generator, which also makes the secret choice of the calls the judge checks."""
    import hashlib

    digest = hashlib.blake2b(int(input_seed).to_bytes(8, "little"), key=key, digest_size=8).digest()
    return int.from_bytes(digest, "little") >> 1


class BufferState:
    """A module's buffers as they were when it was built, put back before each call when a call changes them (a
    BatchNorm's running statistics in training mode, a recurrent state kept on the module): every call starts from
    the same state, whichever calls came before it, so the judge's reference and a candidate agree call by call."""

    def __init__(self, torch, model):
        self.buffers = [(b, b.detach().clone()) for b in model.buffers()] if model is not None else []
        self.calls = 0
        self.changes = None  # unknown until a call has run

    def restore(self):
        """Called before every call; whether calls change the state is seen after the first one."""
        self.calls += 1
        if not self.buffers or self.calls == 1:
            return False
        if self.changes is None:
            self.changes = any(not bool((b == kept).all()) if b.shape == kept.shape else True for b, kept in self.buffers)
        if not self.changes:
            return False
        for b, kept in self.buffers:
            if b.shape == kept.shape:
                b.data.copy_(kept)
        return True


def precision_state(torch):
    return {"matmul_tf32": bool(torch.backends.cuda.matmul.allow_tf32),
            "cudnn_tf32": bool(torch.backends.cudnn.allow_tf32)}

_ENVIRONMENT = {}


def environment(torch, device):
    """torch, CUDA, Python, and on the GPU its name and the driver's version (nvidia-smi, a tenth of a second or
    more): asked once per process, so a warm driver asks while it warms up."""
    if device in _ENVIRONMENT:
        return dict(_ENVIRONMENT[device])
    env = {"torch": torch.__version__, "cuda": str(torch.version.cuda or ""), "python": sys.version.split()[0]}
    if device == "cuda":
        env["gpu"] = torch.cuda.get_device_name(0)
        try:
            import subprocess
            env["driver"] = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                           capture_output=True, text=True, timeout=30).stdout.split("\n")[0].strip()
        except (OSError, subprocess.SubprocessError):
            env["driver"] = ""
    _ENVIRONMENT[device] = dict(env)
    return env


def count_floor(torch, task, init_seed, device):
    """The task's floor, counted on the meta device (nothing computed); on the real device when meta cannot run it."""
    import kwb_roofline as roofline  # beside this file

    try:
        return roofline.task_floor(torch, task, init_seed, "meta")
    except Exception as meta_error:  # a task that reads values (.item(), data-dependent shapes)
        try:
            floor = roofline.task_floor(torch, task, init_seed, device)
            floor["meta_error"] = "%s: %s" % (type(meta_error).__name__, first_line(meta_error))
            return floor
        except Exception as e:
            return {"error": "the floor could not be counted: %s: %s" % (type(e).__name__, first_line(e))}
