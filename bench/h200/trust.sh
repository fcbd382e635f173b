#!/usr/bin/env bash
# The trusted-driver harness on an H200, in one call: build, then the steps named, each writing under $OUT.
#   bench/h200/trust.sh build                  the runner (build/runner) and, from a carried build/old-src.tgz (the
#                                              harness before the trust boundary), the old one (build/old)
#   bench/h200/trust.sh smoke                  one evaluation of the diag candidate, printed
#   bench/h200/trust.sh compare N TASK CAND    the same candidate N times through the old and the new runner,
#                                              alternating, build and baselines cached: medians, spread, wall times
#   bench/h200/trust.sh redteam LIMIT [CASE..] the CUDA cases of tests/redteam (or those named) through the new runner,
#                                              in RT_GROUPS (default 3) runs side by side
#   bench/h200/trust.sh evalset NAME           eval-set over every task with a candidate, cold (fresh cache) then warm
#   bench/h200/trust.sh pool N                 kwb-runner serve: per task, one request with nothing cached, then N with
#                                              build and baselines cached and a warm pair ready (serve_bench.py);
#                                              POOL_TASKS picks among diag softmax softmax_wide, POOL_GAP the seconds
#                                              between requests (default 14: a pair warms up in about 8 s)
#   bench/h200/trust.sh agent                  kwb agent's verify and profile latency (needs build/h200-kwb.tar.xz)
#   bench/h200/trust.sh gputests [REGEX]       the tests labelled gpu (ctest -L gpu), or those matching REGEX
#   bench/h200/trust.sh kbset RULES            eval-set over the KernelBench tasks in build/kb (KernelBench/levelN, carried)
#                                              with bench/kernelbench/run-own, under --rules RULES (KBSET_JOBS evaluations at
#                                              once, default 3); the baselines' cache is kept as $OUT/kb-cache-RULES.tgz
#   bench/h200/trust.sh kbbase                 eager and torch.compile baselines only, for the tasks carried in build/kb-rest
#                                              (a checkout's layout), KBBASE_JOBS (default 8) at once, within KBBASE_S
# A carried build/h200-bwrap/bwrap goes first on the PATH, so candidate code runs under bubblewrap.
set -uo pipefail
cd "$(dirname "$0")/../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
NEW=$PWD/build/runner/bin/kwb-runner
OLD=$PWD/build/old/build/runner/bin/kwb-runner
mkdir -p "$OUT"
[ -x build/h200-bwrap/bwrap ] && export PATH="$PWD/build/h200-bwrap:$PATH"
export PYTHONUNBUFFERED=1

fields() { # a result's verdict, times and stage seconds, one line
    python3 - "$@" <<'PY'
import json, sys
for path in sys.argv[1:]:
    try:
        r = json.load(open(path))
    except (OSError, ValueError) as e:
        print(path, "unreadable:", e)
        continue
    t = r.get("timing", {})
    med = lambda k: round(t[k]["median_us"], 2) if k in t else "-"
    st = {k: round(v.get("seconds", 0), 2) for k, v in r.get("stages", {}).items() if v.get("status") != "not-run"}
    print("%s: compile=%s verify=%s reward=%s cand=%s wall=%s eager=%s compiled=%s cv=%s flags=%s total=%.2fs stages=%s %s" % (
        path.split("/")[-1], r.get("compile", {}).get("status"), r.get("verify", {}).get("status"),
        r.get("reward", {}).get("value"), med("candidate"), med("wall"), med("eager"), med("compiled"),
        round(t["candidate"]["cv"], 4) if "candidate" in t else "-", r.get("hack_flags"), r.get("seconds", 0), st,
        (r.get("verify", {}).get("message") or r.get("compile", {}).get("message") or "")[:200]))
PY
}

case "${1:-}" in
build)
    { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
      nvcc --version | tail -2; python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
      nproc; bwrap --version 2>&1; } > "$OUT/fingerprint.txt" 2>&1
    (cmake --preset runner -DKWB_GPU_TESTS=ON > /tmp/kwb-build.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-build.log 2>&1) &
    if [ -f build/old-src.tgz ]; then
        mkdir -p build/old && tar xzf build/old-src.tgz -C build/old
        (cd build/old && cmake --preset runner -DBUILD_TESTING=OFF > /tmp/kwb-old.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-old.log 2>&1) || tail -20 /tmp/kwb-old.log
    fi
    wait
    [ -x "$NEW" ] || { tail -40 /tmp/kwb-build.log; cp /tmp/kwb-build.log "$OUT/"; exit 1; }
    echo "built: new $(ls -la $NEW | cut -c1-10) old $([ -x $OLD ] && echo yes || echo no)"
    ;;
