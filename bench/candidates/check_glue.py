#!/usr/bin/env python3
"""CPU-side check of the candidate workspaces (no GPU needed).

For every workspace it
  1. imports the built extension (the .so named by the harness's compile.json, when present) and checks that
     the function model_new.py calls is exported, printing its pybind signature;
  2. imports model_new.py against a stand-in `cuda_extension` written in plain torch that follows the same
     algorithm as the CUDA kernels (row scaling, column-sum + GEMV, ...) and enforces the binding's checks
     (float32, contiguous, shapes);
  3. builds Model and ModelNew from the same seed, requires identical state_dict names and shapes (the
     harness copies the reference's weights by name), copies the weights and compares the outputs at
     atol = rtol = 1e-2 on small inputs (and at full size for the cheap level2/1 task).

  .venv/bin/python bench/candidates/check_glue.py [--out-root /tmp/kwb-cand-out]
"""
import argparse
import importlib.util
import json
import os
import subprocess
import sys
import types

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
TASKS = os.path.join(HERE, "..", "..", "resources", "tasks")


def need(cond, message):
    if not cond:
        raise AssertionError(message)


def f32c(*tensors):
    for t in tensors:
        need(isinstance(t, torch.Tensor) and t.dtype == torch.float32 and t.is_contiguous(),
             "binding would reject: not a contiguous float32 tensor")


# Stand-ins for the extension functions, same arguments and checks as the bindings, same algorithms as the kernels.
def diag_matmul(d, b):
    f32c(d, b)
    need(d.dim() == 1 and b.dim() == 2 and d.shape[0] == b.shape[0], "diag_matmul: shapes")
    return d[:, None] * b


def softmax_rows(x):
    f32c(x)
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e * (1.0 / e.sum(dim=-1, keepdim=True))


def layernorm_last_dim(x, weight, bias, eps):
    f32c(x, weight, bias)
    need(isinstance(eps, float), "eps must be a float (binding takes double)")
    need(weight.numel() == x.shape[-1] and bias.numel() == x.shape[-1], "layernorm: affine shapes")
    mean = x.sum(-1, keepdim=True) / x.shape[-1]
    var = ((x - mean) ** 2).sum(-1, keepdim=True) / x.shape[-1]
    return (x - mean) * torch.rsqrt(var + eps) * weight + bias


def gelu(x):
    f32c(x)
    return 0.5 * x * (1.0 + torch.erf(x * 0.70710678118654752440))


