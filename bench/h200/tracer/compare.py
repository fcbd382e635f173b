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

ok = True
a = sys.argv[1:]
for old, new in ((a[0], a[1]), (a[2], a[3]), (a[0], a[2])):  # old-new twice; old-old for the runs' own spread
    co, ko, to = shape(old)
    cn, kn, tn = shape(new)
    print("==", old, "vs", new)
    for k in sorted(set(co) | set(cn), key=str):
        mark = "" if co[k] == cn[k] and ko[k] == kn[k] else "   <-- differs"
        if mark:
            ok = False
        print(k, co[k], "->", cn[k], sorted(kn[k]) if kn[k] else "", mark)
    print("top-level keys", to, "->", tn, "" if to == tn else "<-- differs")
    for cat in ("kernel", "gpu_memcpy", "gpu_memset"):
        k = ("X", cat, "")
        if cn[k]:
            missing = {"device", "context", "stream", "correlation"} - kn[k]
            print(cat, "args missing:", sorted(missing) or "none")
            ok = ok and not missing
print("SAME STRUCTURE" if ok else "STRUCTURE DIFFERS")
