#!/usr/bin/env python3
"""The harness's GPU turns (resources/harness/kwb_gpulock.py) between real processes:
  1. a stage that measures keeps a later sharing stage out until it is done;
  2. two stages that share and then both want to measure do not hold each other up (no deadlock);
  3. a stage waiting to measure goes before a sharing stage that came after it (the gate);
  4. without a folder every call does nothing;
  5. a stage that has measured and goes on sharing lets a measurement that was already waiting go next.
A stage that holds the GPU shared keeps measurements out until it ends or measures itself: stages share for their
whole run, so a measurement waits for the stages running beside it.
Each process writes when it got what it asked for; the checks are on the order of those moments.
"""
import multiprocessing
import os
import sys
import tempfile
import time

sys.path.insert(0, sys.argv[1])
import kwb_gpulock  # noqa: E402


def measuring(folder, events, hold, share_first=True):
    gpu = kwb_gpulock.GpuTurns(folder)
    if share_first:
        gpu.share()
    with gpu.measure():
        events.put(("measure", time.monotonic()))
        time.sleep(hold)
        events.put(("measured", time.monotonic()))


def measuring_then_sharing(folder, events, hold, after):
    gpu = kwb_gpulock.GpuTurns(folder)
    gpu.share()
    with gpu.measure():
        time.sleep(hold)
        events.put(("first measured", time.monotonic()))
    time.sleep(after)  # still running, sharing
    events.put(("first ended", time.monotonic()))


def sharing(folder, events, delay, hold):
    time.sleep(delay)
    gpu = kwb_gpulock.GpuTurns(folder)
    gpu.share()
    events.put(("share", time.monotonic()))
    time.sleep(hold)


def run(targets, timeout=20):
    events = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=t, args=(folder, events) + a) for t, a in targets]
    for p in procs:
        p.start()
    for p in procs:
        p.join(timeout)
        if p.is_alive():
            p.kill()
            raise SystemExit("FAIL: a process still waits after %d s (deadlock)" % timeout)
        if p.exitcode != 0:
            raise SystemExit("FAIL: a process exited with %d" % p.exitcode)
    got = []
    while not events.empty():
        got.append(events.get())
    return got


folder = tempfile.mkdtemp()
for name in ("gpu.gate", "gpu.lock"):
    open(os.path.join(folder, name), "w").close()
    os.chmod(os.path.join(folder, name), 0o444)  # as a sandbox sees them: read-only

# 1. The measurement holds 0.6 s; the sharing stage asks 0.2 s in and gets it only after.
ev = dict(run([(measuring, (0.6,)), (sharing, (0.2, 0.0))]))
assert ev["share"] >= ev["measured"], ("1: shared while another measured", ev)

# 2. Both share, then both measure: both finish, one after the other.
ev = run([(measuring, (0.3,)), (measuring, (0.3,))])
spans = sorted((t for k, t in ev if k == "measure"))
ends = sorted((t for k, t in ev if k == "measured"))
assert len(spans) == 2 and spans[1] >= ends[0], ("2: measurements overlapped", ev)

# 3. A shares for 1 s; B (0.2 s in) wants to measure; C (0.5 s in) wants to share: C comes after B's measurement.
events = multiprocessing.Queue()
a = multiprocessing.Process(target=sharing, args=(folder, events, 0.0, 1.0))
b = multiprocessing.Process(target=measuring, args=(folder, events, 0.4))
c_events = multiprocessing.Queue()
c = multiprocessing.Process(target=sharing, args=(folder, c_events, 0.5, 0.0))
a.start()
time.sleep(0.2)
b.start()
c.start()
for p in (a, b, c):
    p.join(20)
    assert not p.is_alive(), "3: deadlock"
got = {}
while not events.empty():
    k, t = events.get()
    got.setdefault(k, []).append(t)
c_share = c_events.get()[1]
assert c_share >= got["measured"][0], ("3: a later sharing stage went before the one waiting to measure", got, c_share)

# 5. A stage that measured and goes on sharing lets a stage already waiting to measure go next, rather than taking
#    its shared hold back first and keeping the other out until its own end.
events = multiprocessing.Queue()
a = multiprocessing.Process(target=measuring_then_sharing, args=(folder, events, 0.5, 2.0))
b = multiprocessing.Process(target=measuring, args=(folder, events, 0.1, False))
a.start()
time.sleep(0.2)
b.start()
for p in (a, b):
    p.join(20)
    assert not p.is_alive(), "5: deadlock"
got = {}
while not events.empty():
    k, t = events.get()
    got[k] = t
assert got["measure"] >= got["first measured"] and got["measure"] < got["first ended"], ("5: waited for the whole stage", got)

# 4. No folder: nothing to wait for.
gpu = kwb_gpulock.GpuTurns(None)
gpu.share()
with gpu.measure():
    pass
assert not gpu.enabled
print("ok: 5 checks")