def matmul_div_sum_scale(x, weight, scale):
    f32c(x, weight)
    need(isinstance(scale, (float, int)), "scale must be a number")
    need(x.dim() == 2 and weight.dim() == 2 and x.shape[1] == weight.shape[1], "matmul_div_sum_scale: shapes")
    splits = 66  # as on a 132-SM H200: partial column sums over row splits, then their sum in order
    rps = -(-weight.shape[0] // splits)
    partial = torch.stack([weight[s * rps:(s + 1) * rps].sum(0) for s in range(splits)])
    wsum = partial.sum(0)
    return ((x @ wsum) / 2.0 * scale)[:, None].contiguous()


def affine_gelu_residual(x, residual, a, b, c):
    f32c(x, residual, a, b, c)
    need(residual.shape == x.shape and a.numel() == b.numel() == c.numel() == x.shape[-1], "affine: shapes")
    return gelu((x * a + b).contiguous()) * c + residual


STUBS = {f.__name__: f for f in (diag_matmul, softmax_rows, layernorm_last_dim, gelu, matmul_div_sum_scale,
                                 affine_gelu_residual)}

# workspace -> (task file, extension function, small inputs or None for the task's own get_inputs())
CASES = {
    "level1_1_diag_matmul": ("level1/1_diag_matmul.py", "diag_matmul",
                             lambda: [torch.randn(37), torch.randn(37, 130)]),
    "level1_2_softmax_rows": ("level1/2_softmax_rows.py", "softmax_rows",
                              lambda: [torch.randn(64, 4096) * 4.0]),
    "level1_3_layernorm_last_dim": ("level1/3_layernorm_last_dim.py", "layernorm_last_dim",
                                    lambda: [torch.randn(2, 16, 4096) * 2.0 + 3.0]),
    "level1_5_gelu": ("level1/5_gelu.py", "gelu", lambda: [torch.randn(33, 257)]),
    "level2_1_matmul_div_sum_scale": ("level2/1_matmul_div_sum_scale.py", "matmul_div_sum_scale", None),
    "level2_2_affine_gelu_residual": ("level2/2_affine_gelu_residual.py", "affine_gelu_residual",
                                      lambda: [torch.randn(2, 8, 2048), torch.randn(2, 8, 2048)]),
}


def import_path(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def check_built(ws, func, out_root):
    compile_json = os.path.join(out_root, ws, "compile.json")
    if not os.path.exists(compile_json):
        return "no compile.json"
    with open(compile_json) as f:
        info = json.load(f)
    if not info.get("ok"):
        return "compile failed: " + info.get("reason", "")
    # A fresh process per module: CPython keeps one single-phase extension module per name, so a second
    # cuda_extension*.so imported into the same process would silently come back as the first one.
    code = ("import importlib.util, sys, torch\n"
            "spec = importlib.util.spec_from_file_location('cuda_extension', sys.argv[1])\n"
            "m = importlib.util.module_from_spec(spec)\n"
            "spec.loader.exec_module(m)\n"  # fails on unresolved symbols (a launcher never defined)
            "f = getattr(m, sys.argv[2], None)\n"
            "print((f.__doc__ or '').strip().splitlines()[0] if f else 'MISSING')\n")
    result = subprocess.run([sys.executable, "-c", code, info["module"], func], capture_output=True, text=True)
    need(result.returncode == 0, "the built module does not import: " + result.stderr.strip()[-300:])
    line = result.stdout.strip()
    need(line != "MISSING", "the built module does not export " + func)
    return line


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--out-root", default="/tmp/kwb-cand-out")
    args = parser.parse_args()
    torch.set_num_threads(2)
    failures = 0
    for ws, (task_file, func, small_inputs) in CASES.items():
        try:
            built = check_built(ws, func, args.out_root)
            fake = types.ModuleType("cuda_extension")
            setattr(fake, func, STUBS[func])
            sys.modules["cuda_extension"] = fake
            task = import_path(os.path.join(TASKS, task_file), "kwb_task_" + ws)
            cand = import_path(os.path.join(HERE, ws, "model_new.py"), "kwb_cand_" + ws)
            torch.manual_seed(42)
            ref = task.Model(*task.get_init_inputs()).eval()
            torch.manual_seed(42)
            new = cand.ModelNew(*task.get_init_inputs()).eval()
            rs, ns = ref.state_dict(), new.state_dict()
            need(list(rs) == list(ns), "state_dict names differ: %s vs %s" % (list(rs), list(ns)))
            need(all(rs[k].shape == ns[k].shape for k in rs), "state_dict shapes differ")
            # Different weights first, so a candidate that ignored the copied ones would fail.
            new.load_state_dict({k: v + 0.5 for k, v in rs.items()})
            new.load_state_dict(rs)
            worst = 0.0
            for seed in (1, 2):
                torch.manual_seed(seed)
                inputs = small_inputs() if small_inputs else task.get_inputs()
                with torch.no_grad():
                    want = ref(*inputs)
                    got = new(*[t.clone() for t in inputs])
                need(got.shape == want.shape and got.dtype == want.dtype, "shape/dtype %s %s vs %s %s"
                     % (tuple(got.shape), got.dtype, tuple(want.shape), want.dtype))
                torch.testing.assert_close(got, want, atol=1e-2, rtol=1e-2)
                worst = max(worst, ((got - want).abs() / (1e-2 + 1e-2 * want.abs())).max().item())
            print("%-32s ok   state_dict %s; worst error/tolerance %.3g; built: %s"
                  % (ws, list(ns) or "(empty)", worst, built))
        except Exception as e:  # report and continue
            failures += 1
            print("%-32s FAIL %s: %s" % (ws, type(e).__name__, str(e).splitlines()[0] if str(e) else ""))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
