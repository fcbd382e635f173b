"""The reward service: an RL training loop asks for the reward of (task, candidate files, options) and gets the
evaluation back, over Ray (kwb_ray.RewardClient) or HTTP (POST /v1/evaluate).

    python -m kwb_ray.service --address ADDR --runner PATH --device cuda|cpu [--http 127.0.0.1:8765]
        [--store run.kwb] [--queue 64] [--timeout 600] [--actors N] -- EVAL-OPTIONS...

Requests beyond what the actors take at once wait in a bounded queue; past it a request is refused at once
("kind": "busy", HTTP 429), never left hanging. Each has a timeout (its own "timeout_s", at most the service's):
past it the caller gets an error ("kind": "timeout", HTTP 504). Every request, answered or refused, is recorded
with the loop's step, group, rollout and policy version: one writer (`kwb record`, started by this service's
frontend) keeps them in the .kwb store, which the workbench opens. The service ends on SIGINT/SIGTERM or end of
its standard input when --stdin-ends is given.
"""
import argparse
import base64
import datetime
import http.server
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid

from . import jobs
from .client import NAMESPACE, SERVICE_NAME


def _now():
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _percentile(values, q):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


class Frontend:
    """The service's one entry (a named Ray actor on the service's node): queue, timeouts, the pool, the record."""

    def __init__(self, pool_args, queue, timeout, kwb, store):
        from .pool import Pool

        self.pool = Pool(**pool_args)
        self.capacity = self.pool.capacity()
        self.queue = queue
        self.timeout = timeout
        self.lock = threading.Lock()
        self.inside = 0  # requests queued or running
        self.counts = {"answered": 0, "busy": 0, "timeout": 0, "bad-request": 0, "environment": 0}
        self.latencies = []
        self.recorder = None
        self.journal = None
        if store:
            self.journal = open(store + ".requests.jsonl", "a")
            self.recorder = subprocess.Popen([kwb, "record", store], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                             stderr=open(store + ".record.log", "a"), text=True, bufsize=1)
        self.record_lock = threading.Lock()

    def ready(self):
        return {"capacity": self.capacity, "queue": self.queue, "actors": self.pool.describe()}

    def stats(self):
        with self.lock:
            lat = list(self.latencies)
            return dict(self.counts, inside=self.inside, capacity=self.capacity, queue=self.queue,
                        p50_s=_percentile(lat, 0.5), p95_s=_percentile(lat, 0.95), p99_s=_percentile(lat, 0.99),
                        max_s=max(lat) if lat else None, lost=list(self.pool.lost), retried=self.pool.retried)

    def _record(self, request, answer, received, files, result):
        meta = request.get("meta") if isinstance(request.get("meta"), dict) else {}
        task = request.get("task") if isinstance(request.get("task"), dict) else {}
        line = {"format": "kwb-reward-record/1", "request_id": answer["request_id"], "received": received,
                "answered": _now(), "meta": meta,
                "task": {"name": task.get("name", ""), "source": task.get("source", ""), "level": task.get("level", 0)},
                "files": files, "result": result, "error": answer.get("error"), "kind": answer.get("kind"),
                "queued_s": answer.get("queued_s"), "node": answer.get("node"), "host": answer.get("host"),
                "attempts": answer.get("attempts")}
        text = json.dumps(line) + "\n"
        with self.record_lock:
            if self.journal:
                self.journal.write(text)
                self.journal.flush()
            if self.recorder and self.recorder.poll() is None:
                try:
                    self.recorder.stdin.write(text)
                    self.recorder.stdin.flush()
                except (BrokenPipeError, OSError):
                    pass

    def evaluate(self, request):
        received = _now()
        start = time.time()
        rid = str(request.get("request_id") or uuid.uuid4()) if isinstance(request, dict) else str(uuid.uuid4())
        answer = {"ok": False, "request_id": rid}
        files = {}
        result = None
        try:
            if not isinstance(request, dict):
                raise ValueError("A request is a JSON object with task, files and meta.")
            task = request.get("task")
            if not isinstance(task, dict) or not isinstance(task.get("source"), str) or not task.get("source").strip():
                raise ValueError("The request has no task source (task.source, the KernelBench-format Python).")
            files = request.get("files")
            if not isinstance(files, dict) or not files or not all(isinstance(v, str) for v in files.values()):
                raise ValueError("The request has no candidate files (files: {path: text}).")
            if "model_new.py" not in files:
                raise ValueError("The candidate has no model_new.py (the file defining ModelNew).")
            timeout = float(request.get("timeout_s") or self.timeout)
            timeout = min(timeout, self.timeout)
        except (ValueError, TypeError) as e:
            answer.update(error=str(e), kind="bad-request")
            with self.lock:
                self.counts["bad-request"] += 1
            self._record(request if isinstance(request, dict) else {}, answer, received, files if isinstance(files, dict) else {}, None)
            return answer
        with self.lock:
            if self.inside >= self.capacity + self.queue:
                self.counts["busy"] += 1
                busy = True
            else:
                self.inside += 1
                busy = False
        if busy:
            answer.update(error="The service is full (%d evaluations running or queued); send it again later."
                          % (self.capacity + self.queue), kind="busy")
            self._record(request, answer, received, files, None)
            return answer
        try:
            name = "".join(c if c.isalnum() or c in "_-" else "_" for c in str(task.get("name") or "task"))[:60] or "task"
            job = {"name": name, "command": "eval",
                   "task": jobs.from_text(name + ".py", {name + ".py": task["source"]}),
                   "candidate": jobs.from_text("candidate", files) if len(files) > 1 else jobs.from_text("model_new.py", files),
                   "args": [], "artifacts": False}
            if len(files) == 1:  # a single model_new.py is a KernelBench-style file, evaluated as such
                job["candidate"] = {"kind": "file", "name": "model_new.py",
                                    "files": {"model_new.py": base64.b64encode(files["model_new.py"].encode()).decode()}}
            from .pool import EnvironmentFailure

            try:
                reply, attempts = self.pool.run(job, timeout=timeout)
                result = reply["result"]
                reward = result.get("reward", {}).get("value")
                answer.update(ok=True, reward=reward, compile=result.get("compile", {}).get("status"),
                              verify=result.get("verify", {}).get("status"),
                              speedup_vs_eager=result.get("speedup_vs_eager"),
                              speedup_vs_compile=result.get("speedup_vs_compile"), node=reply["node"],
                              host=reply["host"], attempts=attempts, eval_s=reply.get("seconds"))
                if "error" in result:  # the runner's own environment error: no verdict
                    answer.update(ok=False, error=result["error"], kind="environment", reward=None)
                if request.get("include_result"):
                    answer["result"] = result
                kind = "answered" if answer["ok"] else "environment"
            except EnvironmentFailure as e:
                timed_out = "timeout" in str(e) or time.time() - start >= timeout
                answer.update(error=("No answer within the request's timeout of %.0f s." % timeout) if timed_out else str(e),
                              kind="timeout" if timed_out else "environment")
                kind = answer["kind"]
        finally:
            with self.lock:
                self.inside -= 1
        answer["seconds"] = time.time() - start
        with self.lock:
            self.counts[kind] += 1
            if kind == "answered":
                self.latencies.append(answer["seconds"])
        self._record(request, answer, received, files, result)
        return answer

    def close(self):
        self.pool.close()
        with self.record_lock:
            if self.recorder:
                self.recorder.stdin.close()
                self.recorder.wait(timeout=120)
                self.recorder = None
            if self.journal:
                self.journal.close()
                self.journal = None
        return True


