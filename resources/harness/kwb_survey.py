"""Task survey: whether each task of a set can be judged here, without computing anything.

Each task is imported, its Model built and its inputs made on the meta device (shapes and types only, no memory),
and its floor counted there. A task ends in one of three ways:
  ok            all of that worked; the entry has the floor, the inputs' and outputs' types and sizes
  real-values   it imports and builds, but its forward reads values (data-dependent shapes, .item()), so its floor
                and its checks need the real device
  refused       it cannot be judged here, with the reason in one sentence (a module that is not installed, a Model
                or get_inputs() that fails)
"""

import os

from kwb_common import sentence


def _tensors(torch, value):
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _tensors(torch, v)]
    if isinstance(value, dict):
        return [t for v in value.values() for t in _tensors(torch, v)]
    return []


def _describe(torch, tensors):
    return [{"shape": list(t.shape), "dtype": str(t.dtype).replace("torch.", ""),
             "bytes": t.numel() * t.element_size()} for t in tensors]


def survey_task(torch, harness, roofline, path, init_seed=42):
    entry = {"task": path}
    try:
        task = harness.load_task(path)
    except ModuleNotFoundError as e:
        entry.update(status="refused", reason="It imports %s, which is not installed here." % (e.name or "a module"))
        return entry
    except Exception as e:  # a task file that fails at import is the task's problem, said in one sentence
        entry.update(status="refused", reason=sentence("It does not import", e))
        return entry
    try:
        torch.manual_seed(init_seed)
        with torch.device("meta"):
            model = task.Model(*task.get_init_inputs())
            inputs = task.get_inputs()
    except Exception as e:
        if "meta" in str(e):  # built from values (.item() on a tensor): only the real device can build it
            entry.update(status="real-values", reason=sentence("Its Model or inputs need real values to be made", e))
        else:
            entry.update(status="refused", reason=sentence("Its Model or inputs cannot be made", e))
        return entry
    entry["inputs"] = _describe(torch, _tensors(torch, inputs))
    output = []
    try:
        floor = roofline.task_floor(torch, task, init_seed, "meta", keep_output=output)
    except Exception as e:
        entry.update(status="real-values", reason=sentence("Its forward needs real values", e))
        return entry
    entry["outputs"] = _describe(torch, _tensors(torch, output))
    entry.update(status="ok", floor={k: floor[k] for k in ("input_bytes", "output_bytes", "parameter_bytes", "flops")})
    if any(o["dtype"] not in ("float32", "float16", "bfloat16", "float64") for o in entry["outputs"]):
        entry["exact"] = True  # integer or boolean outputs: compared exactly
    return entry


def survey(torch, harness, roofline, files):
    import sys
    import time

    entries = []
    for i, path in enumerate(files):
        start = time.perf_counter()
        entries.append(survey_task(torch, harness, roofline, os.path.abspath(path)))
        entries[-1]["seconds"] = round(time.perf_counter() - start, 3)
        print("[%d/%d] %s: %s (%.1f s)" % (i + 1, len(files), os.path.relpath(path), entries[-1]["status"],
                                          entries[-1]["seconds"]), file=sys.stderr, flush=True)
    return entries
