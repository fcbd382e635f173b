#!/usr/bin/env python3
"""Warm workers on the GPU: through one `kwb-runner serve`, a kernel that faults (a sticky CUDA error in its
process), one that never ends, a model that leaks GPU memory until the device has none, and a correct one after each. Each bad candidate ends as a failed stage with its
sentence; the candidate after it gets a clean warm worker and passes.

  check_serve_pool.py RUNNER TASK FIXTURES CACHE
"""
import json
import subprocess
import sys


def main():
    runner, task, fixtures, cache = sys.argv[1:5]
    serve = subprocess.Popen([runner, "serve", "--device", "cuda", "--cache-dir", cache, "--trials", "3", "--no-baselines",
                              "--min-calls", "5", "--min-ms", "5", "--warmup-ms", "5", "--run-timeout", "30"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    expected = [("cuda_pass_workspace", "passed", ""), ("cuda_oob_workspace", "failed", ""),
                ("cuda_pass_workspace", "passed", ""), ("cuda_spin_workspace", "timed-out", "timed out after 30 s"),
                ("cuda_pass_workspace", "passed", ""), ("cuda_leak_workspace", "failed", "out of memory"),
                ("cuda_pass_workspace", "passed", "")]
    failures = []
    for candidate, status, said in expected:
        serve.stdin.write(json.dumps(["--task", task, "--candidate", fixtures + "/" + candidate]) + "\n")
        serve.stdin.flush()
        line = serve.stdout.readline()
        r = json.loads(line) if line.strip() else {}
        verify = r.get("verify", {})
        got = (r.get("workers"), verify.get("status"), verify.get("message", ""))
        print(candidate, got, r.get("seconds"), flush=True)
        if got[0] != "warm" or got[1] != status or said.lower() not in (got[2] or "").lower():
            compiled = r.get("compile", {})
            failures.append("%s: expected warm/%s/%r, got %r (compile %s: %s; error %s)\n%s" % (
                candidate, status, said, got, compiled.get("status"), compiled.get("message"), r.get("error"),
                (compiled.get("log") or "")[-1500:]))
    serve.stdin.close()
    if serve.wait(timeout=120) != 0:
        failures.append("serve exited with %s" % serve.returncode)
    for f in failures:
        print("FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
