"""Checks that keep a candidate from faking its verdict, used by kwb_harness.py.

Every check that fires gives a flag (a fixed name) and one sentence of detail; kwb-runner fails the candidate for
any flag it knows as failing. The flags and what they catch are listed in the README ("How the reward is
protected").

  static_flags(path)        model_new.py (or a single-file candidate) and its C++/CUDA sources, read, not run
  Snapshot                  the functions the harness and the judge's inputs depend on, to find them replaced
  ExtensionCounter          counts calls into the candidate's compiled extension
  OpRecorder                every aten op dispatched while forward runs, from Python and from C++ alike
  output_flags(...)         aliasing, reuse and subclass checks on what forward returned
"""

import ast
import builtins
import glob
import json
import os
import re
import threading
import time
import types

# Torch calls a candidate may make in forward: creating or shaping tensors, never computing with them.
ALLOWED_TORCH_CALLS = {
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full", "full_like",
    "tensor", "as_tensor", "is_tensor", "no_grad", "inference_mode", "device", "Size", "get_default_dtype",
}
# Tensor methods that only describe, reshape or place a tensor.
ALLOWED_TENSOR_METHODS = {
    "contiguous", "view", "reshape", "flatten", "unsqueeze", "squeeze", "permute", "transpose", "t", "expand",
    "expand_as", "view_as", "size", "dim", "numel", "stride", "data_ptr", "is_contiguous", "element_size", "to",
    "cuda", "cpu", "detach", "new_empty", "new_zeros", "item", "split", "chunk", "unbind", "narrow", "select",
    "float", "copy_", "zero_", "fill_", "get_device", "type", "clone",
}
# Tensor methods that compute; a call of one of these names in forward is a torch op.
COMPUTE_METHODS = {
    "matmul", "mm", "bmm", "mv", "dot", "addmm", "baddbmm", "einsum", "sum", "mean", "max", "min", "amax", "amin",
    "prod", "cumsum", "var", "std", "norm", "softmax", "log_softmax", "relu", "relu_", "gelu", "sigmoid", "tanh",
    "exp", "log", "sqrt", "rsqrt", "pow", "abs", "add", "add_", "sub", "sub_", "mul", "mul_", "div", "div_", "clamp",
    "clamp_", "where", "masked_fill", "sort", "topk", "argmax", "argmin", "gather", "scatter", "index_select",
    "conv2d", "linear", "layer_norm", "group_norm", "batch_norm", "silu", "erf", "neg", "reciprocal", "maximum",
    "minimum", "diag", "diagonal", "tril", "triu", "outer", "square", "logsumexp", "all", "any",
}
TORCH_MODULE_NAMES = {"torch", "torch.nn.functional", "torch.nn", "torch.linalg", "torch.fft", "torch.special"}
NN_CONTAINERS = {"Parameter", "ParameterList", "ParameterDict", "Module", "ModuleList", "ModuleDict", "Identity"}

# aten ops a candidate may dispatch while forward runs (allocation, views, layout and dtype copies).
ALLOWED_ATEN_OPS = {
    "empty", "empty_like", "empty_strided", "new_empty", "new_empty_strided", "zeros", "zeros_like", "new_zeros",
    "zero_", "fill_", "ones", "ones_like", "full", "full_like", "view", "_unsafe_view", "reshape", "_reshape_alias",
    "as_strided", "permute", "transpose", "t", "expand", "unsqueeze", "squeeze", "flatten", "clone", "copy_",
    "_to_copy", "to", "detach", "alias", "lift_fresh", "lift_fresh_copy", "slice", "select", "split",
    "split_with_sizes", "unbind", "narrow", "resize_", "set_", "view_as", "expand_as", "_local_scalar_dense",
    "contiguous", "unfold", "record_stream", "is_same_size", "sym_size", "sym_stride", "sym_numel",
}
# What a task's `KWB_ALLOWED_LIBRARIES` opens up: library calls a task's policy permits (CUDA Agent's rule:
# cuBLAS for GEMM, cuDNN for convolutions).
LIBRARY_ATEN_OPS = {
    "cublas": {"mm", "addmm", "bmm", "baddbmm", "matmul", "linear", "mv", "addmv", "dot"},
    "cudnn": {"convolution", "_convolution", "cudnn_convolution", "conv1d", "conv2d", "conv3d",
              "cudnn_batch_norm", "convolution_overrideable"},
}

