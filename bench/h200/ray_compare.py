"""Per task, the verdict and the candidate's median of each eval-set run given (folders with results/), and each
run's wall time and evaluations an hour from its summary.json; missing runs are skipped."""
import json
import os
import sys

runs = [r for r in sys.argv[1:] if os.path.isdir(os.path.join(r, "results"))]
table = {}
for run in runs:
    for name in sorted(os.listdir(os.path.join(run, "results"))):
        try:
            r = json.load(open(os.path.join(run, "results", name)))
        except (OSError, ValueError):
            continue
        t = r.get("timing", {}).get("candidate", {})
        cell = "%s %s" % (r.get("verify", {}).get("status", "-"),
                          ("%.1f" % t["median_us"]) if "median_us" in t else ("err" if r.get("error") else "-"))
        table.setdefault(name[:-5], {})[run] = cell
print("%-34s" % "task" + "".join("%-22s" % os.path.basename(r)[4:] for r in runs))
for name in sorted(table):
    print("%-34s" % name[:34] + "".join("%-22s" % table[name].get(r, "") for r in runs))
for run in runs:
    try:
        s = json.load(open(os.path.join(run, "summary.json")))
    except (OSError, ValueError):
        print("%s: no summary (cut at its limit)" % run)
        continue
    n = s.get("evaluated", 0) + sum(1 for x in s.get("results", []) if not x.get("candidate"))
    print("%s: %d tasks, %d evaluated, %d correct, %.1f s, %.0f tasks an hour, environment errors %d, ray %s" % (
        run, s.get("tasks", 0), s.get("evaluated", 0), s.get("correct", 0), s.get("seconds", 0),
        3600.0 * s.get("tasks", 0) / s["seconds"] if s.get("seconds") else 0, s.get("environment_errors", 0),
        json.dumps({k: v for k, v in s.get("ray", {}).items() if k in ("actors", "capacity", "nodes_lost", "evaluations_retried")})))
