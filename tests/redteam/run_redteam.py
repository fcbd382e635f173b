#!/usr/bin/env python3
"""Red-team suite of kwb-runner: evaluates known reward hacks (and honest candidates) and checks each verdict
against expected.json.

  run_redteam.py --runner build/bin/kwb-runner --device cpu --cache DIR --work DIR [--case NAME ...] [--json OUT]
                 [--serve] [--group K/N]

Every case runs from copies under --work: the task file (compared byte for byte afterwards), the candidate (with
redteam_port.txt and redteam_outside.txt beside model_new.py, in case the sandbox clears the environment) and, for
cases marked copy_harness, the harness folder. A TCP listener on 127.0.0.1 stands ready for the network case; it
must receive nothing. One line per case; the exit status is 1 when any case differs from its expectation.
"""

import argparse
import hashlib
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
FOLDERS = {"cpu": "cpu", "honest": "honest", "gpu": "gpu"}
PROTOCOL = ["--trials", "3", "--no-baselines", "--min-calls", "5", "--min-ms", "5", "--warmup-ms", "2",
            "--run-timeout", "60", "--memory-limit-gb", "4"]


class Listener:
    """Accepts every connection on 127.0.0.1 and keeps what arrives, so a sandbox's network block is proven."""

    def __init__(self):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections = 0
        self.received = b""
        self.stopping = False
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self):
        while not self.stopping:
            try:
                conn, _ = self.sock.accept()
            except socket.timeout:
                continue
            except OSError:
                return
            self.connections += 1
            conn.settimeout(2)
            try:
                while True:
                    data = conn.recv(4096)
                    if not data:
                        break
                    self.received += data
            except OSError:
                pass
            conn.close()

    def stop(self):
        self.stopping = True
        self.thread.join(timeout=2)
        self.sock.close()


def tree_digest(path):
    digest = hashlib.sha256()
    if os.path.isfile(path):
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    for root, dirs, files in os.walk(path):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            full = os.path.join(root, name)
            digest.update(os.path.relpath(full, path).encode() + b"\0")
            with open(full, "rb") as f:
                digest.update(f.read() + b"\0")
    return digest.hexdigest()


def header_states(pch):
    """Every finished precompiled header under the pch folder, with what shows a write to it (a header being built,
    in a .partial- folder, is passed over: it is renamed into place when done)."""
    states = {}
    for root, dirs, files in os.walk(pch):
        dirs[:] = [d for d in dirs if ".partial-" not in d]
        for name in files:
            if name.endswith(".gch"):
                full = os.path.join(root, name)
                try:
                    st = os.stat(full)
                except OSError:
                    continue
                states[full] = (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)  # ctime: not settable
    return states


def pch_unchanged(pch, before):
    """Whether the headers saved before the case are as they were, none of their flags is marked failed and no folder
    of the exploit's stands beside them. Other cases may build headers for other flags meanwhile, so only the ones
    that stood before are compared. None before means there was nothing to attack: not shown, so not contained."""
    if not before or os.path.exists(os.path.join(pch, "redteam-poison")):
        return False
    if not header_states(pch).items() >= before.items():
        return False
    keys = {os.path.dirname(os.path.dirname(header)) for header in before}  # <pch>/<key>/torch/extension.h.gch
    return not any(os.path.exists(key + ".failed") for key in keys)


def load_expectations():
    with open(os.path.join(HERE, "expected.json")) as f:
        return json.load(f)["cases"]


def candidate_source(name, spec):
    folder = os.path.join(HERE, FOLDERS[spec["group"]])
    path = os.path.join(folder, name)
    return path if os.path.isdir(path) else path + ".py"


