#!/usr/bin/env python3
"""Check the harness's `floor` stage against hand counts of every shipped task.

For every task file resources/tasks/level*/N_name.py this script
  * finds its entry in floor_hand_counts.json (a shipped task without one is a failure, and so is an entry
    whose task file is gone);
  * checks that the constants copied into the entry still equal the task file's module-level constants;
  * evaluates the entry's formulas (integer arithmetic over those constants only: + - * // ** and
    parentheses, `/` only where it divides exactly);
  * runs the harness's floor stage (`kwb_harness.py floor --task TASK --out DIR`) and compares the
    input_bytes, output_bytes, parameter_bytes and flops of its floor.json exactly.
The stage runs through kwb_harness.main() in a few worker processes that each import torch once and take
several tasks in turn (importing torch costs seconds; counting on the meta device, milliseconds);
--isolated starts one harness process per task instead, exactly as kwb-runner does.
It prints a table and exits 1 listing every mismatch, 0 when all agree, 77 (CTest's skip) when the
Python given has no torch.

Usage: check_floors.py [--python PY] [--harness kwb_harness.py] [--tasks DIR] [--counts JSON] [--jobs N]
                       [--isolated]
"""

import argparse
import ast
import concurrent.futures
import importlib.util
import json
import operator
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
FIELDS = ("input_bytes", "output_bytes", "parameter_bytes", "flops")
SKIP = 77


# ---------------------------------------------------------------- formulas

def _exact_div(a, b):
    if b == 0 or a % b:
        raise ValueError("%d / %d is not an exact integer division" % (a, b))
    return a // b


_BINARY = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.FloorDiv: operator.floordiv,
           ast.Pow: operator.pow, ast.Div: _exact_div}