# The same, by the names C++ and Python call them.
LIBRARY_CALLS = {
    "cublas": {"mm", "mm_out", "matmul", "matmul_out", "addmm", "addmm_out", "bmm", "bmm_out", "baddbmm", "linear",
               "mv", "dot"},
    "cudnn": {"conv1d", "conv2d", "conv3d", "convolution", "_convolution", "cudnn_convolution", "batch_norm"},
}

CPP_ALLOWED_CALLS = {
    "empty", "empty_like", "empty_strided", "zeros", "zeros_like", "ones", "ones_like", "full", "from_blob",
    "TensorOptions", "dtype", "device", "Device", "Scalar", "IntArrayRef", "ScalarType", "Tensor", "make_optional",
    "typeMetaToScalarType", "elementSize", "toString",
}
CPP_COMPUTE_METHODS = COMPUTE_METHODS - {"max", "min", "all", "any", "where"}


# Array libraries that compute on a tensor's memory without torch seeing it (numpy on a zero-copy view).
FOREIGN_LIBRARIES = {"numpy", "scipy", "numba", "cupy", "jax", "tensorflow", "cv2"}
NUMPY_ALLOWED = {"prod", "dtype", "float32", "float64", "float16", "int32", "int64", "ceil", "floor"}


def add_flag(flags, name, detail):
    """Adds a flag once; the first detail given for it is kept."""
    if not any(f["name"] == name for f in flags):
        flags.append({"name": name, "detail": detail})


# ------------------------------------------------------------------ static check of the candidate's sources

