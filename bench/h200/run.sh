#!/usr/bin/env bash
# One call on an H200 host: build the Qt-free runner there, run the GPU tests, and evaluate tasks with the
# hand-written candidates of bench/candidates. Everything worth keeping goes to $OUT (at most 8 files).
#   bench/h200/run.sh build                    configure + build + GPU tests
#   bench/h200/run.sh evalset LIMIT NAME TASK...  eval-set (cut at LIMIT s) over task files under resources/tasks
#   bench/h200/run.sh repeat LIMIT N TASK CANDIDATE  the same candidate N times (spread of the median)
#   bench/h200/run.sh redteam LIMIT            the CUDA cases of tests/redteam, verdicts to $OUT/redteam.json
#   bench/h200/run.sh sandbox                  whether bubblewrap (build/h200-bwrap/bwrap, carried) runs here
# A carried build/h200-bwrap/bwrap goes first on the PATH, so candidate code runs under bubblewrap where it can.
set -uo pipefail
cd "$(dirname "$0")/../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
CACHE=/tmp/kwb-cache
RUNNER=build/runner/bin/kwb-runner
mkdir -p "$OUT"
[ -x build/h200-bwrap/bwrap ] && export PATH="$PWD/build/h200-bwrap:$PATH"

fingerprint() {
    { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
      nvcc --version | tail -2; python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
      nproc; } > "$OUT/fingerprint.txt" 2>&1
}

case "${1:-}" in
build)
    fingerprint
    cmake --preset runner -DKWB_GPU_TESTS=ON > /tmp/kwb-build.log 2>&1 &&
        cmake --build --preset runner -j 16 >> /tmp/kwb-build.log 2>&1 || { cp /tmp/kwb-build.log "$OUT/"; tail -40 /tmp/kwb-build.log; exit 1; }
    ctest --test-dir build/runner -L gpu --output-on-failure > "$OUT/gputests.log" 2>&1
    tail -5 "$OUT/gputests.log"
    ;;
evalset)
    limit=$2 name=$3; shift 3
    tasks=/tmp/kwb-tasks-$name
    mkdir -p "/tmp/kwb-set-$name"
    rm -rf "$tasks" && mkdir -p "$tasks"
    for t in "$@"; do mkdir -p "$tasks/$(dirname "$t")" && cp "resources/tasks/$t" "$tasks/$t"; done
    # Results land per task as they finish, so a run cut short by the limit still reports what it did.
    timeout "$limit" "$RUNNER" eval-set --tasks "$tasks" --candidates bench/candidates --out "/tmp/kwb-set-$name" \
        --cache-dir "$CACHE" --compile-jobs 8 --arch 9.0 --trials "${TRIALS:-5}" > "$OUT/summary-$name.json" 2> "/tmp/kwb-set-$name/stderr.txt"
    tar czf "$OUT/results-$name.tgz" -C "/tmp/kwb-set-$name" results stderr.txt
    python3 - /tmp/kwb-set-$name/results <<'PY'
import glob, json, os, sys
for f in sorted(glob.glob(sys.argv[1] + "/*.json")):
    r = json.load(open(f))
    t = r.get("timing", {})
    med = lambda k: round(t[k]["median_us"], 1) if k in t else "-"
    se, sc = r.get("speedup_vs_eager"), r.get("speedup_vs_compile")
    print("%-30s c=%s v=%s eager %s compile %s cand %s x%s x%s %.0fs %s %s" % (os.path.basename(f)[:-5],
          r["compile"]["status"], r["verify"]["status"], med("eager"), med("compiled"), med("candidate"),
          se and round(se, 2), sc and round(sc, 2), r.get("seconds", 0),
          {k: round(v.get("seconds", 0)) for k, v in r.get("stages", {}).items()},
          (r["verify"].get("message") or r["compile"].get("message") or t.get("message") or "")[:150]))
PY
    grep -E "pass_rate|geomean|seconds\"" "$OUT/summary-$name.json" | tail -4
    ;;
repeat)
    limit=$2 n=$3 task=$4 cand=$5
    end=$((SECONDS + limit))
    for i in $(seq 1 "$n"); do
        [ $SECONDS -lt $end ] || break
        timeout $((end - SECONDS)) "$RUNNER" eval --task "resources/tasks/$task" --candidate "bench/candidates/$cand" \
            --cache-dir "$CACHE" --arch 9.0 --trials "${TRIALS:-5}" --run-dir "/tmp/kwb-repeat-$i" > "/tmp/kwb-repeat-$i.json" 2>> "$OUT/repeat.stderr"
    done
    tar czf "$OUT/repeat.tgz" /tmp/kwb-repeat-*.json 2>/dev/null
    python3 - "$n" > "$OUT/repeat.txt" <<'PY'
import json, sys, statistics
meds = []
for i in range(1, int(sys.argv[1]) + 1):
    try:
        r = json.load(open("/tmp/kwb-repeat-%d.json" % i))
    except (OSError, ValueError):
        continue
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
redteam)
    timeout "$2" python3 tests/redteam/run_redteam.py --device cuda --runner "$RUNNER" --cache /tmp/kwb-redteam-cache \
        --work /tmp/kwb-redteam --json "$OUT/redteam.json" > "$OUT/redteam.txt" 2>&1
    cat "$OUT/redteam.txt" | tail -30
    ;;
sandbox)
    { command -v bwrap; bwrap --version
      bwrap --die-with-parent --unshare-pid --unshare-net --ro-bind / / --dev-bind /dev /dev --proc /proc --tmpfs /tmp \
          -- python3 -c 'import torch; print("cuda in sandbox:", torch.cuda.is_available(), torch.cuda.get_device_name(0))'
    } > "$OUT/sandbox.txt" 2>&1
    cat "$OUT/sandbox.txt"
    ;;
*)
    echo "usage: bench/h200/run.sh build | evalset LIMIT NAME TASK... | repeat LIMIT N TASK CANDIDATE | redteam LIMIT | sandbox" >&2
    exit 2
    ;;
esac
