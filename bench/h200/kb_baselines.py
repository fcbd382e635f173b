#!/usr/bin/env python3
"""KernelBench baselines from eval-set summaries, in the layout of KernelBench's own results/timing/ files.

    python3 bench/h200/kb_baselines.py SUMMARY.json|RESULTS_DIR [...]

Reads the summaries `kwb-runner eval-set` wrote for runs over a KernelBench checkout (or the results/ folder of a run
that was stopped before its summary: one result per task, named level<L>_<task file stem>.json) and merges each task's eager and
torch.compile times into bench/h200/kernelbench/baseline_time_torch.json and
baseline_time_torch_compile_inductor_default.json: {"level1": {"12_Matmul_with_diagonal_matrices_.py": {...}}}, times
in milliseconds as KernelBench writes them. The project's protocol gives a median and its coefficient of variation
over the timed calls (each call with inputs of its own, caches flushed), not KernelBench's mean and std of one input
set, so the entries say "median" and "cv", never "mean". The summaries' fingerprints go to fingerprint.json; a task
timed again replaces its entry. Tasks already there are kept, so the 250 can be filled in parts.
"""
import json
import os
import sys

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernelbench")
FILES = {"eager": "baseline_time_torch.json", "compiled": "baseline_time_torch_compile_inductor_default.json"}


def load(path, default):
    try:
        with open(path) as f:
            return json.load(f)
    except FileNotFoundError:
        return default


def main(paths):
    if not paths:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    os.makedirs(HERE, exist_ok=True)
    tables = {k: load(os.path.join(HERE, name), {}) for k, name in FILES.items()}
    prints = load(os.path.join(HERE, "fingerprint.json"), [])
    added = 0
    for path in paths:
        if os.path.isdir(path):
            summary = {"results": []}
            for name in sorted(os.listdir(path)):
                if not name.startswith("level") or not name.endswith(".json"):
                    continue
                with open(os.path.join(path, name)) as f:
                    result = json.load(f)
                summary["fingerprint"] = result.get("fingerprint", {})
                # results/<name>.json, or runs/<name>-baselines.json (baselines timed while a candidate built)
                level, stem = name[len("level"):-len(".json")].removesuffix("-baselines").split("_", 1)
                row = {"task": stem + ".py", "level": level}
                for kind in FILES:
                    timing = result.get("timing", {}).get(kind) or {}
                    if timing.get("median_us"):
                        row.update({kind + "_median_us": timing["median_us"], kind + "_cv": timing.get("cv", 0.0)})
                summary["results"].append(row)
        else:
            with open(path) as f:
                summary = json.load(f)
        fingerprint = summary.get("fingerprint", {})
        if fingerprint and fingerprint not in prints:
            prints.append(fingerprint)
        for r in summary.get("results", []):
            task = os.path.basename(r.get("task", ""))
            level = "level%s" % r.get("level", "")
            for kind in FILES:
                median = r.get(kind + "_median_us")
                if not task or not median:
                    continue
                tables[kind].setdefault(level, {})[task] = {
                    "median": round(median / 1000.0, 4), "cv": round(r.get(kind + "_cv", 0.0), 5),
                    "hardware": fingerprint.get("gpu_name", ""), "device": "cuda:0",
                    "torch": fingerprint.get("torch_version", ""), "precision": fingerprint.get("tf32_policy", "")}
                added += kind == "eager"
    for kind, name in FILES.items():
        table = {level: dict(sorted(tasks.items(), key=lambda kv: int(kv[0].split("_")[0]) if kv[0].split("_")[0].isdigit() else 0))
                 for level, tasks in sorted(tables[kind].items())}
        with open(os.path.join(HERE, name), "w") as f:
            json.dump(table, f, indent=1)
            f.write("\n")
    with open(os.path.join(HERE, "fingerprint.json"), "w") as f:
        json.dump(prints, f, indent=1)
        f.write("\n")
    counts = {level: len(tasks) for level, tasks in sorted(tables["eager"].items())}
    print("%d timed entries read; the files now hold %s, %d of 250" % (added, counts, sum(counts.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