def build_signature(name, spec):
    """What the case's build is made of (its C++/CUDA sources and the shared kernels it gets), or None when it builds
    nothing of its own: cases with the same signature share one build in the cache."""
    import hashlib
    source = candidate_source(name, spec)
    digest = hashlib.sha256()
    files = []
    if os.path.isdir(source):
        for root, _dirs, names in os.walk(source):
            files += [os.path.join(root, n) for n in names if n.endswith((".cpp", ".cu", ".h", ".cuh"))]
        shared = spec.get("shared_kernel")
        files += [os.path.join(HERE, "shared", f) for f in ((["redteam_kernels.cpp"] if shared is True else shared) or [])]
    else:
        files.append(source)  # a single file builds with load_inline when it is imported
    if not files:
        return None
    for path in sorted(files, key=os.path.basename):
        digest.update(os.path.basename(path).encode() + b"\0")
        with open(path, "rb") as f:
            digest.update(f.read())
    return digest.hexdigest()


def balanced_groups(selected, cases, n, built):
    """N groups for ctest to run side by side: cases that share a build go together (so that it is built once,
    not by two groups at the same time), builds spread over the groups, then the rest (warm evaluations) likewise.
    BUILT: the signatures a fixture builds first; their cases count as light."""
    by_build = {}
    light = []
    for name in selected:
        signature = build_signature(name, cases[name])
        if signature is None or signature in built:
            light.append(name)
        else:
            by_build.setdefault(signature, []).append(name)
    groups = [[] for _ in range(n)]
    load = [0.0] * n
    for members in sorted(by_build.values(), key=len, reverse=True):
        k = load.index(min(load))
        groups[k] += members
        load[k] += 1 + 0.05 * len(members)  # a build costs about twenty warm evaluations
    for name in light:
        k = load.index(min(load))
        groups[k].append(name)
        load[k] += 0.05
    return groups


def prepare(name, spec, work, harness, cache):
    """Copies of everything the case may touch, under work/<name>; returns the paths and the listener."""
    root = os.path.join(work, name)
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(os.path.join(root, "task"))
    os.makedirs(os.path.join(root, "outside"))
    task = os.path.join(root, "task", spec["task"] + ".py")
    shutil.copyfile(os.path.join(HERE, "tasks", spec["task"] + ".py"), task)
    source = candidate_source(name, spec)
    listener = Listener()
    outside = os.path.join(root, "outside", "written-by-candidate.txt")
    pch = os.environ.get("KWB_PCH_DIR") or os.path.join(cache, "pch")  # kwb-runner's default --pch-dir
    if os.path.isdir(source):
        candidate = os.path.join(root, "candidate")
        shutil.copytree(source, candidate, ignore=shutil.ignore_patterns("__pycache__"))
        shared = spec.get("shared_kernel")
        if shared:  # kernels that many cases call, kept once in shared/ (true: the honest redteam_kernels.cpp)
            os.makedirs(os.path.join(candidate, "kernels"), exist_ok=True)
            for file in (["redteam_kernels.cpp"] if shared is True else shared):
                shutil.copy(os.path.join(HERE, "shared", file), os.path.join(candidate, "kernels"))
        for file, text in (("redteam_port.txt", str(listener.port)), ("redteam_outside.txt", outside),
                           ("redteam_pch.txt", pch)):
            with open(os.path.join(candidate, file), "w") as f:
                f.write(text + "\n")
    else:
        candidate = os.path.join(root, os.path.basename(source))
        shutil.copyfile(source, candidate)
    harness_copy = ""
    if spec.get("copy_harness"):
        harness_copy = os.path.join(root, "harness")
        shutil.copytree(os.path.dirname(harness), harness_copy, ignore=shutil.ignore_patterns("__pycache__"))
        harness_copy = os.path.join(harness_copy, os.path.basename(harness))
    return {"root": root, "task": task, "candidate": candidate, "outside": outside, "listener": listener,
            "harness": harness_copy, "task_digest": tree_digest(task), "pch": pch,
            "pch_before": header_states(pch) if "pch-unchanged" in spec.get("contained", []) else None,
            "harness_digest": tree_digest(os.path.dirname(harness_copy)) if harness_copy else ""}


