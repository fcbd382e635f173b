#!/usr/bin/env bash
# eval-set over the 20 shipped tasks (bench/candidates) on one H200: locally, and through a one-node Ray cluster
# (the head on this host, one GPU), with the same cache, compile jobs, evaluations at once and warm pairs.
#   bench/h200/ray.sh local    build the runner, then a cold pass (fresh cache) and a warm pass, locally
#   bench/h200/ray.sh both     one call's worth: build, the local cold and warm passes, then a warm pass through Ray
#                              on the same cache (limits COLD_S, WARM_S)
#   bench/h200/ray.sh ray      the same through a one-node Ray cluster: a cold pass on a fresh cache, then a warm
#                              one on the cache it left (each cut at its limit; results land as they finish)
#   bench/h200/ray.sh ray-warm a warm pass through Ray on the cache a `local` call left on this (still held) machine
# Carried: .raysite (Ray 2.60.0 for cp312 without its jars, dashboard build, rllib/tune/train/llm, and the wheels
# it lacks there), build/h200-bwrap/bwrap. GPU utilisation sampled every 500 ms in each pass.
set -uo pipefail
cd "$(dirname "$0")/../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
ROOT=$PWD
OUT=${OUT:-/tmp/kwb-out}
RUNNER=$ROOT/build/runner/bin/kwb-runner
CACHE=/tmp/kwb-cache # not /tmp/kwb-ray-*: the Ray passes clear those before they start
mkdir -p "$OUT"
[ -x build/h200-bwrap/bwrap ] && export PATH="$ROOT/build/h200-bwrap:$PATH"
export PYTHONUNBUFFERED=1 RAY_USAGE_STATS_ENABLED=0
site=/tmp/site
if [ ! -d $site/ray ] && [ -d .raysite ]; then
    mkdir -p $site && xz -dc .raysite/ray-*-site.tar.xz | tar -xf - -C $site
    for w in .raysite/*.whl; do python3 -m zipfile -e "$w" $site; done
    find $site -name '*.so' -exec chmod +x {} +
fi
export PYTHONPATH=$site
PY=$(command -v python3)
COMMON=(--tasks resources/tasks --candidates bench/candidates --compile-jobs 8 --eval-jobs 3 --warm 6 --arch 9.0)

pass() { # NAME LIMIT CACHE EXTRA...: one eval-set, its wall time, the GPU's utilisation while it ran
    local name=$1 limit=$2 cache=$3; shift 3
    nvidia-smi --query-gpu=utilization.gpu --format=csv,noheader,nounits -lms 500 > "/tmp/util-$name.txt" 2>/dev/null &
    local sampler=$!
    local start; start=$(date +%s%N)
    timeout "$limit" "$RUNNER" eval-set "${COMMON[@]}" --out "/tmp/kwb-$name" --cache-dir "$cache" "$@" \
        > "$OUT/summary-$name.json" 2> "/tmp/kwb-$name.stderr"
    local rc=$?
    kill $sampler 2>/dev/null
    local ms=$(( ($(date +%s%N) - start) / 1000000 ))
    local done; done=$(ls /tmp/kwb-$name/results 2>/dev/null | wc -l)
    local util; util=$(awk '{s+=$1; n++; if ($1>0) b++} END {if (n) printf "mean %.1f %%, busy %.0f %% of %d samples", s/n, 100*b/n, n}' "/tmp/util-$name.txt")
    echo "$name: rc $rc, $done results in $ms ms, GPU utilisation $util" | tee -a "$OUT/ray-bench.txt"
}

fingerprint() { # the GPU, its clocks and power, the toolkit, torch and Ray, the host's CPUs, the flags
    { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,power.draw,power.limit,temperature.gpu --format=csv
      nvcc --version | tail -2; python3 -c 'import torch, ray; print("torch", torch.__version__, "cuda", torch.version.cuda, "ray", ray.__version__)'
      nproc; bwrap --version 2>&1; echo "flags: ${COMMON[*]}"; } > "$OUT/fingerprint.txt" 2>&1
    cat "$OUT/fingerprint.txt"
}
build_runner() {
    (cmake --preset runner > /tmp/kwb-build.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-build.log 2>&1) \
        || { tail -30 /tmp/kwb-build.log; exit 1; }
}
ray_cli() { python3 -c 'import sys; from ray.scripts.scripts import main; sys.argv[0] = "ray"; main()' "$@"; }
ray_up() { # a one-node cluster: the head on this host with its one GPU
    ray_cli start --head --port 6390 --node-ip-address 127.0.0.1 --num-gpus 1 --num-cpus 16 --include-dashboard false \
        --disable-usage-stats > /tmp/ray-start.log 2>&1 || { cat /tmp/ray-start.log; exit 1; }
}
ray_down() { tail -5 /tmp/kwb-ray-warm.stderr; ray_cli stop --force > /dev/null 2>&1; }
RAYOPTS=(--ray 127.0.0.1:6390 --node-python "$PY")

case "${1:-}" in
local|local-only)
    fingerprint
    build_runner
    rm -rf "$CACHE" /tmp/kwb-local-*
    pass local-cold "${COLD_S:-380}" "$CACHE"
    pass local-warm "${WARM_S:-150}" "$CACHE"
    [ "$1" = local-only ] && exit 0
    ;;
ray)
    [ -x "$RUNNER" ] || build_runner
    fingerprint
    ray_up
    rm -rf /tmp/kwb-ray-* "$CACHE-ray"
    pass ray-cold "${COLD_S:-330}" "$CACHE-ray" "${RAYOPTS[@]}" --node-cache "$CACHE-ray"
    pass ray-warm "${WARM_S:-150}" "$CACHE-ray" "${RAYOPTS[@]}" --node-cache "$CACHE-ray"
    ray_down
    ;;
ray-warm)
    [ -x "$RUNNER" ] && [ -d "$CACHE" ] || { echo "ray-warm needs the runner and the cache of a local call on this machine" >&2; exit 1; }
    fingerprint
    ray_up
    rm -rf /tmp/kwb-ray-*
    pass ray-warm "${WARM_S:-150}" "$CACHE" "${RAYOPTS[@]}" --node-cache "$CACHE"
    ray_down
    ;;
both)
    "$0" local-only || exit 1
    ray_up
    rm -rf /tmp/kwb-ray-*
    pass ray-warm "${WARM_S:-150}" "$CACHE" "${RAYOPTS[@]}" --node-cache "$CACHE"
    ray_down
    ;;
*)
    echo "usage: bench/h200/ray.sh local|ray-warm|ray|both" >&2; exit 2 ;;
esac
python3 bench/h200/ray_compare.py /tmp/kwb-local-cold /tmp/kwb-local-warm /tmp/kwb-ray-warm /tmp/kwb-ray-cold | tee "$OUT/compare-$1.txt"
tar czf "$OUT/results-$1.tgz" /tmp/kwb-*/results /tmp/kwb-*/summary.json /tmp/kwb-*.stderr /tmp/util-*.txt 2>/dev/null
ls -la "$OUT"