def _dotted(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


class _Aliases(ast.NodeVisitor):
    """Names bound to torch modules or to functions imported from them (import torch.nn.functional as F, ...)."""

    def __init__(self):
        self.modules = {}   # local name -> torch module path
        self.functions = {}  # local name -> "torch.x.y"

    def visit_Import(self, node):
        for a in node.names:
            if a.name == "torch" or a.name.startswith("torch."):
                self.modules[a.asname or a.name.split(".")[0]] = a.name if a.asname else "torch"

    def visit_ImportFrom(self, node):
        if node.module and (node.module == "torch" or node.module.startswith("torch.")):
            for a in node.names:
                path = node.module + "." + a.name
                if path in TORCH_MODULE_NAMES:
                    self.modules[a.asname or a.name] = path
                else:
                    self.functions[a.asname or a.name] = path


def _torch_path(dotted, aliases):
    if not dotted:
        return None
    head, _, rest = dotted.partition(".")
    if head in aliases.modules:
        return aliases.modules[head] + ("." + rest if rest else "")
    if head in aliases.functions:
        return aliases.functions[head] + ("." + rest if rest else "")
    return None


def task_policy(task_path):
    """The task's KWB_ALLOWED_LIBRARIES (a tuple of "cublas"/"cudnn") and KWB_ALLOW_TORCH_OPS (a task whose policy
    lets candidates use torch ops, such as the pipeline's own test tasks), read without importing the task."""
    libraries, allow_torch = (), False
    try:
        with open(task_path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
    except (OSError, SyntaxError, ValueError):
        return libraries, allow_torch
    for node in tree.body:
        if not isinstance(node, ast.Assign) or len(node.targets) != 1 or not isinstance(node.targets[0], ast.Name):
            continue
        try:
            value = ast.literal_eval(node.value)
        except ValueError:
            continue
        if node.targets[0].id == "KWB_ALLOWED_LIBRARIES" and isinstance(value, (tuple, list)):
            libraries = tuple(str(v) for v in value)
        elif node.targets[0].id == "KWB_ALLOW_TORCH_OPS":
            allow_torch = value is True
    return libraries, allow_torch


def _library_calls(libraries):
    return set().union(*(LIBRARY_CALLS.get(name, set()) for name in libraries)) if libraries else set()


def _python_flags(source, filename, flags, allowed_calls):
    try:
        tree = ast.parse(source, filename)
    except SyntaxError:
        return  # the import fails with a clearer message
    aliases = _Aliases()
    aliases.visit(tree)
    functions = {n.name: n for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    model_new = next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelNew"), None)
    if "kwb_task" in source:
        add_flag(flags, "subclasses-model", "%s refers to the harness's task module kwb_task." % filename)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id == "Model" or isinstance(node, ast.Attribute) and node.attr == "Model":
            add_flag(flags, "subclasses-model", "%s:%d uses the task's Model." % (filename, node.lineno))
    if model_new is None:
        return
    methods = {n.name: n for n in model_new.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))}
    torch_modules = set()  # self attributes holding torch nn layers
    if "__init__" in methods:
        for node in ast.walk(methods["__init__"]):
            if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                path = _torch_path(_dotted(node.value.func), aliases) or ""
                if path.startswith("torch.nn.") and path.split(".")[-1] not in NN_CONTAINERS and path.split(".")[-1][:1].isupper():
                    for target in node.targets:
                        if isinstance(target, ast.Attribute) and _dotted(target.value) == "self":
                            torch_modules.add(target.attr)
    numpy_names = {a.asname or a.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import)
                   for a in node.names if a.name.split(".")[0] in FOREIGN_LIBRARIES}
    numpy_names |= {a.asname or a.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and (node.module or "").split(".")[0] in FOREIGN_LIBRARIES for a in node.names}
    # Everything forward reaches: its own body, the methods it calls on self and module-level functions.
    pending, seen = ["forward"], set()
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        fn = methods.get(name) or functions.get(name)
        if fn is None:
            continue
        for node in ast.walk(fn):
            where = "%s:%d" % (filename, getattr(node, "lineno", fn.lineno))
            # A function handed on rather than called (a thread's target, a map) runs as part of forward too.
            if isinstance(node, ast.Name) and node.id in functions:
                pending.append(node.id)
            elif isinstance(node, ast.Attribute) and node.attr in methods and _dotted(node.value) == "self":
                pending.append(node.attr)
            if isinstance(node, ast.Try) and node.handlers:
                add_flag(flags, "try-except-fallback", "%s: a try/except in code that forward runs." % where)
            if isinstance(node, ast.BinOp) and isinstance(node.op, ast.MatMult):
                add_flag(flags, "torch-op-in-forward", "%s: the @ operator is a torch matmul." % where)
            if not isinstance(node, ast.Call):
                continue
            dotted = _dotted(node.func)
            if dotted and dotted.startswith("self."):
                attr = dotted.split(".")[1]
                if attr in methods:
                    pending.append(attr)
                if attr in torch_modules and dotted.count(".") == 1:
                    add_flag(flags, "torch-op-in-forward", "%s: forward calls the torch layer self.%s." % (where, attr))
                continue
            if dotted in functions:
                pending.append(dotted)
                continue
            if dotted == "getattr" and node.args and _torch_path(_dotted(node.args[0]), aliases):
                add_flag(flags, "torch-op-in-forward", "%s: forward looks up a torch function by name." % where)
                continue
            root = (dotted or "").split(".")[0]
            if root in numpy_names and dotted.split(".")[-1] not in NUMPY_ALLOWED:
                add_flag(flags, "torch-op-in-forward", "%s: forward computes with %s (another library, not a kernel "
                         "of the candidate's own)." % (where, dotted))
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr == "numpy":
                add_flag(flags, "torch-op-in-forward", "%s: forward takes a numpy view of a tensor to compute on." % where)
                continue
            path = _torch_path(dotted, aliases)
            if path:
                leaf = path.split(".")[-1]
                if leaf not in ALLOWED_TORCH_CALLS and leaf not in allowed_calls and not path.startswith("torch.cuda"):
                    add_flag(flags, "torch-op-in-forward", "%s: forward calls %s." % (where, path))
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr in COMPUTE_METHODS \
                    and node.func.attr not in ALLOWED_TENSOR_METHODS and node.func.attr not in allowed_calls:
                base = _dotted(node.func.value) or ""
                if not base.startswith(("cuda_extension", "math", "np", "numpy")) and base not in functions:
                    add_flag(flags, "torch-op-in-forward", "%s: forward calls the tensor method .%s()." % (where, node.func.attr))