class _Handler(http.server.BaseHTTPRequestHandler):
    frontend = None
    timeout_s = 600
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _send(self, code, body):
        data = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        import ray

        if self.path.rstrip("/") in ("/v1/stats", "/v1/health"):
            self._send(200, ray.get(self.frontend.stats.remote()))
        else:
            self._send(404, {"ok": False, "error": "No such endpoint; POST /v1/evaluate or GET /v1/stats."})

    def do_POST(self):
        import ray

        if self.path.rstrip("/") != "/v1/evaluate":
            self._send(404, {"ok": False, "error": "No such endpoint; POST /v1/evaluate or GET /v1/stats."})
            return
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"null")
        except ValueError:
            self._send(400, {"ok": False, "kind": "bad-request", "error": "The body is not JSON."})
            return
        batch = isinstance(body, dict) and isinstance(body.get("requests"), list)
        requests = body["requests"] if batch else [body]
        refs = [self.frontend.evaluate.remote(r) for r in requests]
        answers = []
        for ref, r in zip(refs, requests):
            limit = (r.get("timeout_s") if isinstance(r, dict) else None) or self.timeout_s
            try:
                answers.append(ray.get(ref, timeout=min(float(limit), self.timeout_s) + 30))
            except ray.exceptions.GetTimeoutError:
                answers.append({"ok": False, "kind": "timeout", "error": "No answer within the request's timeout."})
            except ray.exceptions.RayError as e:
                answers.append({"ok": False, "kind": "environment", "error": "The service failed: %s" % str(e).splitlines()[0]})
        if batch:
            self._send(200, {"answers": answers})
            return
        a = answers[0]
        self._send(200 if a.get("ok") else {"busy": 429, "timeout": 504, "bad-request": 400}.get(a.get("kind"), 503), a)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m kwb_ray.service")
    parser.add_argument("--address", default="auto")
    parser.add_argument("--runner", required=True, help="kwb-runner's path on every node")
    parser.add_argument("--node-python", default="")
    parser.add_argument("--node-cache", default="")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--actors", type=int, default=0)
    parser.add_argument("--evals-per-actor", type=int, default=0)
    parser.add_argument("--http", default="", help="HOST:PORT for the HTTP endpoint (none by default)")
    parser.add_argument("--store", default="", help="the .kwb store every request is recorded in")
    parser.add_argument("--kwb", default="", help="the kwb CLI that writes the store (default: beside --runner, or on PATH)")
    parser.add_argument("--queue", type=int, default=64, help="requests waiting beyond those running (default 64)")
    parser.add_argument("--timeout", type=float, default=600.0, help="the longest a request may take, in s (default 600)")
    parser.add_argument("--name", default=SERVICE_NAME)
    parser.add_argument("--stdin-ends", action="store_true", help="end when standard input closes")
    parser.add_argument("forward", nargs=argparse.REMAINDER)
    a, forward = jobs.parse_command(parser, argv)

    say = jobs.line_writer()

    try:
        import ray
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy
    except ImportError:
        say({"error": jobs.RAY_MISSING % sys.executable})
        return 1
    kwb = a.kwb
    if a.store and not kwb:
        beside = os.path.join(os.path.dirname(os.path.abspath(a.runner)), "kwb")
        kwb = beside if os.access(beside, os.X_OK) else "kwb"
    if a.store:
        try:
            subprocess.run([kwb, "--version"], capture_output=True, check=False)
        except OSError:
            say({"error": "Recording into %s needs the kwb CLI (not found as %s); give it with --kwb." % (a.store, kwb)})
            return 1
    package = os.path.dirname(os.path.abspath(__file__))
    try:
        ray.init(address=a.address, namespace=NAMESPACE, runtime_env={"py_modules": [package]}, logging_level="ERROR",
                 log_to_driver=False)
    except Exception as e:
        say({"error": "Cannot join the Ray cluster at %s: %s" % (a.address, str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__)})
        return 1
    pool_args = dict(runner=a.runner, device=a.device, forward=jobs.forwardable(forward), actors=a.actors,
                     python=a.node_python, evals=a.evals_per_actor, cache_dir=a.node_cache)
    here = ray.get_runtime_context().get_node_id()
    frontend = ray.remote(Frontend).options(
        name=a.name, namespace=NAMESPACE, num_cpus=0, max_concurrency=4 * (a.queue + 64),
        scheduling_strategy=NodeAffinitySchedulingStrategy(node_id=here, soft=False)).remote(
        pool_args, a.queue, a.timeout, kwb, os.path.abspath(a.store) if a.store else "")
    try:
        info = ray.get(frontend.ready.remote(), timeout=600)
    except ray.exceptions.RayError as e:
        text = str(e)
        for marker in ("EnvironmentFailure: ", "RunnerMissing: "):
            if marker in text:
                text = text.split(marker, 1)[1]
        say({"error": "The service could not start its evaluation actors: %s" % text.strip().splitlines()[0]})
        return 1
    server = None
    if a.http:
        host, _, port = a.http.rpartition(":")
        _Handler.frontend = frontend
        _Handler.timeout_s = a.timeout
        server = http.server.ThreadingHTTPServer((host or "127.0.0.1", int(port)), _Handler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        info["http"] = "http://%s:%d" % server.server_address[:2]
    info["name"] = a.name
    info["namespace"] = NAMESPACE
    say({"ready": info})
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    if a.stdin_ends:
        threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait()
    if server:
        server.shutdown()
    say({"stats": ray.get(frontend.stats.remote())})
    ray.get(frontend.close.remote())
    return 0


if __name__ == "__main__":
    sys.exit(main())
