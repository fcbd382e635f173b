"""Every task of a KernelBench folder either can be judged here or is refused with its sentence.

Runs the harness's survey stage (each task imported, its Model built and inputs made on the meta device, its floor
counted there) and checks its answer: one entry per task file, each "ok" (with a floor and the outputs' types),
"real-values" or "refused" with a one-sentence reason. Prints the counts. Exit 77 (skipped) when the folder or
torch is missing.
"""
import argparse
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--python", required=True)
    parser.add_argument("--harness", required=True)
    parser.add_argument("--tasks", required=True)
    parser.add_argument("--expect", type=int, default=0, help="how many task files the folder has (0: any)")
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
    with tempfile.TemporaryDirectory() as out:
        run = subprocess.run([args.python, args.harness, "survey", "--tasks", args.tasks, "--out", out],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print("FAIL: the survey stage ended with %d:\n%s" % (run.returncode, run.stderr[-4000:]))
            return 1
        with open(os.path.join(out, "survey.json")) as f:
            tasks = json.load(f)["tasks"]
    problems = []
    seen = {os.path.abspath(t["task"]) for t in tasks}
    for missing in sorted(set(map(os.path.abspath, files)) - seen):
        problems.append("%s has no entry" % missing)
    for t in tasks:
        name = os.path.relpath(t["task"], args.tasks)
        status = t.get("status")
        if status == "ok":
            if not t.get("outputs") or t.get("floor", {}).get("input_bytes", 0) <= 0:
                problems.append("%s: ok without outputs or input bytes" % name)
        elif status in ("refused", "real-values"):
            reason = t.get("reason", "")
            if not reason.endswith(".") or "\n" in reason or len(reason) > 400:
                problems.append("%s: %s without a one-sentence reason: %r" % (name, status, reason))
        else:
            problems.append("%s: unknown status %r" % (name, status))
    counts = collections.Counter(t.get("status") for t in tasks)
    by_level = collections.defaultdict(collections.Counter)
    for t in tasks:
        by_level[os.path.basename(os.path.dirname(t["task"]))][t.get("status")] += 1
    for level in sorted(by_level):
        print("%s: %s" % (level, dict(sorted(by_level[level].items()))))
    print("all %d: %s; exact (integer or boolean) outputs: %d" % (len(tasks), dict(sorted(counts.items())),
                                                                    sum(1 for t in tasks if t.get("exact"))))
    for t in tasks:
        if t.get("status") != "ok":
            print("  %s: %s: %s" % (os.path.relpath(t["task"], args.tasks), t["status"], t["reason"]))
    for p in problems:
        print("FAIL: " + p)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
