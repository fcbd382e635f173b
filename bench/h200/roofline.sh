#!/usr/bin/env bash
# One call on an H200 host: build the runner, calibrate the GPU three times (the spread between calibrations),
# and profile two hand-written candidates under Nsight Compute through `kwb-runner eval --ncu`.
# Everything worth keeping goes to $OUT (at most 8 files).
set -uo pipefail
cd "$(dirname "$0")/../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
CACHE=/tmp/kwb-cache
RUNNER=build/runner/bin/kwb-runner
mkdir -p "$OUT" /tmp/kwb-extra
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
  nvcc --version | tail -2; python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  ncu --version | tail -1; } > "$OUT/fingerprint.txt" 2>&1
cmake --preset runner > /tmp/kwb-extra/build.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-extra/build.log 2>&1 ||
    { tail -60 /tmp/kwb-extra/build.log; cp /tmp/kwb-extra/build.log "$OUT/"; exit 1; }
for i in 1 2 3; do
    timeout 300 "$RUNNER" calibrate --device cuda --rounds 5 --cache-dir "$CACHE" > "/tmp/kwb-extra/calibrate-$i.json" 2>> /tmp/kwb-extra/calibrate.stderr
done
cp /tmp/kwb-extra/calibrate-3.json "$OUT/calibration.json"
python3 -c "
import json
for i in (1, 2, 3):
    c = json.load(open('/tmp/kwb-extra/calibrate-%d.json' % i))['ceilings']
    print(i, round(c['bandwidth_bytes_per_s'] / 1e12, 3), 'TB/s', {k: round(v / 1e12, 1) for k, v in c['matrix_flops_per_s'].items()}, 'TFLOP/s')
print(json.load(open('/tmp/kwb-extra/calibrate-3.json'))['repeat_spread'])"
profile() { # NAME TASK CANDIDATE REGEX [eval options]
    timeout 400 "$RUNNER" eval --task "resources/tasks/$2" --candidate "bench/candidates/$3" --cache-dir "$CACHE" --arch 9.0 \
        --trials 3 --ncu "$4" "${@:5}" --run-dir "/tmp/kwb-ncu-$1" > "$OUT/ncu-$1.json" 2> "/tmp/kwb-extra/ncu-$1.stderr"
    cp "/tmp/kwb-ncu-$1/candidate_profile/metrics.csv" "$OUT/ncu-$1.csv" 2>/dev/null
    cp "/tmp/kwb-ncu-$1/candidate_profile/log.txt" "/tmp/kwb-extra/ncu-$1.log" 2>/dev/null
    python3 -c "
import json; r = json.load(open('$OUT/ncu-$1.json')); n = r.get('ncu', {})
print('$1', r['verify']['status'], n.get('status'), n.get('message'), [(k['name'][:40], len(k['metrics'])) for k in n.get('kernels', [])][:6])
print('  floor', r.get('floor'), 'ceilings', r.get('ceilings', r.get('ceilings_note')))"
}
# The softmax evaluation is complete (baselines, trace, ncu): the window's roofline and ncu pane read it as it is.
profile softmax level1/2_softmax_rows.py level1_2_softmax_rows "."
profile diag level1/1_diag_matmul.py level1_1_diag_matmul "row_scale" --no-baselines --no-trace
profile nomatch level1/1_diag_matmul.py level1_1_diag_matmul "no_kernel_has_this_name" --no-baselines --no-trace
rm -f "$OUT/ncu-nomatch.csv"
cp /tmp/kwb-ncu-softmax/candidate_trace/trace.json /tmp/kwb-extra/softmax-candidate-trace.json 2>/dev/null
tar czf "$OUT/extra.tgz" -C /tmp/kwb-extra . 2>/dev/null
ls -la "$OUT"
