#!/usr/bin/env bash
# One call on an H200 host: build the Qt-free runner there, run the GPU tests, and evaluate tasks with the
# hand-written candidates of bench/candidates. Everything worth keeping goes to $OUT (at most 8 files).
#   bench/h200/run.sh build                    configure + build + GPU tests
#   bench/h200/run.sh evalset NAME TASK...     eval-set over the given task files (level/file.py under resources/tasks)
#   bench/h200/run.sh repeat N TASK CANDIDATE  the same candidate N times (spread of the median)
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/kwb-out}
CACHE=/tmp/kwb-cache
RUNNER=build/runner/bin/kwb-runner
mkdir -p "$OUT"

fingerprint() {
    { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
      nvcc --version | tail -2; python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
      nproc; } > "$OUT/fingerprint.txt" 2>&1
}

case "${1:-}" in
build)
    fingerprint
    cmake --preset runner -DKWB_GPU_TESTS=ON > "$OUT/build.log" 2>&1 &&
        cmake --build --preset runner -j 16 >> "$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
    ctest --test-dir build/runner -L gpu --output-on-failure > "$OUT/gputests.log" 2>&1
    tail -5 "$OUT/gputests.log"
    ;;
evalset)
    name=$2; shift 2
    tasks=/tmp/kwb-tasks-$name
    rm -rf "$tasks" && mkdir -p "$tasks"
    for t in "$@"; do mkdir -p "$tasks/$(dirname "$t")" && cp "resources/tasks/$t" "$tasks/$t"; done
    "$RUNNER" eval-set --tasks "$tasks" --candidates bench/candidates --out "/tmp/kwb-set-$name" \
        --cache-dir "$CACHE" --compile-jobs 8 --arch 9.0 > "$OUT/summary-$name.json" 2> "$OUT/evalset-$name.stderr"
    tar czf "$OUT/results-$name.tgz" -C "/tmp/kwb-set-$name" results
    python3 - "$OUT/summary-$name.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for r in s["results"]:
    print("%-32s %-8s %-8s eager %9s compile %9s cand %9s  x%-6s x%-6s %s" % (r["name"], r["compile"], r["verify"],
          r.get("eager_median_us", "-"), r.get("compiled_median_us", "-"), r.get("candidate_median_us", "-"),
          round(r.get("speedup_vs_eager", 0), 2), round(r.get("speedup_vs_compile", 0), 2), r.get("message", "")[:80]))
print({k: s[k] for k in s if k not in ("results", "fingerprint")})
PY
    ;;
repeat)
    n=$2 task=$3 cand=$4
    for i in $(seq 1 "$n"); do
        "$RUNNER" eval --task "resources/tasks/$task" --candidate "bench/candidates/$cand" \
            --cache-dir "$CACHE" --arch 9.0 --run-dir "/tmp/kwb-repeat-$i" > "/tmp/kwb-repeat-$i.json" 2>> "$OUT/repeat.stderr"
    done
    python3 - "$n" > "$OUT/repeat.txt" <<'PY'
import json, sys, statistics
meds = []
for i in range(1, int(sys.argv[1]) + 1):
    r = json.load(open("/tmp/kwb-repeat-%d.json" % i))
    c = r["timing"]["candidate"]
    meds.append(c["median_us"])
    st = r["stages"]
    print("run %d: median %.2f us cv %.4f n %d | total %.1f s, stages %s" % (i, c["median_us"], c["cv"], c["n"], r["seconds"],
          {k: round(v.get("seconds", 0), 1) for k, v in st.items()}))
print("spread of the median: (max-min)/median = %.2f %%, stdev/mean = %.2f %%" % (
    100 * (max(meds) - min(meds)) / statistics.median(meds), 100 * statistics.pstdev(meds) / statistics.fmean(meds)))
PY
    cat "$OUT/repeat.txt"
    ;;
*)
    echo "usage: bench/h200/run.sh build | evalset NAME TASK... | repeat N TASK CANDIDATE" >&2
    exit 2
    ;;
esac