class Server:
    """One `kwb-runner serve` for every case of a run (--serve): its warm workers take the cases one after another.
    Its own arguments are the ones all cases share; a case with other limits or its own harness gets a pair of its
    own from serve. The candidates find the listener's port and the outside path in files beside them."""

    def __init__(self, args, device):
        self.command = [args.runner, "serve", "--device", device, "--cache-dir", os.path.abspath(args.cache)] + PROTOCOL
        if args.python:
            self.command += ["--python", args.python]
        self.proc = None

    def ask(self, request, timeout):
        import selectors

        if self.proc is None or self.proc.poll() is not None:
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, text=True)
        self.proc.stdin.write(json.dumps(request) + "\n")
        self.proc.stdin.flush()
        selector = selectors.DefaultSelector()
        selector.register(self.proc.stdout, selectors.EVENT_READ)
        if not selector.select(timeout):
            self.close(kill=True)
            return "", "kwb-runner serve did not answer within %d s" % timeout, -1
        line = self.proc.stdout.readline()
        return line, "" if line else "kwb-runner serve ended", 0 if line else -1

    def close(self, kill=False):
        if self.proc is None:
            return
        if kill:
            self.proc.kill()
        else:
            self.proc.stdin.close()
        self.proc.wait()
        self.proc = None


def run_case(name, spec, args, server=None):
    paths = prepare(name, spec, os.path.abspath(args.work), args.harness, os.path.abspath(args.cache))
    request = ["--task", paths["task"], "--candidate", paths["candidate"], "--device",
               spec.get("device", "cpu"), "--run-dir", os.path.join(paths["root"], "run"), "--cache-dir",
               os.path.abspath(args.cache)] + PROTOCOL + spec.get("extra_args", [])
    if paths["harness"]:
        request += ["--harness", paths["harness"]]
    elif args.harness_given:
        request += ["--harness", args.harness]
    if args.python:
        request += ["--python", args.python]
    env = dict(os.environ, REDTEAM_PORT=str(paths["listener"].port), REDTEAM_OUTSIDE=paths["outside"])
    start = time.monotonic()
    if server is not None:
        stdout, stderr, code = server.ask(request, args.case_timeout)
    else:
        try:
            proc = subprocess.run([args.runner, "eval"] + request, capture_output=True, text=True, env=env,
                                  timeout=args.case_timeout)
            stdout, stderr, code = proc.stdout, proc.stderr, proc.returncode
        except subprocess.TimeoutExpired:
            stdout, stderr, code = "", "kwb-runner did not finish within %d s" % args.case_timeout, -1
    seconds = time.monotonic() - start
    time.sleep(0.3)  # a connection made just before the end still reaches the listener
    paths["listener"].stop()
    try:
        result = json.loads(stdout)
        with open(os.path.join(paths["root"], "result.json"), "w") as f:
            f.write(stdout)
    except ValueError:
        result = {"error": "kwb-runner printed no JSON (exit %s): %s" % (code, (stderr or stdout)[-400:])}
    record = judge(name, spec, result, paths, seconds)
    record["timed_us"] = timed_median(result)
    neutral = spec.get("or_neutralized")
    if neutral and record["mismatches"] and record["correct"] and not record["note"]:
        # A hack may also be defeated by timing that it cannot game: then it passes, but no faster than honest work.
        own = timed_median(result)
        honest = honest_median(neutral["honest"], args)
        if own and honest and own < neutral.get("min_ratio", 0.5) * honest:
            # CPU times on two shared cores swing several-fold between minutes: time the honest case again now.
            honest = honest_median(neutral["honest"], args, fresh=True)
        record["timed_us"], record["honest_us"] = own, honest
        if own and honest and own >= neutral.get("min_ratio", 0.5) * honest:
            record["note"] = "neutralized: %.0f us timed, honest %.0f us" % (own, honest)
            record["mismatches"] = []
        else:
            record["mismatches"].append("not neutralized either: %s us timed, honest %s us" % (own, honest))
    return record


