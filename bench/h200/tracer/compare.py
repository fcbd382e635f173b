"""Compares the structure of Chrome traces: same.sh passes OLD1 NEW1 OLD2 NEW2."""
import json, sys, collections

def shape(path):
    d = json.load(open(path))
    events = d["traceEvents"] if isinstance(d, dict) else d
    counts = collections.Counter()
    keys = collections.defaultdict(set)
    for e in events:
        k = (e.get("ph"), e.get("cat", ""), e.get("name") if e.get("ph") == "M" else "")
        counts[k] += 1
        keys[k] |= set((e.get("args") or {}).keys())
    return counts, keys, [k for k in d if k != "traceEvents"] if isinstance(d, dict) else []

def differences(old, new):
    """Prints the event kinds of two traces side by side; returns how many kinds or keys differ."""
    co, ko, to = shape(old)
    cn, kn, tn = shape(new)
    print("==", old, "vs", new)
    differ = 0
    for k in sorted(set(co) | set(cn), key=str):
        same = co[k] == cn[k] and ko[k] == kn[k]
        differ += not same
        print(k, co[k], "->", cn[k], sorted(kn[k]) if kn[k] else "", "" if same else "   <-- differs")
    differ += to != tn
    print("top-level keys", to, "->", tn, "" if to == tn else "<-- differs")
    for cat in ("kernel", "gpu_memcpy", "gpu_memset"):
        if cn[("X", cat, "")]:
            missing = {"device", "context", "stream", "correlation"} - kn[("X", cat, "")]
            differ += bool(missing)
            print(cat, "args missing:", sorted(missing) or "none")
    return differ


a = sys.argv[1:]
changed = differences(a[0], a[1]) + differences(a[2], a[3])
spread = differences(a[0], a[2])  # two runs of the old tracer: what differs between runs alone
print("old runs differ between themselves in %d places" % spread)
print("SAME STRUCTURE" if not changed else "STRUCTURE DIFFERS")