_CPP_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_CPP_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_CPP_CALL = re.compile(r"\b(?:torch|at)::((?:\w+::)*)(\w+)\s*(?:<[^;(){}]*>)?\s*\(")
_CPP_METHOD = re.compile(r"(?:\.|->)\s*(\w+)\s*\(")


# ATen's backend functions (at::cpu::addmm, at::native::..., the generated at::_ops) and the dispatcher itself: torch
# ops that no dispatch mode sees. Reached through a namespace alias as well. at::cuda:: holds both such ops and the
# stream and device helpers a kernel needs; only the helpers are allowed.
_CPP_BACKEND = re.compile(r"\b(?:at|torch)::(cpu|native|_ops|meta|compositeexplicitautograd|compositeimplicitautograd"
                          r"|compositeexplicitautogradnonfunctional)::|\bc10::Dispatcher\b|\bnamespace\s+\w+\s*=\s*"
                          r"(?:::)?(?:at|torch|c10)\b")
_CPP_CUDA_NAME = re.compile(r"\bat::cuda::(\w+)")
CUDA_HELPERS = {"getCurrentCUDAStream", "getDefaultCUDAStream", "getStreamFromPool", "CUDAStream", "CUDAGuard",
                "OptionalCUDAGuard", "CUDAStreamGuard", "OptionalCUDAStreamGuard", "getCurrentDeviceProperties",
                "getDeviceProperties", "CUDAEvent", "device_synchronize", "stream_synchronize", "set_device",
                "current_device", "device_count", "getCurrentCUDABlasHandle", "getCurrentCUDASparseHandle",
                "setCurrentCUDAStream", "detail", "CUDACachingAllocator", "getCUDADeviceAllocator"}


def _cpp_flags(source, filename, flags, allowed_calls):
    text = _CPP_STRING.sub('""', _CPP_COMMENT.sub(" ", source))
    for m in _CPP_BACKEND.finditer(text):
        line = text.count("\n", 0, m.start()) + 1
        add_flag(flags, "torch-op-in-cpp", "%s:%d reaches ATen past its dispatcher (%s)." % (filename, line, m.group(0).strip()))
    for m in _CPP_CUDA_NAME.finditer(text):
        if m.group(1) not in CUDA_HELPERS and m.group(1) not in allowed_calls:
            line = text.count("\n", 0, m.start()) + 1
            add_flag(flags, "torch-op-in-cpp", "%s:%d calls at::cuda::%s (a torch op)." % (filename, line, m.group(1)))
    for m in _CPP_CALL.finditer(text):
        scope, name = m.group(1), m.group(2)
        if "cuda::" in scope or name in CPP_ALLOWED_CALLS or name in allowed_calls or name[:1] == "k":
            continue
        line = text.count("\n", 0, m.start()) + 1
        add_flag(flags, "torch-op-in-cpp", "%s:%d calls %s%s (a torch op)." % (filename, line, "torch::" + scope, name))
    for m in _CPP_METHOD.finditer(text):
        if m.group(1) in CPP_COMPUTE_METHODS and m.group(1) not in allowed_calls:
            line = text.count("\n", 0, m.start()) + 1
            add_flag(flags, "torch-op-in-cpp", "%s:%d calls the tensor method .%s() (a torch op)." % (filename, line, m.group(1)))