smoke)
    "$NEW" eval --task resources/tasks/level1/1_diag_matmul.py --candidate bench/candidates/level1_1_diag_matmul \
        --cache-dir /tmp/kwb-cache --arch 9.0 --run-dir /tmp/kwb-smoke > "$OUT/smoke.json" 2> "$OUT/smoke.stderr"
    fields "$OUT/smoke.json"
    tail -5 "$OUT/smoke.stderr"
    ;;
compare)
    n=$2 task=$3 cand=$4
    for i in $(seq 1 "$n"); do
        for which in old new; do
            runner=$NEW; [ $which = old ] && runner=$OLD
            [ -x "$runner" ] || continue
            start=$(date +%s%N)
            "$runner" eval --task "resources/tasks/$task" --candidate "bench/candidates/$cand" --cache-dir "/tmp/kwb-cache-$which" \
                --arch 9.0 --run-dir "/tmp/kwb-cmp-$which-$i" > "/tmp/kwb-cmp-$which-$i.json" 2>> "$OUT/compare.stderr"
            echo "$which $i wall $(( ($(date +%s%N) - start) / 1000000 )) ms" >> "$OUT/compare.txt"
        done
    done
    for which in old new; do fields /tmp/kwb-cmp-$which-*.json >> "$OUT/compare.txt"; done
    tar czf "$OUT/compare.tgz" /tmp/kwb-cmp-*.json 2>/dev/null
    cat "$OUT/compare.txt"
    ;;
repeat)
    n=$2 task=$3 cand=$4
    for i in $(seq 1 "$n"); do
        start=$(date +%s%N)
        "$NEW" eval --task "resources/tasks/$task" --candidate "bench/candidates/$cand" --cache-dir /tmp/kwb-cache-new \
            --arch 9.0 --run-dir "/tmp/kwb-rep-$i" > "/tmp/kwb-rep-$i.json" 2>> "$OUT/repeat.stderr"
        echo "new $i wall $(( ($(date +%s%N) - start) / 1000000 )) ms" >> "$OUT/repeat.txt"
    done
    fields /tmp/kwb-rep-*.json >> "$OUT/repeat.txt"
    tar czf "$OUT/repeat.tgz" /tmp/kwb-rep-*.json 2>/dev/null
    cat "$OUT/repeat.txt"
    ;;
redteam) # the CUDA cases, in three runs side by side (their builds in parallel; the GPU taken in turns)
    limit=$2; shift 2
    cases=${*:-$(python3 tests/redteam/run_redteam.py --list --device cuda --runner x --cache x --work x)}
    groups=${RT_GROUPS:-3}
    i=0
    for c in $cases; do echo "$c" >> "/tmp/rt-group-$((i % groups))"; i=$((i + 1)); done
    for g in $(seq 0 $((groups - 1))); do
        args=(); for c in $(cat /tmp/rt-group-$g); do args+=(--case "$c"); done
        timeout "$limit" python3 tests/redteam/run_redteam.py --runner "$NEW" --device cuda --cache /tmp/rt-$g/cache \
            --work /tmp/rt-$g/work --json "/tmp/redteam-gpu-$g.json" "${args[@]}" > "/tmp/redteam-gpu-$g.txt" 2>&1 &
    done
    wait
    cat /tmp/redteam-gpu-?.txt > "$OUT/redteam-gpu.txt"
    python3 -c "import json,sys; parts=[json.load(open(f)) for f in sys.argv[1:]]; json.dump(dict(parts[0], cases=sum((p['cases'] for p in parts), [])), open('$OUT/redteam.json','w'), indent=1)" /tmp/redteam-gpu-?.json
    # every case's result and logs (not its tensors or traces), and one honest trace
    tar czf "$OUT/redteam-work.tgz" $(find /tmp/rt-? \( -name result.json -o -name '*.log' -o -name '*.stderr' \) -size -2M) \
        $(find /tmp/rt-? -path '*honest_cuda_scale_shift*' -name trace.json | head -1) 2>/dev/null
    grep -E "^(ok|FAIL)|^     -" "$OUT/redteam-gpu.txt"
    ;;
