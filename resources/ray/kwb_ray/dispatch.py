"""Behind `kwb-runner eval-set --ray ADDRESS`: evaluations given one per line on standard input, answered one per
line on standard output as they finish, by the actors of a Ray cluster.

    python -m kwb_ray.dispatch --address ADDR --runner PATH --device cpu|cuda [options] -- EVAL-OPTIONS...

First line out: {"ready": {"actors": N, "capacity": C, "nodes": [...]}} or {"error": "sentence"} (then exit 1).
A request: {"id": 7, "name": "level1_1_x", "command": "eval"|"baseline", "task": PATH, "candidate": PATH,
"run_dir": PATH}. Its answer: {"id": 7, "result": {...}, "node": ..., "host": ..., "attempts": 1} with the run
folder's files written to run_dir and the result's paths made those, or {"id": 7, "error": "sentence"} when the
cluster (not the candidate) failed it. End of input: the actors are closed and the command ends.
"""
import argparse
import json
import os
import sys
import threading

from . import jobs


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m kwb_ray.dispatch")
    parser.add_argument("--address", required=True)
    parser.add_argument("--runner", required=True, help="kwb-runner on the driver; the nodes use --node-runner")
    parser.add_argument("--node-runner", default="", help="kwb-runner's path on every node (default: --runner's)")
    parser.add_argument("--node-python", default="", help="the Python with torch on every node (default: the node's)")
    parser.add_argument("--node-cache", default="", help="builds and baselines on every node (default: its ~/.cache)")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--actors", type=int, default=0)
    parser.add_argument("--evals-per-actor", type=int, default=0)
    parser.add_argument("--compile-slots", type=int, default=0)
    parser.add_argument("--warm", type=int, default=0)
    parser.add_argument("forward", nargs=argparse.REMAINDER)
    a, forward = jobs.parse_command(parser, argv)
    say = jobs.line_writer()

    try:
        import ray
    except ImportError:
        say({"error": jobs.RAY_MISSING % sys.executable})
        return 1
    from .pool import EnvironmentFailure, Pool

    package = os.path.dirname(os.path.abspath(__file__))
    try:
        ray.init(address=a.address, runtime_env={"py_modules": [package]}, logging_level="ERROR",
                 log_to_driver=False, configure_logging=True)
    except Exception as e:  # a wrong address, a cluster that is not up
        say({"error": "Cannot join the Ray cluster at %s: %s" % (a.address, str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__)})
        return 1
    try:
        pool = Pool(a.node_runner or a.runner, a.device, jobs.forwardable(forward), actors=a.actors, python=a.node_python,
                    evals=a.evals_per_actor, warm=a.warm, compile_slots=a.compile_slots, cache_dir=a.node_cache)
    except EnvironmentFailure as e:
        say({"error": str(e)})
        return 1
    members = pool.describe()
    say({"ready": {"actors": len(members), "capacity": pool.capacity(), "nodes": sorted({m["node"] for m in members}),
                   "hosts": sorted({m["host"] for m in members})}})

    def work(request):
        rid = request.get("id")
        try:
            job = {"name": request["name"], "command": request.get("command", "eval"),
                   "task": jobs.read_tree(request["task"]), "args": [], "artifacts": True}
            if job["command"] == "eval":
                job["candidate"] = jobs.read_tree(request["candidate"])
            answer, attempts = pool.run(job)
            result = answer["result"]
            run_dir = request.get("run_dir", "")
            if run_dir:
                if answer.get("artifacts"):
                    jobs.unpack(answer["artifacts"], run_dir)
                result = jobs.rebase(result, answer["run_dir"], os.path.abspath(run_dir))
            say({"id": rid, "result": result, "node": answer["node"], "host": answer["host"], "gpus": answer["gpus"],
                 "attempts": attempts})
        except EnvironmentFailure as e:
            say({"id": rid, "error": str(e)})
        except (OSError, ValueError, KeyError) as e:
            say({"id": rid, "error": "The request could not be sent to the cluster: %s" % e})
        except Exception as e:  # every request is answered, whatever went wrong, so that no caller waits forever
            say({"id": rid, "error": "The Ray dispatcher failed on this evaluation: %s: %s" % (type(e).__name__, e)})

    threads = []
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except ValueError:
            say({"error": "A request line is not JSON."})
            continue
        t = threading.Thread(target=work, args=(request,), daemon=True)
        t.start()
        threads.append(t)
    for t in threads:
        t.join()
    say({"lost": pool.lost, "retried": pool.retried})
    pool.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
