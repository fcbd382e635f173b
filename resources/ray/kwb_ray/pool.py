"""A pool of evaluation actors over a Ray cluster: one per GPU (on the CPU, one per node), each taking a few jobs at
once (its builds run ahead of its evaluations). A job whose actor dies with its node is given to another actor;
finished jobs are never redone. Used by the eval-set dispatcher and by the reward service."""
import threading
import time

import ray
from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

from .actor import EvalActor


class EnvironmentFailure(RuntimeError):
    """The cluster, not the candidate, failed the job: no actor left, or every attempt lost with its node."""


class _Member:
    def __init__(self, handle, info):
        self.handle = handle
        self.info = info
        self.busy = 0
        self.alive = True


class Pool:
    def __init__(self, runner, device, forward, actors=0, python="", evals=0, warm=0, compile_slots=0, attempts=3,
                 start_timeout=300.0, cache_dir=""):
        self.device = device
        self.attempts = attempts
        self.start_timeout = start_timeout
        self.evals = evals or (3 if device == "cuda" else 1)
        self.compile_slots = compile_slots or 2
        self.slots = self.evals + self.compile_slots
        self._args = dict(runner=runner, device=device, forward=list(forward), cache_dir=cache_dir, python=python,
                          evals=self.evals, warm=warm or (2 * self.evals if device == "cuda" else self.evals),
                          compile_slots=self.compile_slots)
        self._cv = threading.Condition()
        self._members = []
        self._pending = 0  # replacements being started
        self.lost = []  # actors lost with their nodes: {"node", "host", "jobs_retried"}
        self.retried = 0
        nodes = [n for n in ray.nodes() if n.get("Alive")]
        if device == "cuda":
            gpus = int(sum(n.get("Resources", {}).get("GPU", 0) for n in nodes))
            if gpus == 0:
                raise EnvironmentFailure("The Ray cluster has no GPU to evaluate on (ray status lists its resources); "
                                         "use --device cpu or add a node with a GPU.")
            count = min(actors, gpus) if actors else gpus
        else:
            count = actors or len(nodes)
        handles = [self._spawn(i) for i in range(count)]
        infos = []
        for h in handles:
            try:
                infos.append(ray.get(h.info.remote(), timeout=start_timeout))
            except ray.exceptions.GetTimeoutError:
                raise EnvironmentFailure("An evaluation actor did not start within %.0f s: the cluster lacks the "
                                         "resources it asks for (%s)." % (start_timeout, "1 GPU" if device == "cuda" else "1 CPU"))
            except ray.exceptions.RayActorError as e:
                raise EnvironmentFailure(_cause(e))
        self._members = [_Member(h, i) for h, i in zip(handles, infos)]

    def _spawn(self, index):
        resources = {"num_gpus": 1, "num_cpus": 0} if self.device == "cuda" else {"num_cpus": 1}
        options = dict(resources, max_concurrency=self.slots + 2, max_restarts=0, name=None)
        if self.device != "cuda":
            options["scheduling_strategy"] = "SPREAD"
        return ray.remote(EvalActor).options(**options).remote(**self._args)

    def capacity(self):
        with self._cv:
            return sum(self.slots for m in self._members if m.alive)

    def describe(self):
        with self._cv:
            return [dict(m.info, alive=m.alive) for m in self._members]

    def _acquire(self, deadline):
        with self._cv:
            while True:
                alive = [m for m in self._members if m.alive]
                free = [m for m in alive if m.busy < self.slots]
                if free:
                    m = min(free, key=lambda x: x.busy)
                    m.busy += 1
                    return m
                if not alive and not self._pending:
                    raise EnvironmentFailure("No evaluation actor is left in the Ray cluster: every node that had one "
                                             "was lost.")
                left = deadline - time.time()
                if left <= 0:
                    raise EnvironmentFailure("No evaluation actor became free within the time given.")
                self._cv.wait(min(left, 1.0))

    def _release(self, m):
        with self._cv:
            m.busy -= 1
            self._cv.notify_all()

    def _lost(self, m):
        with self._cv:
            if not m.alive:
                return
            m.alive = False
            self.lost.append({"node": m.info["node"], "host": m.info["host"]})
            self._pending += 1
            self._cv.notify_all()
        threading.Thread(target=self._replace, daemon=True).start()

    def _replace(self):
        # A new actor where the cluster still has room (another GPU, or a node that came back); none otherwise.
        try:
            handle = self._spawn(len(self._members))
            info = ray.get(handle.info.remote(), timeout=60)
            with self._cv:
                self._members.append(_Member(handle, info))
        except Exception:
            pass
        finally:
            with self._cv:
                self._pending -= 1
                self._cv.notify_all()

    def run(self, job, timeout=None):
        """Evaluates one job on some actor; returns (answer, attempts). Raises EnvironmentFailure."""
        deadline = time.time() + (timeout if timeout else 7 * 24 * 3600)
        last = "lost with its node"
        for attempt in range(1, self.attempts + 1):
            member = self._acquire(deadline)
            try:
                ref = member.handle.evaluate.remote(job)
                answer = ray.get(ref, timeout=max(1.0, deadline - time.time()))
                answer["attempts"] = attempt
                return answer, attempt
            except (ray.exceptions.RayActorError, ray.exceptions.ActorUnavailableError) as e:
                last = _cause(e)
                self._lost(member)
                with self._cv:
                    self.retried += 1
            except ray.exceptions.GetTimeoutError:
                raise EnvironmentFailure("The evaluation did not finish within its timeout.")
            except ray.exceptions.RayTaskError as e:
                raise EnvironmentFailure("The evaluation actor failed: %s" % str(e.cause if hasattr(e, "cause") else e)
                                         .strip().splitlines()[-1][:300])
            finally:
                self._release(member)
        raise EnvironmentFailure("The evaluation was lost %d times with the nodes that ran it (%s)." % (self.attempts, last))

    def close(self):
        for m in self._members:
            if m.alive:
                try:
                    ray.get(m.handle.close.remote(), timeout=60)
                except Exception:
                    pass


def _cause(error):
    text = str(error)
    for marker in ("RunnerMissing: ", "RuntimeError: "):
        if marker in text:
            return text.split(marker, 1)[1].strip().splitlines()[0]
    return text.strip().splitlines()[0][:300] if text.strip() else type(error).__name__


__all__ = ["Pool", "EnvironmentFailure", "NodeAffinitySchedulingStrategy"]
