#!/usr/bin/env bash
# One call on an H200 host: records the sample plans (record.py) with kwb agent and the host's kwb-runner, the
# plans side by side; their evaluations take turns on the GPU for the stages that measure. kwb comes packed
# from the development machine (bench/h200/pack_kwb.sh, carried as build/h200-kwb.tar.xz), bubblewrap as
# build/h200-bwrap. State stays in build/h200-samples while the machine is kept, so a second call goes on where
# the first stopped. What is recorded goes to $OUT/samples.tar.xz.
#   bench/h200/samples/record.sh SECONDS [PLAN ...]
set -uo pipefail
cd "$(dirname "$0")/../../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
SECONDS_LEFT=${1:-480}; shift || true
mkdir -p "$OUT" build/h200-samples
STATE=$PWD/build/h200-samples
[ -x /tmp/h200-kwb/kwb ] || tar xJf build/h200-kwb.tar.xz -C /tmp || exit 1
export LD_LIBRARY_PATH=/tmp/h200-kwb/lib QT_PLUGIN_PATH=/tmp/h200-kwb/plugins QT_QPA_PLATFORM=offscreen
[ -x build/h200-bwrap/bwrap ] && export PATH=$PWD/build/h200-bwrap:$PATH
start=$(date +%s)
{ cmake --preset runner > "$STATE/build.log" 2>&1 && cmake --build --preset runner -j 16 >> "$STATE/build.log" 2>&1; } ||
    { tail -30 "$STATE/build.log"; exit 1; }
echo "runner ready after $(( $(date +%s) - start )) s"
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv
  nvcc --version | tail -2
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
  bwrap --version 2>&1 | head -1; date -u; } > "$STATE/fingerprint.txt" 2>&1
export KWB=/tmp/h200-kwb/kwb KWB_RUNNER=$PWD/build/runner/bin/kwb-runner
# Ceilings first, so that every evaluation carries this machine's roofline (the runner attaches a matching calibration).
[ -f "$STATE/cache/calibration/cuda.json" ] || "$KWB_RUNNER" calibrate --device cuda --cache-dir "$STATE/cache" > "$STATE/calibration.json" ||
    { echo "calibration failed; see $STATE/calibration.json"; exit 1; }
export KWB_RUNNER_ARGS="--arch 9.0 --trials 3 --cache-dir $STATE/cache"
left=$(( SECONDS_LEFT - ($(date +%s) - start) - 25 ))
python3 bench/h200/samples/record.py "$STATE" "$left" "$@" 2>&1 | tee "$STATE/record-$(date +%s).txt"
tar cJf "$OUT/samples.tar.xz" --exclude=cache --exclude=scripts --exclude=build.log -C build h200-samples
ls -la "$OUT"
