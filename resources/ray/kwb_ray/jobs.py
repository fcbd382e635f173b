"""What travels with an evaluation between the driver and a node: the task and candidate as file contents (nodes
need not share a file system), and the run folder's files coming back, with the paths in the result made the
driver's own."""
import base64
import io
import json
import sys
import threading
import os
import stat
import tarfile

# kwb-runner options that name a path on the machine that runs it: the node's own are used instead (its cache, its
# Python, its harness and tracer), so these are dropped from what the driver forwards.
NODE_PATH_OPTIONS = ("--cache-dir", "--run-dir", "--python", "--harness", "--tracer", "--ncu-path", "--task", "--candidate")

# The largest run folder sent back whole; beyond it, the result comes back without its files and says so.
MOST_ARTIFACT_BYTES = 256 << 20


def forwardable(args):
    """The options of an eval-set that every node applies as they are: device, tolerances, protocol, reward..."""
    out = []
    skip = False
    for i, a in enumerate(args):
        if skip:
            skip = False
            continue
        if a in NODE_PATH_OPTIONS:
            skip = True
            continue
        out.append(a)
    return out


def parse_command(parser, argv):
    """A command's options, with relative paths made absolute (absolute_paths), and the eval options after `--`."""
    a = parser.parse_args(argv)
    absolute_paths(a)
    return a, a.forward[1:] if a.forward[:1] == ["--"] else a.forward


def absolute_paths(args):
    """Relative paths given for the runner, the nodes' Python and cache are taken from the driver's working folder
    (the actors run in folders of Ray's own, where they would name nothing); bare names are looked up on PATH."""
    for key in ("runner", "node_runner", "node_python", "node_cache", "kwb", "store"):
        value = getattr(args, key, "")
        if value and "/" in value and not os.path.isabs(value):
            setattr(args, key, os.path.abspath(value))
    if getattr(args, "node_cache", "") and not os.path.isabs(args.node_cache):
        args.node_cache = os.path.abspath(args.node_cache)


def read_tree(path):
    """A task file or a candidate (a .py, or a workspace folder) as {relative path: base64 bytes}."""
    files = {}
    if os.path.isdir(path):
        for root, dirs, names in os.walk(path):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", ".git"))
            for name in sorted(names):
                full = os.path.join(root, name)
                if os.path.islink(full) or not os.path.isfile(full):
                    continue
                with open(full, "rb") as f:
                    files[os.path.relpath(full, path)] = base64.b64encode(f.read()).decode()
        return {"kind": "folder", "name": os.path.basename(os.path.normpath(path)), "files": files}
    with open(path, "rb") as f:
        return {"kind": "file", "name": os.path.basename(path), "files": {os.path.basename(path): base64.b64encode(f.read()).decode()}}


def from_text(name, files):
    """A tree from texts in memory (a request of the reward service): one file, or a workspace of several."""
    encoded = {p: base64.b64encode(t.encode() if isinstance(t, str) else t).decode() for p, t in files.items()}
    if len(files) == 1 and name in files:
        return {"kind": "file", "name": name, "files": encoded}
    return {"kind": "folder", "name": name, "files": encoded}


def write_tree(tree, where):
    """Writes a tree under `where`; returns the path kwb-runner is given (the file, or the folder)."""
    root = os.path.join(where, tree["name"]) if tree["kind"] == "folder" else where
    os.makedirs(root, exist_ok=True)
    for rel, data in tree["files"].items():
        target = os.path.normpath(os.path.join(root, rel))
        if not target.startswith(os.path.normpath(root) + os.sep):
            raise ValueError("a file of the request leaves its folder: %s" % rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as f:
            f.write(base64.b64decode(data))
    return root if tree["kind"] == "folder" else os.path.join(root, tree["name"])


def pack(folder):
    """The run folder as tar bytes (None when it is missing or too large to send). Only regular files and folders
    travel: the candidate's stages can write into parts of the run folder, and a link, a pipe or a device it left
    there must neither reach the driver nor make the unpack fail (which would turn the candidate's evaluation into
    the cluster's error)."""
    if not os.path.isdir(folder):
        return None
    kept = []
    total = 0
    for root, dirs, names in os.walk(folder):  # os.walk does not follow links to folders
        for name in sorted(dirs + names):
            full = os.path.join(root, name)
            info = os.lstat(full)
            if stat.S_ISREG(info.st_mode) and info.st_nlink == 1:
                total += info.st_size
                kept.append(full)
            elif stat.S_ISDIR(info.st_mode):
                kept.append(full)
    if total > MOST_ARTIFACT_BYTES:
        return None
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", compresslevel=1) as tar:
        for full in kept:
            tar.add(full, arcname=os.path.relpath(full, folder), recursive=False)
    return buffer.getvalue()


def unpack(data, folder):
    os.makedirs(folder, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(folder, filter="data")
            return
        root = os.path.realpath(folder)
        for member in tar.getmembers():  # older Pythons: the same refusal of links and paths out of the folder
            target = os.path.realpath(os.path.join(folder, member.name))
            if member.issym() or member.islnk() or not (target == root or target.startswith(root + os.sep)):
                raise ValueError("the run folder sent back holds a link or a path outside it: %s" % member.name)
        tar.extractall(folder)


def rebase(result, old, new):
    """The result with every path under the node's run folder `old` moved to the driver's `new`."""
    if not old:
        return result
    text = json.dumps(result)
    text = text.replace(json.dumps(old)[1:-1], json.dumps(new)[1:-1])
    return json.loads(text)


def line_writer():
    """A function that writes one JSON object a line to standard output, whole lines from any thread."""
    lock = threading.Lock()

    def say(obj):
        with lock:
            sys.stdout.write(json.dumps(obj) + "\n")
            sys.stdout.flush()
    return say


RAY_MISSING = "Ray is not installed in %s; install it with the project's setup (requirements-ray.txt)."