oldcpu) # the CPU cases named through the runner before the trust boundary: what they got from it
    limit=$2; shift 2
    args=(); for c in "$@"; do args+=(--case "$c"); done
    timeout "$limit" python3 tests/redteam/run_redteam.py --runner "$OLD" --device cpu --cache /tmp/rt-old/cache \
        --work /tmp/rt-old/work --json "$OUT/redteam-old-cpu.json" "${args[@]}" > "$OUT/redteam-old-cpu.txt" 2>&1
    tail -30 "$OUT/redteam-old-cpu.txt"
    ;;
pool)
    n=$2
    for spec in "diag resources/tasks/level1/1_diag_matmul.py bench/single/level1_1_diag_matmul.py" \
                "softmax resources/tasks/level1/2_softmax_rows.py bench/candidates/level1_2_softmax_rows" \
                "softmax_wide bench/tasks/softmax_wide.py bench/candidates/level1_2_softmax_rows"; do
        set -- $spec
        case " ${POOL_TASKS:-diag softmax softmax_wide} " in *" $1 "*) ;; *) continue ;; esac
        echo "== $1" | tee -a "$OUT/pool.txt"
        timeout 280 python3 bench/h200/serve_bench.py --runner "$NEW" --cache /tmp/kwb-pool-cache --task "$2" --candidate "$3" \
            --n "$n" --gap "${POOL_GAP:-14}" --out "$OUT/pool-$1.json" -- --arch 9.0 >> "$OUT/pool.txt" 2>> "$OUT/pool.stderr"
        tail -$((2 * n + 2)) "$OUT/pool.txt"
    done
    ;;
agent) # kwb agent (packed with its Qt libraries: build/h200-kwb.tar.xz) on the diag task, the scripted policy: the
       # verify and profile tool calls' latency through the run's warm workers, back to back and with AGENT_DELAYS
    tar xJf build/h200-kwb.tar.xz -C /tmp || exit 1
    export QT_PLUGIN_PATH=/tmp/h200-kwb/plugins QT_QPA_PLATFORM=offscreen
    python3 - > /tmp/verify_script.json <<'PY'
import json
s = json.load(open("bench/h200/agent/diag_matmul_script.json"))
out = s[:2] + [{"text": "Verify again.", "tool_calls": [{"name": "verify", "arguments": {}}]} for _ in range(5)]
out += [{"text": "Profile.", "tool_calls": [{"name": "profile", "arguments": {}}]} for _ in range(2)]
out.append({"text": "Done."})
print(json.dumps(out))
PY
    for delay in ${AGENT_DELAYS:-0 8}; do
        echo "== script delay $delay s" | tee -a "$OUT/agent.log"
        timeout 300 env LD_LIBRARY_PATH=/tmp/h200-kwb/lib /tmp/h200-kwb/kwb agent --store /tmp/agent-$delay.kwb \
            --task resources/tasks/level1/1_diag_matmul.py --title "verify latency (scripted, H200)" \
            --script /tmp/verify_script.json --script-delay $delay --device cuda --no-final-eval --runner "$NEW" \
            --runner-arg=--arch --runner-arg=9.0 --runner-arg=--cache-dir --runner-arg=/tmp/kwb-agent-cache 2>&1 |
            python3 -c 'import sys, time
t0 = time.monotonic()
for line in sys.stdin:
    print("%8.3f %s" % (time.monotonic() - t0, line), end="", flush=True)' | tee -a "$OUT/agent.log"
    done
    ;;
gputests)
    (cd build/runner && timeout ${GPUTESTS_S:-560} ctest -L gpu ${2:+-R "$2"} --output-on-failure > "$OUT/gputests.txt" 2>&1)
    grep -E "tests passed|Passed|Failed|\*\*\*" "$OUT/gputests.txt" | tail -30
    ;;
