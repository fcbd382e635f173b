"""The evaluation actor: one per GPU (num_gpus=1; on the CPU, one per node), owning warm `kwb-runner serve`
processes and using its host's build and baseline caches. Each job is compiled first, by `kwb-runner eval
--stop-after compile` on the node's cores (builds of later jobs run while earlier ones are evaluated), then
evaluated by a warm serve process, which finds the build cached. Everything a verdict depends on runs in
kwb-runner as it does locally: its sandbox, its limits and its GPU lock (timed calls never share a GPU)."""
import json
import os
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time

from . import jobs


class RunnerMissing(RuntimeError):
    pass


class _Serve:
    """One `kwb-runner serve`: requests in, answers out, one at a time."""

    def __init__(self, argv, log):
        self.argv = argv
        self.log = log
        self.process = None
        self.start()

    def start(self):
        self.process = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self.log, text=True, bufsize=1, start_new_session=True)

    def ask(self, words):
        if self.process.poll() is not None:
            self.start()  # it ended (killed, crashed): a fresh one, whose warm-up the request waits for
        self.process.stdin.write(json.dumps(words) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            code = self.process.wait()
            raise RuntimeError("kwb-runner serve ended (status %s) before it answered" % code)
        return json.loads(line)

    def close(self):
        if self.process and self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, 9)


class EvalActor:
    """Made with ray.remote(...)(EvalActor).options(num_gpus=1, max_concurrency=...) by the pool."""

    def __init__(self, runner, device, forward, cache_dir="", python="", evals=1, warm=1, compile_slots=1):
        import ray  # the actor runs inside Ray; importing here keeps this module importable without it

        self.runner = runner
        if not (os.path.isfile(runner) and os.access(runner, os.X_OK)):
            raise RunnerMissing("kwb-runner is not at %s on node %s (%s); build it there (cmake --preset runner) or give "
                                "its path with --node-runner" % (runner, ray.get_runtime_context().get_node_id()[:12],
                                                                 socket.gethostname()))
        self.device = device
        self.node = ray.get_runtime_context().get_node_id()
        self.gpus = [str(g) for g in ray.get_gpu_ids()]
        self.host = socket.gethostname()
        home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        self.cache = cache_dir or os.path.join(home, "kernel-workbench")  # the host's, shared by its actors
        os.makedirs(self.cache, exist_ok=True)
        self.scratch = tempfile.mkdtemp(prefix="kwb-ray-", dir=os.path.join(self.cache) if os.access(self.cache, os.W_OK) else None)
        self.common = ["--device", device, "--cache-dir", self.cache] + (["--python", python] if python else []) + list(forward)
        self.log = open(os.path.join(self.scratch, "serve.log"), "a")
        self.serves = queue.Queue()
        # `warm` is the actor's, as --warm is the run's locally: split over its serve processes (each at least one),
        # so that one GPU holds as many warm pairs through Ray as it does in a local run.
        evals = max(1, evals)
        per_serve = max(1, -(-max(1, warm) // evals))
        for _ in range(evals):
            self.serves.put(_Serve([runner, "serve", "--warm", str(per_serve)] + self.common, self.log))
        self.compiles = threading.Semaphore(max(1, compile_slots))
        self.done = 0

    def info(self):
        return {"node": self.node, "host": self.host, "gpus": self.gpus, "device": self.device, "cache": self.cache,
                "pid": os.getpid()}

    def evaluate(self, job):
        """job: {"name", "command": "eval"|"baseline", "task": tree, "candidate": tree|None, "args": [...],
        "artifacts": bool}. Returns {"result", "node", "host", "gpus", "seconds", "artifacts"?, "run_dir"}."""
        start = time.time()
        work = tempfile.mkdtemp(prefix=job["name"][:40] + "-", dir=self.scratch)
        try:
            task = jobs.write_tree(job["task"], os.path.join(work, "task"))
            run_dir = os.path.join(work, "run")
            words = ["--task", task, "--run-dir", run_dir] + list(job.get("args", []))
            if job.get("command", "eval") == "baseline":
                done = subprocess.run([self.runner, "baseline"] + words + self.common, capture_output=True, text=True)
                if not done.stdout.strip():
                    raise RuntimeError("kwb-runner baseline printed nothing: " + done.stderr.strip()[-400:])
                result = json.loads(done.stdout)
            else:
                candidate = jobs.write_tree(job["candidate"], os.path.join(work, "candidate"))
                words[2:2] = ["--candidate", candidate]
                with self.compiles:  # the build, on this node's cores, ahead of the GPU
                    subprocess.run([self.runner, "eval", "--stop-after", "compile"] + self.common + words[:4]
                                   + ["--run-dir", os.path.join(work, "build")] + list(job.get("args", [])),
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                serve = self.serves.get()
                try:
                    result = serve.ask(words)
                finally:
                    self.serves.put(serve)
            answer = {"result": result, "node": self.node, "host": self.host, "gpus": self.gpus, "run_dir": run_dir}
            if job.get("artifacts"):
                answer["artifacts"] = jobs.pack(run_dir)
            answer["seconds"] = time.time() - start
            self.done += 1
            return answer
        finally:
            shutil.rmtree(work, ignore_errors=True)

    def close(self):
        while not self.serves.empty():
            self.serves.get().close()
        return True
