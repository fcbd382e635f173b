"""Clients of the reward service: over Ray (the idiom of verl and OpenRLHF: calls return ObjectRefs, so a training
loop sends a whole batch and gathers it when it needs the rewards), and over HTTP for loops that do not use Ray.

    client = RewardClient("auto")                      # joins the cluster the service runs on
    refs = client.submit_batch([request, ...])         # asynchronous, one ObjectRef per request
    answers = client.gather(refs)                      # each: {"ok": true, "reward": ...} or {"ok": false, "error": ...}

A request: {"task": {"name": ..., "source": PYTHON}, "files": {"model_new.py": ..., "kernels/x.cu": ...},
"meta": {"step": 12, "group": "g3", "rollout": "r7", "policy_version": "v12"}, "timeout_s": 300}
(docs: README, "Reward service").
"""
import json
import urllib.error
import urllib.request

SERVICE_NAME = "kwb-reward-service"
NAMESPACE = "kwb"


class ServiceBusy(RuntimeError):
    """The service's queue is full: the request was refused at once, not queued."""


class RewardClient:
    def __init__(self, address="auto", name=SERVICE_NAME, namespace=NAMESPACE):
        import ray

        self._ray = ray
        if not ray.is_initialized():
            ray.init(address=address, namespace=namespace, logging_level="ERROR", log_to_driver=False)
        self.actor = ray.get_actor(name, namespace=namespace)

    def submit(self, request):
        return self.actor.evaluate.remote(request)

    def submit_batch(self, requests):
        return [self.submit(r) for r in requests]

    def gather(self, refs, timeout=None):
        return self._ray.get(list(refs), timeout=timeout)

    def evaluate(self, request, timeout=None, raise_busy=False):
        answer = self._ray.get(self.submit(request), timeout=timeout)
        if raise_busy and not answer.get("ok") and answer.get("kind") == "busy":
            raise ServiceBusy(answer.get("error"))
        return answer

    def stats(self):
        return self._ray.get(self.actor.stats.remote())


class HttpRewardClient:
    """POST /v1/evaluate with one request (or {"requests": [...]}), GET /v1/stats."""

    def __init__(self, url, timeout=None):
        self.url = url.rstrip("/")
        self.timeout = timeout

    def _call(self, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as reply:
                return json.loads(reply.read())
        except urllib.error.HTTPError as e:  # 400, 429, 504: the body says why
            return json.loads(e.read() or b'{"ok": false, "error": "HTTP %d"}' % e.code)

    def evaluate(self, request):
        return self._call("/v1/evaluate", request)

    def evaluate_batch(self, requests):
        return self._call("/v1/evaluate", {"requests": list(requests)})["answers"]

    def stats(self):
        return self._call("/v1/stats")
