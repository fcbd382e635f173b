#!/usr/bin/env python3
"""Markdown table of bench/h200/results/*.json (the per-task results of kwb-runner eval-set) for bench/README.md."""
import glob
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
print("| task | eager ms | torch.compile ms | candidate ms | candidate CV % | × eager | × compile | verdict |")
print("|---|---|---|---|---|---|---|---|")
for path in sorted(glob.glob(os.path.join(HERE, "results", "*.json"))):
    r = json.load(open(path))
    t = r.get("timing", {})
    ms = lambda k: "%.3f" % (t[k]["median_us"] / 1000) if k in t else "–"
    cand = t.get("candidate")
    if cand:
        correct = r["verify"]["status"] == "passed"
        sc = r.get("speedup_vs_compile")
        verdict = ("correct, " + ("faster" if sc and sc > 1 else "not faster") + " than compile") if correct else "incorrect"
        row = (ms("candidate"), "%.2f" % (100 * cand["cv"]), "%.2f" % r["speedup_vs_eager"], "%.2f" % sc, verdict)
    else:
        row = ("–", "–", "–", "–", "baseline only")
    print("| %s | %s | %s | %s |" % (os.path.basename(path)[:-5], ms("eager"), ms("compiled"), " | ".join(row)))