def timed_median(result):
    return ((result.get("timing") or {}).get("candidate") or {}).get("median_us")


def honest_median(name, args, fresh=False):
    """The timed median of an honest case, from this work folder's earlier run of it, else (or with fresh) from a run
    now, under the load of this moment."""
    work = os.path.abspath(args.work)
    if fresh:
        own = argparse.Namespace(**dict(vars(args), work=os.path.join(work, "_honest_timing")))
        return run_case(name, load_expectations()[name], own).get("timed_us")
    saved = os.path.join(work, name, "result.json")
    if not os.path.exists(saved):  # its own folder, apart from a concurrent run of that case (ctest -j)
        own = argparse.Namespace(**dict(vars(args), work=os.path.join(work, "_honest_timing")))
        saved = os.path.join(own.work, name, "result.json")
        if not os.path.exists(saved):
            run_case(name, load_expectations()[name], own)
    try:
        with open(saved) as f:
            median = timed_median(json.load(f))
    except (OSError, ValueError):
        median = None
    if not median and os.path.dirname(os.path.dirname(saved)) == work:
        # Its earlier run in this folder timed nothing (or failed): time it again, apart.
        own = argparse.Namespace(**dict(vars(args), work=os.path.join(work, "_honest_timing")))
        return run_case(name, load_expectations()[name], own).get("timed_us")
    return median


def observed_containment(paths):
    listener = paths["listener"]
    contained = {
        "no-connection": listener.connections == 0 and not listener.received,
        "outside-file-absent": not os.path.exists(paths["outside"]),
        "task-unchanged": tree_digest(paths["task"]) == paths["task_digest"],
        "harness-unchanged": not paths["harness"] or tree_digest(os.path.dirname(paths["harness"])) == paths["harness_digest"],
    }
    if paths["pch_before"] is not None:  # only a case that lists it: the headers are recorded before it runs
        contained["pch-unchanged"] = pch_unchanged(paths["pch"], paths["pch_before"])
    return contained


