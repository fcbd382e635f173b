"""Task lint: finds tasks whose reference output lets a wrong kernel pass the judge.

For each task the reference runs on two seeded input sets, and each output is checked at the judge's tolerance:
  zeros-pass              an all-zero output would pass (the reference is near zero everywhere)
  constant-passes         one constant (the mean) would pass everywhere
  same-for-other-inputs   the output for one input set passes as the output for another: a cached or precomputed
                          answer would pass
  non-finite              the reference itself gives NaN or Inf
"""

import glob
import os


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
