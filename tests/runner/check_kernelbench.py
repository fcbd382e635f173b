"""Every task of a KernelBench folder either can be judged here or is refused with its sentence.

Runs `kwb-runner lint` over the folder, as a user would at benchmark scale: each task in a process of its own, its
shapes, sizes and floor from the meta device first, then the lint on real values where the task fits the memory
limit and the time per task. Checks that every task file has one entry, each ok or flagged (with the floor counted
on the meta device, where the task can be built there) or too-large, timed-out, cannot-run with a one-sentence
reason. Prints the counts per level. Exit 77 (skipped) when the folder or torch is missing.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

STATUSES = ("ok", "flagged", "too-large", "timed-out", "cannot-run")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--python", required=True)
    parser.add_argument("--runner", required=True)
    parser.add_argument("--tasks", required=True)
    parser.add_argument("--expect", type=int, default=0, help="how many task files the folder has (0: any)")
    parser.add_argument("--memory-limit-gb", default="1")
    parser.add_argument("--task-timeout", default="3")
    parser.add_argument("--jobs", default="2")
    args = parser.parse_args()
    if not os.path.isdir(args.tasks):
        print("skipped: no KernelBench folder at " + args.tasks)
        return 77
    if subprocess.run([args.python, "-c", "import torch"], capture_output=True).returncode != 0:
        print("skipped: %s has no torch" % args.python)
        return 77
    files = [f for f in glob.glob(os.path.join(args.tasks, "level*", "*.py")) if os.path.basename(f)[:1].isdigit()]
    if args.expect and len(files) != args.expect:
        print("FAIL: %d task files under %s, expected %d" % (len(files), args.tasks, args.expect))
        return 1
    with tempfile.TemporaryDirectory() as cache:
        run = subprocess.run([args.runner, "lint", args.tasks, "--json", "--python", args.python, "--cache-dir", cache,
                              "--memory-limit-gb", args.memory_limit_gb, "--task-timeout", args.task_timeout, "--jobs", args.jobs,
                              "--results", os.path.join(cache, "lint.jsonl")], capture_output=True, text=True)
    if run.returncode not in (0, 1):
        print("FAIL: kwb-runner lint ended with %d:\n%s" % (run.returncode, run.stderr[-4000:]))
        return 1
    tasks = json.loads(run.stdout)["tasks"]
    problems = []
    seen = {os.path.abspath(t["task"]) for t in tasks}
    for missing in sorted(set(map(os.path.abspath, files)) - seen):
        problems.append("%s has no entry" % missing)
    for t in tasks:
        name = os.path.relpath(t["task"], args.tasks)
        status = t.get("status")
        if status not in STATUSES:
            problems.append("%s: unknown status %r" % (name, status))
        elif status in ("ok", "flagged"):
            if "floor" in t and t["floor"].get("input_bytes", 0) <= 0:
                problems.append("%s: %s with a floor of no input bytes" % (name, status))
            if status == "flagged" and not t.get("findings"):
                problems.append("%s: flagged without findings" % name)
        else:
            reason = t.get("reason") or t.get("error") or ""
            if not reason.endswith(".") or "\n" in reason or len(reason) > 400:
                problems.append("%s: %s without a one-sentence reason: %r" % (name, status, reason))
    by_level = collections.defaultdict(collections.Counter)
    for t in tasks:
        by_level[os.path.basename(os.path.dirname(t["task"]))][t.get("status")] += 1
    for level in sorted(by_level):
        print("%s: %s" % (level, dict(sorted(by_level[level].items()))))
    counts = collections.Counter(t.get("status") for t in tasks)
    print("all %d (limit %s GiB, %s s per task): %s; floor counted on the meta device for %d" % (
        len(tasks), args.memory_limit_gb, args.task_timeout, dict(sorted(counts.items())), sum(1 for t in tasks if "floor" in t)))
    large = [t for t in tasks if t.get("status") == "too-large"]
    before = sum(1 for t in large if (t.get("reason") or "").startswith("It needs at least"))
    print("too large: %d seen on the meta device before running, %d went over while running; the most resident: %.1f GiB" % (
        before, len(large) - before, max([t.get("peak_rss_bytes", 0) for t in tasks] or [0]) / float(1 << 30)))
    for t in tasks:
        if t.get("status") == "flagged":
            print("  %s: flagged: %s" % (os.path.relpath(t["task"], args.tasks), "; ".join(f["detail"] for f in t["findings"])))
        elif t.get("status") in ("cannot-run", "timed-out"):
            print("  %s: %s: %s" % (os.path.relpath(t["task"], args.tasks), t["status"], t.get("reason") or t.get("error")))
    for p in problems:
        print("FAIL: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
