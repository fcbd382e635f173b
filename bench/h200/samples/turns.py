#!/usr/bin/env python3
"""Prints every turn of a recorded case-study store as a Markdown table: when it started, its step
(from the lessons), what the evaluation found, the compile's seconds, and the candidate's timing with its spread (median, p20-p80, CV, n)
beside the baselines measured in the same evaluation. Read-only; used for bench/README.md.

    turns.py STORE.kwb
"""
import json
import sqlite3
import sys


def ms(stats, key):
    return "%.4f" % (stats[key] / 1000.0) if stats and key in stats else "–"


def main():
    db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
    print("| started (UTC) | case study | step | compile | compile s | verify | candidate ms | p20–p80 ms | CV | n | eager ms | torch.compile ms |")
    print("|---|---|---|---|---:|---|---:|---:|---:|---:|---:|---:|")
    rows = db.execute("SELECT j.title, t.created, t.eval, t.annotations FROM turns t JOIN trajectories j ON j.id = t.trajectory_id "
                      "ORDER BY j.id, t.id")
    for title, created, evaluation, annotations in rows:
        if not evaluation:
            continue
        e = json.loads(evaluation)
        step = ""
        for a in json.loads(annotations or "[]"):
            if a.get("kind") == "lesson" and "step" in a.get("details", {}):
                step = a["details"]["step"]
        timing = e.get("timing", {})
        c = timing.get("candidate") if isinstance(timing.get("candidate"), dict) else None
        spread = "%s–%s" % (ms(c, "p20_us"), ms(c, "p80_us")) if c else "–"
        cv = "%.3f" % c["cv"] if c and "cv" in c else "–"
        n = str(c.get("n", "–")) if c else "–"
        print("| %s | %s | %s | %s | %.1f | %s | %s | %s | %s | %s | %s | %s |" % (
            created[:19].replace("T", " "), title.split(":")[0], step, e["compile"]["status"], e["compile"].get("seconds", 0.0), e["verify"]["status"],
            ms(c, "median_us"), spread, cv, n, ms(timing.get("eager"), "median_us"), ms(timing.get("compiled"), "median_us")))


if __name__ == "__main__":
    main()
