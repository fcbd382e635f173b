#!/usr/bin/env python3
"""GPU test: `kwb-runner eval` of a shipped task writes the trace of the candidate's calls and of the baselines'
(their workers run every call under the tracer), each with its kernels, the launch flows and one NVTX range per
call.
  check_eval_trace.py KWB_RUNNER TASK CANDIDATE WORKDIR [COPY_TO]
Exits non-zero with the failed checks listed; prints a summary of both traces. COPY_TO (optional) receives the
result and the two traces."""
import json
import os
import shutil
import subprocess
import sys

runner, task, candidate, work = sys.argv[1:5]
copy_to = sys.argv[5] if len(sys.argv) > 5 else ""
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
proc = subprocess.run([runner, "eval", "--device", "cuda", "--task", task, "--candidate", candidate,
                       "--cache-dir", os.path.join(work, "cache"), "--run-dir", os.path.join(work, "run"),
                       "--trials", "3"], capture_output=True, text=True, timeout=900)
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
    return cond


check(proc.returncode == 0, "kwb-runner exited with %d: %s" % (proc.returncode, proc.stderr[-500:]))
result = json.loads(proc.stdout or "{}")
trace = result.get("trace", {})
check(result.get("verify", {}).get("status") == "passed", "the candidate was not verified: %s" % result.get("verify"))
check(result.get("timing", {}).get("source") == "gpu-trace", "the candidate's time is not the GPU's own: %s" % result.get("timing"))
check(trace.get("status") == "passed", "trace status %s: %s" % (trace.get("status"), trace.get("message")))
summary = {}
for side in ("reference", "candidate"):
    path = trace.get(side, "")
    if not check(path and os.path.exists(path), "no %s trace" % side):
        continue
    doc = json.load(open(path))
    events = doc["traceEvents"]
    kernels = [e for e in events if e.get("cat") == "kernel"]
    ranges = [e for e in events if e.get("cat") == "nvtx"]
    names = sorted({r["name"] for r in ranges})
    starts = {e["id"] for e in events if e.get("ph") == "s"}
    finishes = {e["id"] for e in events if e.get("ph") == "f"}
    meta = doc.get("kwbTrace", {})
    check(meta.get("dropped_records") == 0, "%s: %s records dropped" % (side, meta.get("dropped_records")))
    check(not meta.get("warnings"), "%s: tracer warnings %s" % (side, meta.get("warnings")))
    check(len(kernels) >= 4, "%s: %d kernels, expected one per call at least" % (side, len(kernels)))
    for phase in ("call 0", "call 1", "call 2"):
        check("%s: %s" % (side, phase) in names, "%s: no NVTX range '%s: %s' (have %s)" % (side, side, phase, names))
    check(starts and starts == finishes, "%s: launch flows unmatched (%d starts, %d ends)" % (side, len(starts), len(finishes)))
    calls = [r for r in ranges if r["name"].startswith(side + ": call")]
    inside = [k for k in kernels if any(c["ts"] <= k["ts"] <= c["ts"] + c["dur"] for c in calls)]
    check(inside, "%s: no kernel runs inside a call range" % side)
    for k in kernels:
        a = k["args"]
        if not check(len(a["grid"]) == 3 and len(a["block"]) == 3 and a["registers per thread"] > 0,
                     "%s: kernel without launch details: %s" % (side, k["name"])):
            break
    summary[side] = {"events": len(events), "kernels": len(kernels), "kernels_in_calls": sorted({k["name"][:80] for k in inside}),
                     "nvtx_ranges": names, "flows": len(starts), "bytes": os.path.getsize(path),
                     "cupti": meta.get("cupti_runtime_version")}
cand = summary.get("candidate", {}).get("kernels_in_calls", [])
ref = summary.get("reference", {}).get("kernels_in_calls", [])
check(any("row_scale" in k for k in cand), "the candidate's row_scale kernel is not in its trace: %s" % cand)
check(not any("row_scale" in k for k in ref), "the reference trace has the candidate's kernel: %s" % ref)
report = json.dumps({"summary": summary, "stages": result.get("stages"), "failures": failures}, indent=1)
print(report)
if copy_to:
    os.makedirs(copy_to, exist_ok=True)
    with open(os.path.join(copy_to, "trace_check.json"), "w") as f:
        f.write(report)
    json.dump(result, open(os.path.join(copy_to, "eval_trace_result.json"), "w"), indent=1)
    for side in ("reference", "candidate"):
        if trace.get(side):
            shutil.copy(trace[side], os.path.join(copy_to, "%s_trace.json" % side))
sys.exit(1 if failures else 0)