evalset)
    name=$2
    for pass in cold warm; do
        [ $pass = cold ] && rm -rf /tmp/kwb-set-cache
        limit=${EVALSET_COLD_S:-400}; [ $pass = warm ] && limit=${EVALSET_WARM_S:-400}
        start=$(date +%s%N)
        timeout $limit "$NEW" eval-set --tasks resources/tasks --candidates bench/candidates --out "/tmp/kwb-set-$pass" \
            --cache-dir /tmp/kwb-set-cache --compile-jobs 8 --arch 9.0 > "$OUT/evalset-$pass.json" 2> "/tmp/kwb-set-$pass.stderr"
        echo "$pass: $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$OUT/evalset.txt"
        fields /tmp/kwb-set-$pass/results/*.json >> "$OUT/evalset.txt"
    done
    tar czf "$OUT/evalset.tgz" /tmp/kwb-set-cold/results /tmp/kwb-set-warm/results /tmp/kwb-set-*.stderr 2>/dev/null
    grep -E "pass_rate|geomean|seconds" "$OUT"/evalset-*.json | head
    ;;
kbset) # eval-set over the KernelBench tasks carried in build/kb (a checkout's layout) with bench/kernelbench/run-own,
       # under the rule profile named ($2), into $OUT/kb-$2; cache shared between profiles (builds, baselines)
       # A carried build/kbc/kb-cache.tgz (baselines) is unpacked first; a carried build/kbc/kb-RULES.tgz (an earlier run's
       # results) makes this run --resume it: only the tasks without a verdict are evaluated
    rules=$2
    [ -f build/kbc/kb-cache.tgz ] && [ ! -d /tmp/kb-cache ] && tar xzf build/kbc/kb-cache.tgz -C /
    resume=()
    if [ -f "build/kbc/kb-$rules.tgz" ]; then tar xzf "build/kbc/kb-$rules.tgz" -C / && resume=(--resume); fi
    start=$(date +%s%N)
    timeout ${KBSET_S:-500} "$NEW" eval-set --tasks build/kb --candidates bench/kernelbench/run-own --out "/tmp/kb-$rules" \
        --cache-dir /tmp/kb-cache --compile-jobs 12 --eval-jobs ${KBSET_JOBS:-3} --arch 9.0 --rules "$rules" "${resume[@]}" \
        > "$OUT/kb-$rules.json" 2> "/tmp/kb-$rules.stderr"
    echo "kb $rules: rc $? $(( ($(date +%s%N) - start) / 1000000 )) ms" | tee -a "$OUT/kb.txt"
    cp /tmp/kb-$rules/table.txt "$OUT/kb-$rules-table.txt" 2>/dev/null; cat "$OUT/kb-$rules-table.txt" 2>/dev/null
    fields /tmp/kb-$rules/results/*.json >> "$OUT/kb.txt"
    tar czf "$OUT/kb-$rules.tgz" /tmp/kb-$rules/results /tmp/kb-$rules/runs/*-baselines.json /tmp/kb-$rules.stderr 2>/dev/null
    tar czf "$OUT/kb-cache-$rules.tgz" /tmp/kb-cache/baselines 2>/dev/null
    ;;
kbbase) # baselines only: eval-set over build/kb-rest with no candidates; each task's result is written as it finishes,
        # so a run stopped by KBBASE_S keeps the tasks it timed
    mkdir -p /tmp/kb-none
    [ -f build/kbc/kb-cache.tgz ] && [ ! -d /tmp/kb-cache ] && tar xzf build/kbc/kb-cache.tgz -C /
    start=$(date +%s%N)
    timeout ${KBBASE_S:-500} "$NEW" eval-set --tasks build/kb-rest --candidates /tmp/kb-none --out /tmp/kb-base \
        --cache-dir /tmp/kb-cache --eval-jobs ${KBBASE_JOBS:-8} --workers cold --arch 9.0 > "$OUT/kb-base.json" 2> /tmp/kb-base.stderr
    echo "kb base: rc $? $(( ($(date +%s%N) - start) / 1000000 )) ms, $(ls /tmp/kb-base/results | wc -l) results" | tee -a "$OUT/kb.txt"
    fields /tmp/kb-base/results/*.json >> "$OUT/kb.txt"
    tar czf "$OUT/kb-base.tgz" /tmp/kb-base/results /tmp/kb-base.stderr 2>/dev/null
    tar czf "$OUT/kb-cache-base.tgz" /tmp/kb-cache/baselines 2>/dev/null
    ;;
esac
