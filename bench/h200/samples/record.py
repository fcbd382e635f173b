#!/usr/bin/env python3
"""Records the sample plans with kwb agent against the real environment, several plans at once.

    record.py STATE_DIR DEADLINE_SECONDS [PLAN ...]

Each plan is recorded into STATE_DIR/<plan>/store.kwb: the main branch first, then each fork from its turn.
A plan that finished has STATE_DIR/<plan>/done and is skipped when the script runs again (a later call on a
machine that kept its files); one that ran out of time is thrown away and recorded anew next time. The turns'
uuids per branch go to record.json, which the bundling step uses to put each lesson on its turn.
Environment: KWB (the kwb program), KWB_DEVICE (default cuda), KWB_RUNNER, KWB_RUNNER_ARGS (space-separated options for kwb-runner eval).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


def run_agent(log_path, arguments, deadline):
    kwb = os.environ["KWB"]
    runner_args = []
    for a in os.environ.get("KWB_RUNNER_ARGS", "").split():
        runner_args.append("--runner-arg=" + a)
    command = [kwb, "agent", "--device", os.environ.get("KWB_DEVICE", "cuda"), "--runner", os.environ["KWB_RUNNER"]] + runner_args + arguments
    with open(log_path, "w") as log:
        log.write("$ " + " ".join(command) + "\n")
        log.flush()
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
        try:
            code = process.wait(timeout=max(1, deadline - time.time()))
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            raise
    with open(log_path) as log:
        text = log.read()
    if code != 0:
        raise RuntimeError("kwb agent exited with %d; see %s" % (code, log_path))
    turns = re.findall(r"^turn \d+ stored: (\S+)$", text, re.M)
    trajectory = re.findall(r"^trajectory (\S+): ", text, re.M)
    return (trajectory[-1] if trajectory else ""), turns


def record(plan_name, state, deadline, report):
    plan_dir = os.path.join(HERE, plan_name)
    out = os.path.join(state, plan_name)
    if os.path.exists(os.path.join(out, "done")):
        report(plan_name, "already recorded")
        return
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(plan_dir, "plan.json")) as f:
        plan = json.load(f)
    scripts = os.path.join(out, "scripts")
    subprocess.run([sys.executable, os.path.join(HERE, "make_script.py"), plan_dir, scripts], check=True,
                   stdout=subprocess.DEVNULL)
    store = os.path.join(out, "store.kwb")
    start = time.time()
    try:
        uuid, main = run_agent(os.path.join(out, "main.log"), [
            "--store", store, "--task", plan["task"], "--title", plan["title"],
            "--script", os.path.join(scripts, "main.json")], deadline)
        branches = {"main": main}
        ids = [t["id"] for t in plan["turns"]]
        for i, fork in enumerate(plan.get("forks", [])):
            name = "fork-%d" % (i + 1)
            at = main[ids.index(fork["from"])]
            _, turns = run_agent(os.path.join(out, name + ".log"), [
                "--store", store, "--trajectory", uuid, "--from", at,
                "--script", os.path.join(scripts, name + ".json")], deadline)
            branches[name] = turns
    except subprocess.TimeoutExpired:
        report(plan_name, "ran out of time after %.0f s; it will be recorded anew" % (time.time() - start))
        return
    except Exception as e:  # the plan's logs say more
        report(plan_name, "failed: %s" % e)
        return
    with open(os.path.join(out, "record.json"), "w") as f:
        json.dump({"plan": plan_name, "trajectory": uuid, "branches": branches,
                   "seconds": round(time.time() - start, 1)}, f, indent=1)
    open(os.path.join(out, "done"), "w").close()
    report(plan_name, "recorded in %.0f s: %s" % (time.time() - start,
                                                  ", ".join("%s %d turns" % (k, len(v)) for k, v in branches.items())))


def main():
    state, seconds = sys.argv[1], float(sys.argv[2])
    plans = sys.argv[3:] or sorted(d for d in os.listdir(HERE) if os.path.exists(os.path.join(HERE, d, "plan.json")))
    deadline = time.time() + seconds
    lock = threading.Lock()

    def report(plan, what):
        with lock:
            print("%s: %s" % (plan, what), flush=True)

    threads = [threading.Thread(target=record, args=(p, state, deadline, report)) for p in plans]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


if __name__ == "__main__":
    main()
