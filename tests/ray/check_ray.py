"""Distributed evaluation and the reward service on a real local Ray cluster: a head and a worker node, both
processes on 127.0.0.1, evaluating on the CPU.

  1. `kwb-runner eval-set --ray` over a task set gives the same results as the local eval-set, in the same order.
  2. The same run with the worker node killed once the first results are in: every evaluation still ends with the
     same verdict, the summary names the lost node, and only evaluations in flight were run again.
  3. The reward service under a burst of HTTP and Ray-client requests larger than its pool and queue: every request
     is answered within its timeout, with a reward or with its error (busy, timeout, bad request); the store it
     recorded lists every request, and the window opens it.

Exits 77 (skipped) when the Python has no Ray. Usage:
  check_ray.py --python PY --runner KWB_RUNNER --kwb KWB --workbench KERNEL_WORKBENCH --fixtures DIR --work DIR
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
TASKS = 10  # nine in turn correct, wrong or without a candidate, and the one that plants links
PACKAGE = os.path.normpath(os.path.join(HERE, "..", "..", "resources", "ray"))


def fail(text):
    print("FAIL: " + text, flush=True)
    sys.exit(1)


def check(condition, text):
    if not condition:
        fail(text)
    print("ok: " + text, flush=True)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """`ray start --head` and one worker node, each `--block` in a process group of its own so that a node can be
    killed whole (raylet, its workers, its object store) as a lost machine would be."""

    def __init__(self, ray_bin, work):
        self.ray_bin = ray_bin
        self.work = work
        self.port = free_port()
        self.address = "127.0.0.1:%d" % self.port
        self.temp = os.path.join("/tmp", "kwbray-%d" % os.getpid())  # Ray's socket paths must stay short
        self.head = None
        self.workers = []
        self.env = dict(os.environ, RAY_USAGE_STATS_ENABLED="0", RAY_DISABLE_DOCKER_CPU_WARNING="1")

    def _start(self, args, log):
        return subprocess.Popen([self.ray_bin, "start", "--block", "--num-cpus", "1", "--num-gpus", "0",
                                 "--object-store-memory", str(150 << 20), "--disable-usage-stats"] + args,
                                stdout=open(log, "w"), stderr=subprocess.STDOUT, env=self.env, start_new_session=True)

    def start(self):
        self.head = self._start(["--head", "--port", str(self.port), "--node-ip-address", "127.0.0.1",
                                 "--include-dashboard", "false", "--temp-dir", self.temp],
                                os.path.join(self.work, "ray-head.log"))
        self.wait_nodes(1)
        self.add_worker()

    def add_worker(self):
        log = os.path.join(self.work, "ray-worker-%d.log" % len(self.workers))
        self.workers.append(self._start(["--address", self.address, "--node-ip-address", "127.0.0.1"], log))
        self.wait_nodes(1 + sum(1 for w in self.workers if w.poll() is None))

    def alive_nodes(self):
        code = ("import ray,json;ray.init(address=%r,logging_level='ERROR');"
                "print(json.dumps(sum(1 for n in ray.nodes() if n['Alive'])))" % self.address)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=self.env, timeout=120)
        try:
            return int(done.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            return 0

    def wait_nodes(self, count, limit=180):
        end = time.time() + limit
        while time.time() < end:
            if self.head.poll() is not None:
                fail("ray start --head ended: see %s" % os.path.join(self.work, "ray-head.log"))
            if self.alive_nodes() >= count:
                return
            time.sleep(1)
        fail("the Ray cluster did not reach %d nodes within %d s" % (count, limit))

    def kill_worker(self, index=0):
        os.killpg(self.workers[index].pid, signal.SIGKILL)
        self.workers[index].wait()

    def stop(self):
        for p in self.workers + [self.head]:
            if p and p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
                p.wait()
        shutil.rmtree(self.temp, ignore_errors=True)


def make_set(fixtures, root, copies):
    """A KernelBench-shaped set: `copies` tasks, each with a correct, a wrong or no candidate in turn, and one more
    whose wrong candidate leaves links and a pipe where it may write (tests/ray/fixtures/plants_links.py)."""
    tasks = os.path.join(root, "tasks", "level1")
    candidates = os.path.join(root, "candidates")
    os.makedirs(tasks)
    os.makedirs(candidates)
    kinds = ["plain_torch.py", "wrong_answer.py", None]
    for i in range(copies):
        name = "%d_scale_add_%d" % (i + 1, i + 1)
        shutil.copy(os.path.join(fixtures, "task_scale_add.py"), os.path.join(tasks, name + ".py"))
        kind = kinds[i % len(kinds)]
        if kind:
            shutil.copy(os.path.join(fixtures, kind), os.path.join(candidates, "level1_%s.py" % name))
    name = "%d_scale_add_links" % (copies + 1)
    shutil.copy(os.path.join(fixtures, "task_scale_add.py"), os.path.join(tasks, name + ".py"))
    shutil.copy(os.path.join(HERE, "fixtures", "plants_links.py"), os.path.join(candidates, "level1_%s.py" % name))
    return os.path.dirname(tasks), candidates


def eval_set(runner, python, tasks, candidates, out, cache, extra, stop_event=None):
    argv = [runner, "eval-set", "--tasks", tasks, "--candidates", candidates, "--out", out, "--device", "cpu",
            "--no-baselines", "--python", python, "--cache-dir", cache] + extra
    log = open(out + ".log", "w")
    process = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT)
    if stop_event:
        stop_event(process)
    code = process.wait(timeout=600)
    log.close()
    if code != 0:
        fail("eval-set %s ended with %d: %s" % (" ".join(extra), code, open(out + ".log").read()[-2000:]))
    with open(os.path.join(out, "summary.json")) as f:
        return json.load(f)


def odd_files(folder):
    """Links, pipes and devices under a folder (regular files and folders are all a run folder should hold)."""
    found = []
    for root, dirs, names in os.walk(folder):
        for name in dirs + names:
            full = os.path.join(root, name)
            info = os.lstat(full)
            if not (stat.S_ISREG(info.st_mode) or stat.S_ISDIR(info.st_mode)) or (stat.S_ISREG(info.st_mode) and info.st_nlink > 1):
                found.append(os.path.relpath(full, folder))
    return found


def verdicts(summary):
    return [(r["name"], r.get("compile"), r.get("verify"), r.get("reward")) for r in summary["results"]]


def http_post(url, body, timeout):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def main():
    parser = argparse.ArgumentParser()
    for name in ("python", "runner", "kwb", "workbench", "fixtures", "work"):
        parser.add_argument("--" + name, required=True)
    a = parser.parse_args()
    for name in ("runner", "kwb", "workbench", "fixtures", "work"):
        setattr(a, name, os.path.abspath(getattr(a, name)))
    try:
        import ray  # noqa: F401
    except ImportError:
        print("skipped: %s has no Ray (pip install -r requirements-ray.txt)" % sys.executable)
        return 77
    ray_bin = os.path.join(os.path.dirname(sys.executable), "ray")
    if not os.access(ray_bin, os.X_OK):
        print("skipped: no ray command beside %s" % sys.executable)
        return 77
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    cache = os.path.join(a.work, "cache")
    tasks, candidates = make_set(a.fixtures, os.path.join(a.work, "set"), TASKS - 1)

    local = eval_set(a.runner, a.python, tasks, candidates, os.path.join(a.work, "local"), cache, [])
    check(len(local["results"]) == TASKS and local["correct"] == 3, "the local eval-set: %d tasks, 3 correct" % TASKS)
    planted = next(r for r in local["results"] if r["name"].endswith("_links"))
    check(planted.get("verify") == "failed" and planted.get("reward") == -1,
          "the candidate that plants links fails verification with reward -1 (%s, %s)" % (planted.get("verify"), planted.get("reward")))
    check(len(odd_files(os.path.join(a.work, "local"))) >= 1,
          "locally, the links it planted are in its run folder (%s)" % odd_files(os.path.join(a.work, "local"))[:4])

    cluster = Cluster(ray_bin, a.work)
    try:
        cluster.start()
        check(cluster.alive_nodes() == 2, "a Ray head and a worker node on 127.0.0.1")
        ray_opts = ["--ray", cluster.address, "--node-cache", cache, "--node-python", a.python]

        spread = eval_set(a.runner, a.python, tasks, candidates, os.path.join(a.work, "ray"), cache, ray_opts)
        check(verdicts(spread) == verdicts(local), "the distributed eval-set's verdicts and rewards equal the local run's, in order")
        check(spread["ray"]["actors"] == 2 and len(spread["ray"]["nodes"]) == 2, "one evaluation actor on each node")
        for key in ("tasks", "evaluated", "correct", "pass_rate", "environment_errors"):
            check(spread[key] == local[key], "summary %s equal (%s)" % (key, spread[key]))
        ours = sorted(os.listdir(os.path.join(a.work, "ray", "results")))
        check(ours == sorted(os.listdir(os.path.join(a.work, "local", "results"))), "the same results/*.json files")
        check(odd_files(os.path.join(a.work, "ray")) == [],
              "no link, hard link or pipe the candidate planted on a node reached the driver's run folders")

        # A node lost mid-run: killed (its raylet, workers and store) once the first results are written.
        out = os.path.join(a.work, "ray-kill")
        seen = {}

        def kill_when_started(process):
            results = os.path.join(out, "results")
            end = time.time() + 600
            while time.time() < end and process.poll() is None:
                done = os.listdir(results) if os.path.isdir(results) else []
                if done:
                    seen["before"] = len(done)
                    cluster.kill_worker(0)
                    return
                time.sleep(0.2)
            fail("the distributed run wrote no result before it ended")

        survived = eval_set(a.runner, a.python, tasks, candidates, out, cache, ray_opts, kill_when_started)
        check(seen.get("before", 99) < TASKS, "the worker node was killed with %d of %d results written" % (seen.get("before", 0), TASKS))
        check(verdicts(survived) == verdicts(local), "after the node was lost every verdict still equals the local run's")
        check(survived["environment_errors"] == 0, "no evaluation was recorded as an environment error")
        lost = survived["ray"]["nodes_lost"]
        check(len(lost) >= 1, "the summary names the lost node (%s)" % lost)
        check(survived["ray"]["evaluations_retried"] <= TASKS - seen["before"],
              "only evaluations not yet finished were run again (%d)" % survived["ray"]["evaluations_retried"])
        cluster.add_worker()

        service_checks(a, cluster, cache)
    finally:
        cluster.stop()
    return 0


def service_checks(a, cluster, cache):
    store = os.path.join(a.work, "service.kwb")
    port = free_port()
    # Each request's budget, queue time included. The burst below puts six CPU evaluations at once on the machine
    # beside the rest of the suite; on the 2-core build machine four of them ran past 120 s once (2026-12-08).
    timeout = 240
    env = dict(os.environ, PYTHONPATH=PACKAGE + os.pathsep + os.environ.get("PYTHONPATH", ""))
    argv = [sys.executable, "-m", "kwb_ray.service", "--address", cluster.address, "--runner", a.runner,
            "--kwb", a.kwb, "--device", "cpu", "--http", "127.0.0.1:%d" % port, "--store", store, "--queue", "2",
            "--timeout", str(timeout), "--node-cache", cache, "--node-python", a.python, "--stdin-ends",
            "--", "--no-baselines"]
    service = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=open(store + ".log", "w"),
                               text=True, env=env)
    ready = json.loads(service.stdout.readline() or '{"error": "no output"}')
    check("ready" in ready, "the reward service started: %s" % json.dumps(ready)[:300])
    capacity = ready["ready"]["capacity"]
    url = ready["ready"]["http"] + "/v1/evaluate"

    with open(os.path.join(a.fixtures, "task_scale_add.py")) as f:
        task = f.read()
    with open(os.path.join(a.fixtures, "plain_torch.py")) as f:
        good = f.read()
    with open(os.path.join(a.fixtures, "wrong_answer.py")) as f:
        wrong = f.read()

    def request(i):
        return {"task": {"name": "level1_scale_add", "source": task, "level": 1},
                "files": {"model_new.py": good if i % 2 == 0 else wrong},
                "meta": {"step": i // 4, "group": "g%d" % (i // 4), "rollout": "r%d" % i, "policy_version": "v%d" % (i // 4)},
                "request_id": "burst-%02d" % i, "timeout_s": timeout}

    burst = capacity + 2 + 6  # more than run at once and wait in the queue
    started = time.time()
    with concurrent.futures.ThreadPoolExecutor(burst + 2) as pool:
        futures = [pool.submit(lambda i=i: (time.time(), http_post(url, request(i), timeout + 60))) for i in range(burst)]
        bad = pool.submit(lambda: (time.time(), http_post(url, {"task": {"source": task}, "files": {"x.py": "x"}}, 60)))
        answers = [f.result() for f in futures]
        bad_answer = bad.result()
    for i, (sent, (code, body)) in enumerate(answers):
        took = body.get("seconds", 0)
        if body.get("ok"):
            expected = 1.0 if i % 2 == 0 else -1.0
            if body.get("reward") != expected or code != 200:
                fail("request %d: reward %s (HTTP %d), expected %s" % (i, body.get("reward"), code, expected))
        elif body.get("kind") not in ("busy", "timeout") or code not in (429, 504) or not body.get("error"):
            fail("request %d: neither a reward nor a clear error: HTTP %d %s" % (i, code, body))
        if took > timeout + 5:
            fail("request %d took %.1f s, past its timeout of %d s" % (i, took, timeout))
    kinds = [b.get("kind", "answered") if not b.get("ok") else "answered" for _, (_, b) in answers]
    check(kinds.count("answered") >= capacity, "the burst of %d: %d rewarded, %d refused busy, %d timed out (%.1f s)"
          % (burst, kinds.count("answered"), kinds.count("busy"), kinds.count("timeout"), time.time() - started))
    check(kinds.count("busy") >= 1, "past the pool and its queue, a request is refused at once (HTTP 429)")
    check(bad_answer[1][0] == 400 and "model_new.py" in bad_answer[1][1].get("error", ""),
          "a request without model_new.py gets HTTP 400 and says so")

    # The Ray client: a batch submitted at once, gathered later, as an RL loop does.
    sys.path.insert(0, PACKAGE)
    from kwb_ray import RewardClient

    client = RewardClient(cluster.address)
    refs = client.submit_batch([dict(request(100 + i), request_id="ray-%d" % i) for i in range(2)])
    got = client.gather(refs, timeout=timeout + 30)
    check([g.get("reward") for g in got] == [1.0, -1.0], "the Ray client's batch: rewards 1 and -1")
    stats = client.stats()
    import ray

    ray.shutdown()

    service.stdin.close()
    end = json.loads(service.stdout.readline() or "{}")
    service.wait(timeout=300)
    check(service.returncode == 0 and "stats" in end, "the service ended on end of input with its stats")
    total = burst + 1 + 2
    recorded = sum(1 for _ in open(store + ".requests.jsonl"))
    check(recorded == total, "every request was recorded (%d of %d)" % (recorded, total))
    info = subprocess.run([a.kwb, "info", store], capture_output=True, text=True)
    listed = re.search(r"Trajectories:\s+(\d+)", info.stdout)
    check(info.returncode == 0 and listed and int(listed.group(1)) == total,
          "kwb info reads the recorded store: one trajectory per request (%s)" % (listed.group(1) if listed else info.stderr.strip()))
    shot = os.path.join(a.work, "service.png")
    done = subprocess.run([a.workbench, store, "--screenshot", shot], capture_output=True, text=True,
                          env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=300)
    check(done.returncode == 0 and os.path.getsize(shot) > 10000, "the window opens the recorded store (%s)" % shot)
    print("stats: " + json.dumps(stats))


if __name__ == "__main__":
    sys.exit(main())