def evaluate(formula, names):
    """An integer arithmetic expression over `names`; anything else (calls, attributes, floats) is refused."""
    def walk(node):
        if isinstance(node, ast.Expression):
            return walk(node.body)
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name):
            if node.id not in names:
                raise ValueError("unknown name %s" % node.id)
            return names[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
            return _BINARY[type(node.op)](walk(node.left), walk(node.right))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = walk(node.operand)
            return -value if isinstance(node.op, ast.USub) else value
        raise ValueError("not integer arithmetic: %s" % ast.dump(node))
    if not isinstance(formula, str):
        raise ValueError("a formula is a string, not %r" % (formula,))
    return walk(ast.parse(formula, mode="eval"))


def module_constants(path):
    """The task file's module-level NAME = literal assignments, read without importing it."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    constants = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            try:
                constants[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return constants


def expected_counts(task_path, entry):
    """{field: int} from the entry's formulas; raises ValueError on a stale constant or a bad formula."""
    names = {}
    actual = module_constants(task_path)
    for name, value in entry.get("constants", {}).items():
        if type(value) is not int:
            raise ValueError("constant %s must be an int, not %r" % (name, value))
        if actual.get(name) != value:
            raise ValueError("constant %s is %r here but %r in the task file" % (name, value, actual.get(name)))
        names[name] = value
    for name, formula in entry.get("derived", {}).items():
        names[name] = evaluate(formula, names)
    out = {}
    for field in FIELDS:
        if field not in entry:
            raise ValueError("no %s formula" % field)
        try:
            out[field] = evaluate(entry[field], names)
        except (ValueError, SyntaxError, ZeroDivisionError) as e:
            raise ValueError("%s: %s" % (field, e))
    return out


# ---------------------------------------------------------------- the harness

def read_floor(out_dir, exit_code, stderr):
    """(floor dict or None, error text) from a floor stage's output folder."""
    path = os.path.join(out_dir, "floor.json")
    exit_text = "" if exit_code is None else "exit %s: " % exit_code
    if not os.path.exists(path):
        return None, "%sno floor.json: %s" % (exit_text, stderr.strip()[-500:])
    with open(path) as f:
        data = json.load(f)
    if exit_code not in (0, None) or not data.get("ok"):
        return None, exit_text + data.get("reason", stderr.strip()[-500:])
    return data["floor"], ""


def run_isolated(python, harness, task_path, out_dir):
    """One `kwb_harness.py floor` process for one task, exactly as kwb-runner starts it."""
    try:
        proc = subprocess.run([python, harness, "floor", "--task", task_path, "--out", out_dir],
                              capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        return {task_path: (None, "the floor stage ran past 120 s")}
    return {task_path: read_floor(out_dir, proc.returncode, proc.stderr)}


def run_batch(python, harness, jobs):
    """One process that imports kwb_harness once and runs its floor stage (kwb_harness.main() with the
    stage's own command line) for several tasks in turn: importing torch costs a few seconds a process, the
    counting on the meta device a fraction of that. `jobs` is [(task_path, out_dir)]."""
    command = [python, os.path.abspath(__file__), "--worker", harness]
    for task_path, out_dir in jobs:
        command += [task_path, out_dir]
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=300)
        stderr = proc.stderr
    except subprocess.TimeoutExpired:
        stderr = "the worker ran past 300 s"
    results = {}
    for task_path, out_dir in jobs:
        floor, error = read_floor(out_dir, None, stderr)
        results[task_path] = (floor, error)
    return results


def worker(harness, pairs):
    """--worker mode: kwb_harness.main() for each (task, out) pair in this one process."""
    spec = importlib.util.spec_from_file_location("kwb_harness", harness)
    module = importlib.util.module_from_spec(spec)
    sys.modules["kwb_harness"] = module
    spec.loader.exec_module(module)
    failed = 0
    for task_path, out_dir in zip(pairs[0::2], pairs[1::2]):
        sys.argv = [harness, "floor", "--task", task_path, "--out", out_dir]
        try:
            module.main()
        except SystemExit as e:  # the stage's fail() exits 3 after writing floor.json with ok: false
            failed += e.code not in (0, None)
        except Exception as e:
            failed += 1
            print("%s: %s: %s" % (task_path, type(e).__name__, e), file=sys.stderr)
    return 1 if failed else 0


def shipped_tasks(tasks_dir):
    found = []
    for level in sorted(os.listdir(tasks_dir)):
        if re.fullmatch(r"level\d+", level) and os.path.isdir(os.path.join(tasks_dir, level)):
            for name in os.listdir(os.path.join(tasks_dir, level)):
                if re.fullmatch(r"\d+_\w+\.py", name):
                    found.append("%s/%s" % (level, name))
    return sorted(found, key=lambda t: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", t)])


def human(n):
    for unit, scale in (("T", 10 ** 12), ("G", 10 ** 9), ("M", 10 ** 6), ("k", 10 ** 3)):
        if abs(n) >= scale:
            return "%.3g%s" % (n / scale, unit)
    return str(n)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--python", default=sys.executable, help="the Python with torch that runs the harness")
    parser.add_argument("--harness", default=os.path.join(ROOT, "resources", "harness", "kwb_harness.py"))
    parser.add_argument("--tasks", default=os.path.join(ROOT, "resources", "tasks"))
    parser.add_argument("--counts", default=os.path.join(HERE, "floor_hand_counts.json"))
    parser.add_argument("--jobs", type=int, default=min(8, os.cpu_count() or 1),
                        help="processes at once (default: the cores, at most 8)")
    parser.add_argument("--isolated", action="store_true",
                        help="one harness process per task, as kwb-runner starts it (slower: torch is imported once per task)")
    if len(sys.argv) > 2 and sys.argv[1] == "--worker":
        return worker(sys.argv[2], sys.argv[3:])
    args = parser.parse_args()

    if subprocess.run([args.python, "-c", "import torch"], capture_output=True).returncode != 0:
        print("check_floors: %s has no torch; skipped" % args.python)
        return SKIP

    with open(args.counts) as f:
        counts = json.load(f)["tasks"]
    shipped = shipped_tasks(args.tasks)
    problems = []
    for task in shipped:
        if task not in counts:
            problems.append("%s: a shipped task with no hand count in %s" % (task, os.path.basename(args.counts)))
    for task in counts:
        if task not in shipped:
            problems.append("%s: hand-counted but no such task under %s" % (task, args.tasks))

    expected = {}
    for task in shipped:
        if task in counts:
            try:
                expected[task] = expected_counts(os.path.join(args.tasks, task), counts[task])
            except ValueError as e:
                problems.append("%s: %s" % (task, e))

    begin = time.monotonic()
    todo = [task for task in shipped if task in counts]
    paths = {task: os.path.join(args.tasks, task) for task in todo}
    with tempfile.TemporaryDirectory(prefix="kwb-floors-") as tmp:
        outs = {task: os.path.join(tmp, task.replace("/", "_")) for task in todo}
        for d in outs.values():
            os.makedirs(d)
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
            if args.isolated:
                futures = [pool.submit(run_isolated, args.python, args.harness, paths[t], outs[t]) for t in todo]
            else:  # one worker process per job slot, the tasks dealt out round-robin
                groups = [todo[i::max(1, args.jobs)] for i in range(max(1, args.jobs))]
                futures = [pool.submit(run_batch, args.python, args.harness, [(paths[t], outs[t]) for t in g])
                           for g in groups if g]
            by_path = {}
            for future in futures:
                by_path.update(future.result())
        results = {task: by_path[paths[task]] for task in todo}
    wall = time.monotonic() - begin

    header = "%-36s %14s %14s %14s %18s  %s" % ("task", "input_bytes", "output_bytes", "param_bytes", "flops", "")
    print(header)
    print("-" * len(header))
    for task in shipped:
        if task not in results:
            print("%-36s %s" % (task, "(no hand count)"))
            continue
        floor, error = results[task]
        if floor is None:
            problems.append("%s: the floor stage failed: %s" % (task, error))
            print("%-36s %s" % (task, "FLOOR STAGE FAILED"))
            continue
        want = expected.get(task)
        cells, bad = [], []
        for field in FIELDS:
            got = floor.get(field)
            cells.append(got)
            if want is not None and got != want[field]:
                bad.append(field)
                problems.append("%s: %s is %s by the harness, %s by hand (%s)" % (
                    task, field, got, want[field], counts[task][field]))
        if "meta_error" in floor:
            problems.append("%s: counted on %s, not on meta: %s" % (task, floor.get("counted_on"), floor["meta_error"]))
        status = "ok" if want is not None and not bad else ("MISMATCH " + ",".join(bad) if bad else "no expectation")
        print("%-36s %14d %14d %14d %18d  %s" % (task, *cells, status))
    print()
    print("Human-readable: " + "; ".join("%s %sB/%sFLOP" % (
        t.split("/")[1][:-3], human(sum(results[t][0][f] for f in FIELDS[:3])), human(results[t][0]["flops"]))
        for t in shipped if t in results and results[t][0] is not None))
    print("%d task(s), floor stages run in %s, %d process(es) at a time: %.1f s" % (
        len(results), "one process each" if args.isolated else "batches sharing one torch import", args.jobs, wall))

    if problems:
        print("\n%d problem(s):" % len(problems), file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    print("every floor matches its hand count")
    return 0


if __name__ == "__main__":
    sys.exit(main())
