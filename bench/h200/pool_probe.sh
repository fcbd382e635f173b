#!/usr/bin/env bash
# One candidate evaluated by a one-shot `kwb-runner eval` and then by `kwb-runner serve` (a warm pair), the driver's
# results of both kept whole (handshake, per-call samples), to compare the two ways of starting the pair.
#   bench/h200/pool_probe.sh TASK CANDIDATE NAME
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp/kwb-out}
R=$PWD/build/runner/bin/kwb-runner
task=$1 cand=$2 name=$3
cache=/tmp/kwb-probe-cache
"$R" eval --task "$task" --candidate "$cand" --cache-dir $cache --arch 9.0 --no-baselines --run-dir /tmp/probe-$name-cold \
    > /tmp/probe-$name-cold.json 2>> "$OUT/probe.stderr"
python3 bench/h200/serve_bench.py --runner "$R" --cache $cache --task "$task" --candidate "$cand" --n 1 --gap 15 \
    --out /tmp/probe-$name-serve.json -- --arch 9.0 --no-baselines >> "$OUT/probe.txt" 2>> "$OUT/probe.stderr"
mkdir -p /tmp/probe-$name-warm
i=0; for d in $(ls -td $cache/runs/*/ | head -2); do cp -r "$d/evaluate" /tmp/probe-$name-warm/$i; i=$((i + 1)); done
for f in /tmp/probe-$name-cold/evaluate/evaluate.json /tmp/probe-$name-warm/*/evaluate.json; do
    python3 -c "
import json,sys; r=json.load(open(sys.argv[1])); t=r.get('timing',{})
print(sys.argv[1], r.get('handshake'), 'cand', t.get('candidate',{}).get('median_us'), 'outer', t.get('outer',{}).get('median_us'), r.get('phases'))" "$f" | tee -a "$OUT/probe.txt"
done
tar czf "$OUT/probe-$name.tgz" /tmp/probe-$name-* 2>/dev/null