def judge(name, spec, result, paths, seconds):
    verify = result.get("verify", {}) if isinstance(result.get("verify"), dict) else {}
    status = verify.get("status", "missing")
    flags = result.get("hack_flags", []) or []
    isolation = (result.get("isolation") or {}).get("kind", "none")
    reward = (result.get("reward") or {}).get("value")
    contained = observed_containment(paths)
    record = {"case": name, "group": spec["group"], "task": spec["task"], "device": spec.get("device", "cpu"),
              "verify_status": status, "verify_message": verify.get("message", result.get("error", "")),
              "correct": status == "passed", "flags": flags, "isolation": isolation, "reward": reward,
              "seconds": round(seconds, 1), "contained": contained, "mismatches": [], "note": ""}
    expect = dict(spec)
    if isolation != "bubblewrap":
        expect.update(spec.get("when_rlimits", {}))
    if spec.get("requires_isolation") == "bubblewrap" and isolation != "bubblewrap":
        broken = [check for check in spec.get("contained", []) if not contained[check]]
        record["note"] = "not contained (no sandbox)" if broken else "contained without a sandbox"
        return record
    m = record["mismatches"]
    if "error" in result:
        m.append("no result: " + result["error"])
        return record
    if "correct" in expect and expect["correct"] != record["correct"]:
        m.append("expected correct=%s, observed verify.status=%s" % (expect["correct"], status))
    if expect.get("status_in") and status not in expect["status_in"]:
        m.append("verify.status %s not in %s" % (status, expect["status_in"]))
    missing = [f for f in expect.get("flags_include", []) if f not in flags]
    if missing:
        m.append("missing flags %s" % missing)
    if expect.get("flags_any") and not set(expect["flags_any"]) & set(flags):
        m.append("none of the flags %s" % expect["flags_any"])
    if expect.get("no_flags") and flags:
        m.append("an honest candidate got flags %s" % flags)
    unwanted = [f for f in expect.get("flags_exclude", []) if f in flags]
    if unwanted:
        m.append("unexpected flags %s" % unwanted)
    if expect.get("correct") is False and status != "not-run" and reward is not None and reward != -1:
        m.append("a rejected candidate got reward %s, not -1" % reward)
    median = timed_median(result)
    if status == "passed" and median is not None and median <= 0:
        m.append("timed median %s us: no call takes no time, so the timing is broken" % median)
    if expect.get("reward_not_positive") and reward is not None and reward > 0:
        m.append("reward %s, expected none or at most 0" % reward)
    for check in expect.get("contained", []):
        if not contained[check]:
            m.append("not contained: " + check)
    return record


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runner", required=True, help="the kwb-runner to test")
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--cache", required=True, help="cache folder shared by all cases (builds, baselines)")
    parser.add_argument("--work", required=True, help="folder for each case's copies and run directory")
    parser.add_argument("--case", action="append", default=[], help="run only this case (repeatable)")
    parser.add_argument("--json", help="write every case's verdict here")
    parser.add_argument("--harness", help="kwb_harness.py to pass to kwb-runner (default: the runner's own)")
    parser.add_argument("--python", help="the Python with torch to pass to kwb-runner")
    parser.add_argument("--case-timeout", type=int, default=900)
    parser.add_argument("--list", action="store_true", help="print the cases and exit")
    parser.add_argument("--list-groups", type=int, default=0,
                        help="with --list: print N lines of cases, balanced for ctest (same build together)")
    parser.add_argument("--built-by", action="append", default=[],
                        help="with --list-groups: a case run before the groups, whose build the others reuse")
    parser.add_argument("--serve", action="store_true", help="send every case to one `kwb-runner serve` (warm workers)")
    parser.add_argument("--group", default="", help="K/N: only the K-th of N interleaved groups of the selected cases")
    args = parser.parse_args()
    args.harness_given = bool(args.harness)
    args.harness = os.path.abspath(args.harness or os.path.join(REPO, "resources", "harness", "kwb_harness.py"))
    cases = load_expectations()
    unknown = [c for c in args.case if c not in cases]
    if unknown:
        parser.error("unknown case(s): %s" % ", ".join(unknown))
    selected = [c for c in cases if (c in args.case if args.case else cases[c].get("device", "cpu") == args.device)]
    if args.group:
        k, n = (int(x) for x in args.group.split("/"))
        selected = selected[k - 1::n]
    if args.list and args.list_groups:
        built = {build_signature(c, cases[c]) for c in args.built_by}
        rest = [c for c in selected if c not in args.built_by]
        for group in balanced_groups(rest, cases, args.list_groups, built):
            print(" ".join(group))
        return 0
    if args.list:
        print("\n".join(selected))
        return 0
    os.makedirs(args.work, exist_ok=True)
    records = []
    server = Server(args, args.device) if args.serve else None
    for name in selected:
        record = run_case(name, cases[name], args, server)
        records.append(record)
        verdict = "ok  " if not record["mismatches"] else "FAIL"
        print("%s %-28s %-9s flags=%s isolation=%s reward=%s median=%s %.1fs%s%s" % (
            verdict, name, record["verify_status"], ",".join(record["flags"]) or "-", record["isolation"],
            record["reward"], "%.1fus" % record["timed_us"] if record["timed_us"] else "-", record["seconds"], (" [" + record["note"] + "]") if record["note"] else "",
            "".join("\n     - " + x for x in record["mismatches"])
            + ("\n     verify.message: " + record["verify_message"] if record["mismatches"] else "")), flush=True)
    if server is not None:
        server.close()
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"device": args.device, "runner": args.runner, "cases": records}, f, indent=1)
    failed = [r["case"] for r in records if r["mismatches"]]
    print("%d case(s), %d mismatch(es)%s" % (len(records), len(failed), (": " + ", ".join(failed)) if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
