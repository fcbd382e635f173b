#!/usr/bin/env python3
"""Records the sample plans with kwb agent against the real environment, several plans at once.

    record.py STATE_DIR DEADLINE_SECONDS [PLAN ...]

Each plan is recorded into STATE_DIR/<plan>/store.kwb: the main branch first, then each fork from its turn.
A plan that finished has STATE_DIR/<plan>/done and is skipped when the script runs again (a later call on a
machine that kept its files); one that ran out of time keeps the turns it stored, and the next run goes on after them. The turns'
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
    """Runs kwb agent until it ends or the deadline; returns (trajectory uuid or "", turns stored, finished)."""
    kwb = os.environ["KWB"]
    runner_args = []
    for a in os.environ.get("KWB_RUNNER_ARGS", "").split():
        runner_args.append("--runner-arg=" + a)
    command = [kwb, "agent", "--device", os.environ.get("KWB_DEVICE", "cuda"), "--runner", os.environ["KWB_RUNNER"]] + runner_args + arguments
    finished = True
    with open(log_path, "w") as log:
        log.write("$ " + " ".join(command) + "\n")
        log.flush()
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True)
        # A sample whose timing failed teaches nothing about speed: that is a fault of the environment, so the
        # recording stops at once rather than store more of it.
        broken = None
        while True:
            try:
                code = process.wait(timeout=5)
                break
            except subprocess.TimeoutExpired:
                with open(log_path) as current:
                    broken = re.search(r"^timing: failed\n(.*)$", current.read(), re.M)
                if broken or time.time() > deadline:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
                    finished, code = False, 0
                    break
        if broken:
            raise RuntimeError("an evaluation's timing failed (%s); see %s" % (broken.group(1), log_path))
    with open(log_path) as log:
        text = log.read()
    if code != 0:
        raise RuntimeError("kwb agent exited with %d; see %s" % (code, log_path))
    turns = re.findall(r"^turn \d+ stored: (\S+)$", text, re.M)
    trajectory = re.findall(r"^trajectory (\S+): ", text, re.M)
    return (trajectory[-1] if trajectory else ""), turns, finished


def store_trajectory(store):
    """The trajectory's uuid once kwb agent has created it; "" before (read-only: never creates the file)."""
    import sqlite3
    if not os.path.exists(store):
        return ""
    try:
        db = sqlite3.connect("file:%s?mode=ro" % store, uri=True)
        try:
            row = db.execute("SELECT uuid FROM trajectories ORDER BY id LIMIT 1").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return ""
    return row[0] if row else ""


def logged_turns(log_path):
    """The turns a kwb agent run has stored so far, from its log."""
    try:
        with open(log_path) as f:
            return re.findall(r"^turn \d+ stored: (\S+)$", f.read(), re.M)
    except OSError:
        return []


def record(plan_name, state, deadline, report):
    """Records a plan's branches. The main branch runs first; each fork starts as soon as the main branch has stored
    the turn it forks from, beside the rest of the main branch (both write the one store, a turn per transaction).
    A run cut short by the deadline keeps the turns it stored (progress.json) and the next run goes on after them."""
    plan_dir = os.path.join(HERE, plan_name)
    out = os.path.join(state, plan_name)
    if os.path.exists(os.path.join(out, "done")):
        report(plan_name, "already recorded")
        return
    progress_path = os.path.join(out, "progress.json")
    with open(os.path.join(plan_dir, "plan.json")) as f:
        plan = json.load(f)
    scripts = os.path.join(out, "scripts")
    if os.path.exists(progress_path):
        with open(progress_path) as f:
            progress = json.load(f)
    else:
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        progress = {"trajectory": "", "branches": {}, "runs": 0}
    subprocess.run([sys.executable, os.path.join(HERE, "make_script.py"), plan_dir, scripts], check=True,
                   stdout=subprocess.DEVNULL)
    store = os.path.join(out, "store.kwb")
    start = time.time()
    ids = [t["id"] for t in plan["turns"]]
    lock = threading.Lock()
    live = {}  # branch -> the log of its run in progress
    outcome = {}  # branch -> "done", "cut short" or an error

    def save():  # a kill mid-write leaves the previous file, never half of one
        with open(progress_path + ".tmp", "w") as f:
            json.dump(progress, f, indent=1)
        os.replace(progress_path + ".tmp", progress_path)

    def finish(name, how):
        with lock:
            outcome.setdefault(name, how)

    def outcome_of(name):
        with lock:
            return outcome.get(name)

    def main_turns():
        with lock:
            done = list(progress["branches"].get("main", []))
            log = live.get("main")
        return done + (logged_turns(log) if log else [])

    def run_branch(name, fork_from):
        with open(os.path.join(scripts, name + ".json")) as f:
            actions = json.load(f)
        with lock:
            done = list(progress["branches"].get(name, []))
        if len(done) == len(actions):
            finish(name, "done")
            return
        if fork_from is not None and not done:
            # Wait for the turn to fork from (and for the trajectory to exist).
            at = ids.index(fork_from)
            while len(main_turns()) <= at or not (progress["trajectory"] or store_trajectory(store)):
                if time.time() > deadline or outcome_of("main") not in (None, "done"):
                    finish(name, "cut short")
                    return
                time.sleep(3)
            with lock:
                progress["trajectory"] = progress["trajectory"] or store_trajectory(store)
            arguments = ["--trajectory", progress["trajectory"], "--from", main_turns()[at],
                         "--script", os.path.join(scripts, name + ".json")]
        elif done:  # go on after the last turn stored
            rest = os.path.join(scripts, "%s-from-%d.json" % (name, len(done)))
            with open(rest, "w") as f:
                json.dump(actions[len(done):], f)
            arguments = ["--trajectory", progress["trajectory"], "--from", done[-1], "--script", rest]
        else:
            arguments = ["--task", plan["task"], "--title", plan["title"], "--script", os.path.join(scripts, name + ".json")]
        with lock:
            progress["runs"] += 1
            log = os.path.join(out, "%s-%d.log" % (name, progress["runs"]))
            live[name] = log
        try:
            uuid, turns, finished = run_agent(log, ["--store", store] + arguments, deadline)
        except Exception as e:  # the plan's logs say more
            turns, finished, uuid = logged_turns(log), False, ""
            finish(name, "failed: %s" % e)
        with lock:
            live.pop(name, None)
            progress["trajectory"] = progress["trajectory"] or uuid or store_trajectory(store)
            progress["branches"][name] = done + turns
            save()
        finish(name, "done" if finished else "cut short")

    branches = [("main", None)] + [("fork-%d" % (i + 1), f["from"]) for i, f in enumerate(plan.get("forks", []))]
    threads = [threading.Thread(target=run_branch, args=b) for b in branches]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    counts = ", ".join("%s %d turns" % (k, len(v)) for k, v in progress["branches"].items())
    failed = [v for v in outcome.values() if v.startswith("failed")]
    if failed:
        report(plan_name, failed[0] + " (" + counts + ")")
        return
    if any(v != "done" for v in outcome.values()):
        report(plan_name, "ran out of time after %.0f s with %s; the next run goes on from there" % (time.time() - start, counts))
        return
    with open(os.path.join(out, "record.json"), "w") as f:
        json.dump({"plan": plan_name, "trajectory": progress["trajectory"], "branches": progress["branches"],
                   "runs": progress["runs"]}, f, indent=1)
    open(os.path.join(out, "done"), "w").close()
    report(plan_name, "recorded in %.0f s: %s" % (time.time() - start, counts))


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
