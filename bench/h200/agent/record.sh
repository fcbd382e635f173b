#!/usr/bin/env bash
# One call on an H200 host: record a trajectory with the scripted policy against the real environment.
# kwb (Qt) is built on the development machine and carried as build/h200-kwb.tar.xz with its Qt libraries;
# kwb-runner is built here. The store and a text log go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/../../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
mkdir -p "$OUT"
tar xJf build/h200-kwb.tar.xz -C /tmp || exit 1
export LD_LIBRARY_PATH=/tmp/h200-kwb/lib QT_PLUGIN_PATH=/tmp/h200-kwb/plugins QT_QPA_PLATFORM=offscreen
/tmp/h200-kwb/kwb --version || exit 1
{ cmake --preset runner > /tmp/kwb-build.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-build.log 2>&1; } ||
    { tail -30 /tmp/kwb-build.log; exit 1; }
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; nvcc --version | tail -2
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'; } > "$OUT/fingerprint.txt" 2>&1
rm -f "$OUT/diag_matmul_agent.kwb"
timeout 480 /tmp/h200-kwb/kwb agent --store "$OUT/diag_matmul_agent.kwb" --task resources/tasks/level1/1_diag_matmul.py \
    --title "diag(d) @ B as a row scaling (scripted, H200)" --script bench/h200/agent/diag_matmul_script.json \
    --device cuda --no-final-eval --runner "$PWD/build/runner/bin/kwb-runner" \
    --runner-arg=--arch --runner-arg=9.0 --runner-arg=--trials --runner-arg=3 --runner-arg=--cache-dir --runner-arg=/tmp/kwb-cache \
    2>&1 | tee "$OUT/record.log"
/tmp/h200-kwb/kwb info "$OUT/diag_matmul_agent.kwb" 2>&1 | tee -a "$OUT/record.log"
