#!/usr/bin/env python3
"""Times evaluations through `kwb-runner serve`: the first request of a task finds nothing cached (build and
baselines), the next ones find both cached and a warm pair ready. One line per request; all figures in --out.

  serve_bench.py --runner R --cache DIR --task T --candidate C --n 5 --out OUT.json [--gap S] [-- SERVE ARGS...]
"""
import argparse
import json
import subprocess
import sys
import time


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runner", required=True)
    parser.add_argument("--cache", required=True)
    parser.add_argument("--task", required=True)
    parser.add_argument("--candidate", required=True)
    parser.add_argument("--n", type=int, default=5)
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between requests (a replacement warms up)")
    parser.add_argument("--out", required=True)
    parser.add_argument("serve_args", nargs="*")
    args = parser.parse_args()
    started = time.perf_counter()
    serve = subprocess.Popen([args.runner, "serve", "--cache-dir", args.cache] + args.serve_args, stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    rows = []
    for i in range(args.n + 1):
        if i:
            time.sleep(args.gap)
        t0 = time.perf_counter()
        serve.stdin.write(json.dumps(["--task", args.task, "--candidate", args.candidate]) + "\n")
        serve.stdin.flush()
        line = serve.stdout.readline()
        wall = time.perf_counter() - t0
        r = json.loads(line) if line.strip() else {"error": "serve ended"}
        timing = r.get("timing", {})
        stages = {k: {"status": v.get("status"), "seconds": v.get("seconds"), "phases": v.get("phases"),
                      "judge": v.get("judge")}
                  for k, v in r.get("stages", {}).items() if v.get("status") != "not-run"}
        row = {"request": i, "client_wall_s": round(wall, 3), "seconds": r.get("seconds"), "workers": r.get("workers"),
               "compile_cached": r.get("compile", {}).get("cached"),
               "binding_seconds": r.get("compile", {}).get("binding_seconds", 0),
               "baselines_beside_build": r.get("baselines_beside_build", False), "verify": r.get("verify", {}).get("status"),
               "reward": r.get("reward", {}).get("value"), "flags": r.get("hack_flags"),
               "candidate_median_us": timing.get("candidate", {}).get("median_us"),
               "wall_median_us": timing.get("wall", {}).get("median_us"),
               "eager_median_us": timing.get("eager", {}).get("median_us"), "stages": stages,
               "message": r.get("verify", {}).get("message") or r.get("compile", {}).get("message") or r.get("error")}
        rows.append(row)
        print("%d %s wall=%.3fs binding=%.1fs beside=%s verify=%s reward=%s median=%s flags=%s stages=%s" % (
            i, row["workers"], wall, row["binding_seconds"], row["baselines_beside_build"], row["verify"], row["reward"], row["candidate_median_us"], row["flags"],
            {k: round(v["seconds"] or 0, 3) for k, v in stages.items()}), flush=True)
        print("   phases=%s judge=%s" % (stages.get("evaluate", {}).get("phases"), stages.get("evaluate", {}).get("judge")),
              flush=True)
    serve.stdin.close()
    serve.wait(timeout=120)
    json.dump({"task": args.task, "candidate": args.candidate, "serve_args": args.serve_args, "rows": rows,
               "total_s": round(time.perf_counter() - started, 2)}, open(args.out, "w"), indent=1)


if __name__ == "__main__":
    sys.exit(main())