def _inline_sources(source):
    """C++ handed to load_inline as string literals in a single-file candidate."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    return [n.value for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and ("::" in n.value or "__global__" in n.value)]


def static_flags(candidate, libraries=()):
    """Flags from reading the candidate (a workspace folder or a single .py file); `libraries` are those the task's
    policy allows."""
    flags = []
    allowed = _library_calls(libraries)
    if os.path.isdir(candidate):
        python = os.path.join(candidate, "model_new.py")
        sources = sorted(p for pattern in ("*.cu", "*.cpp", "*.cuh", "*.h", "kernels/*.cu", "kernels/*.cpp",
                                           "kernels/*.cuh", "kernels/*.h")
                         for p in glob.glob(os.path.join(candidate, pattern)))
    else:
        python, sources = candidate, []
    if os.path.exists(python):
        with open(python, encoding="utf-8", errors="replace") as f:
            text = f.read()
        _python_flags(text, os.path.basename(python), flags, allowed)
        for i, inline in enumerate(_inline_sources(text)):
            _cpp_flags(inline, "%s (inline source %d)" % (os.path.basename(python), i + 1), flags, allowed)
    for path in sources:
        with open(path, encoding="utf-8", errors="replace") as f:
            _cpp_flags(f.read(), os.path.relpath(path, candidate), flags, allowed)
    return flags


# ------------------------------------------------------------------ what the candidate process may not replace

class Snapshot:
    """The functions timing, saving and comparing rely on, captured before the candidate is imported."""

    def __init__(self, torch, harness):
        owners = {"time": time, "builtins": builtins, "os": os, "json": json, "torch": torch,
                  "torch.testing": torch.testing}
        names = {"time": ["perf_counter", "perf_counter_ns", "time", "monotonic"], "builtins": ["open", "print"],
                 "os": ["replace", "_exit"], "json": ["dump", "dumps"], "torch": ["save", "allclose", "isclose", "equal"],
                 "torch.testing": ["assert_close"]}
        if torch.cuda.is_available():
            owners.update({"torch.cuda": torch.cuda, "torch.cuda.Event": torch.cuda.Event})
            names.update({"torch.cuda": ["synchronize", "Event"],
                          "torch.cuda.Event": ["record", "elapsed_time", "synchronize", "__init__"]})
        self.items = [(label, owners[label], name, owners[label].__dict__.get(name, getattr(owners[label], name)))
                      for label in names for name in names[label] if hasattr(owners[label], name)]
        self.items += [("harness", harness, name, value) for name, value in vars(harness).items()
                       if callable(value) and not isinstance(value, types.ModuleType)]

    def replaced(self):
        changed = []
        for label, owner, name, original in self.items:
            current = owner.__dict__.get(name, getattr(owner, name, None)) if isinstance(owner, type) \
                else getattr(owner, name, None)
            if current is not original:
                changed.append("%s.%s" % (label, name))
        return changed


class ExtensionCounter:
    """Wraps the callables of each compiled extension the candidate loads, counting calls into them."""

    def __init__(self):
        self.loaded = []
        self.calls = 0

    def wrap(self, module):
        if module is None or isinstance(module, types.SimpleNamespace):
            return module
        counter = self
        proxy = types.ModuleType(getattr(module, "__name__", "extension"))
        for name in dir(module):
            value = getattr(module, name)
            if callable(value) and not name.startswith("__"):
                def counted(*args, _fn=value, **kwargs):
                    counter.calls += 1
                    return _fn(*args, **kwargs)
                setattr(proxy, name, counted)
            else:
                try:
                    setattr(proxy, name, value)
                except (AttributeError, TypeError):
                    pass
        self.loaded.append(getattr(module, "__name__", "extension"))
        return proxy

    def hook_cpp_extension(self, cpp_extension, prebuilt=""):
        """Single-file candidates build with load_inline/load while they are imported: wrap what those return.
        With `prebuilt` (the runner's build of these very sources, read-only), an extension found there is loaded
        as it is, without torch's build step, its lock file or a writable folder."""
        for name in ("load_inline", "load"):
            original = getattr(cpp_extension, name)

            def hooked(*args, _original=original, **kwargs):
                built = _prebuilt_extension(prebuilt, args, kwargs)
                return self.wrap(built if built is not None else _original(*args, **kwargs))
            setattr(cpp_extension, name, hooked)


def _prebuilt_extension(root, args, kwargs):
    """The extension torch would build for load/load_inline(name, ...), from the runner's build folder; None when it
    is not there or the call chose its own folder or an executable."""
    name = kwargs.get("name", args[0] if args else None)
    if not root or not isinstance(name, str) or kwargs.get("build_directory") or kwargs.get("is_standalone"):
        return None
    path = os.path.join(root, name, name + ".so")
    if not os.path.isfile(path):
        return None
    if not kwargs.get("is_python_module", True):
        import torch

        torch.ops.load_library(path)
        return path
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def recorder_class(torch):
    from torch.utils._python_dispatch import TorchDispatchMode

    class OpRecorder(TorchDispatchMode):
        """Names every aten op dispatched while active, whether forward called it from Python or from C++."""

        def __init__(self, allowed):
            super().__init__()
            self.allowed = allowed
            self.seen = {}

        def __torch_dispatch__(self, func, types_, args=(), kwargs=None):
            name = func._overloadpacket.__name__
            if name not in self.allowed:
                self.seen[name] = self.seen.get(name, 0) + 1
            return func(*args, **(kwargs or {}))

    return OpRecorder


def allowed_aten_ops(task):
    allowed = set(ALLOWED_ATEN_OPS)
    for library in getattr(task, "KWB_ALLOWED_LIBRARIES", ()):
        allowed |= LIBRARY_ATEN_OPS.get(library, set())
    return allowed


# ------------------------------------------------------------------ what forward returned

def tensors_in(torch, value, depth=0):
    if isinstance(value, torch.Tensor):
        yield value
    elif depth < 4 and isinstance(value, (list, tuple)):
        for v in value:
            yield from tensors_in(torch, v, depth + 1)
    elif depth < 4 and isinstance(value, dict):
        for v in value.values():
            yield from tensors_in(torch, v, depth + 1)


def held_storages(torch, model, module):
    """Storages of every tensor the model or the candidate's module holds before a call."""
    held = set()
    stack = [(model, 0), (vars(module) if module else {}, 0)]
    seen = set()
    while stack:
        value, depth = stack.pop()
        if id(value) in seen or depth > 4:
            continue
        seen.add(id(value))
        if isinstance(value, torch.Tensor):
            if value.device.type != "meta":
                held.add(value.untyped_storage().data_ptr())
        elif isinstance(value, torch.nn.Module):
            stack.extend((t, depth + 1) for t in list(value.parameters()) + list(value.buffers()))
            stack.append((vars(value), depth + 1))
        elif isinstance(value, dict):
            stack.extend((v, depth + 1) for v in list(value.values()))
        elif isinstance(value, (list, tuple, set)):
            stack.extend((v, depth + 1) for v in value)
        elif hasattr(value, "__dict__") and not isinstance(value, (types.ModuleType, type, types.FunctionType)):
            stack.append((vars(value), depth + 1))
    held.discard(0)
    return held


def _span(t):
    storage = t.untyped_storage()
    return storage.data_ptr(), storage.data_ptr() + storage.nbytes()


def output_flags(torch, output, inputs, held, previous, flags):
    """previous: the storages of the last call's output (kept alive, so a new tensor cannot reuse them)."""
    for t in tensors_in(torch, output):
        if type(t) is not torch.Tensor:
            add_flag(flags, "tensor-subclass-output", "forward returned a %s, not a plain torch.Tensor." % type(t).__name__)
            continue
        lo, hi = _span(t)
        if lo == 0:
            continue
        for x in tensors_in(torch, inputs):
            xlo, xhi = _span(x)
            if lo < xhi and xlo < hi:
                add_flag(flags, "output-aliases-input", "forward returned a tensor that shares memory with an input.")
        if lo in held:
            add_flag(flags, "output-precomputed", "forward returned a tensor that the model held before the call.")
        if lo in previous:
            add_flag(flags, "output-precomputed", "forward returned the same tensor on two calls.")


def thread_flags(before, flags):
    extra = [t.name for t in threading.enumerate() if t.ident not in before and t.is_alive()]
    if extra:
        add_flag(flags, "background-thread", "a Python thread (%s) is still running after forward returned." % extra[0])
