#!/usr/bin/env bash
# On an H200 host: the disassembly and Nsight Compute's source page (SourceCounters) of case-study turns, through
# kwb-runner's own evaluation path (build, disassemble, verify, profile). The turns' workspaces are taken from the
# shipped store. Writes OUT/h200-disasm.tgz with each run's result, disassembly and source page.
#     bench/h200/disasm/run.sh OUT TASK:REGEX:TURN_UUID...
set -euo pipefail
out=$1
shift
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root"
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
cmake --preset runner >/dev/null
cmake --build --preset runner -j16 >"$out/build.txt" 2>&1 || { tail -30 "$out/build.txt"; exit 1; }
[ -x build/h200-bwrap/bwrap ] && export PATH="$PWD/build/h200-bwrap:$PATH"
runner=build/runner/bin/kwb-runner
work=/tmp/kwb-disasm
rm -rf "$work"
mkdir -p "$work/runs"
{
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    nvcc --version | tail -1
    python3 -c "import torch; print('torch', torch.__version__)"
    ncu --version | tail -1
    nvdisasm --version | tail -1
} >"$work/fingerprint.txt" 2>&1
for spec in "$@"; do
    IFS=: read -r task regex uuid <<<"$spec"
    python3 bench/h200/disasm/workspace.py resources/samples/case-studies.kwb "$work/ws" "$uuid" >/dev/null
    start=$(date +%s.%N)
    "$runner" eval --task "$task" --candidate "$work/ws/$uuid" --cache-dir "$work/cache" --run-dir "$work/runs/$uuid" \
        --no-baselines --no-trace --ncu "$regex" --python python3 >"$work/runs/$uuid.json" 2>"$work/runs/$uuid.err" || true
    end=$(date +%s.%N)
    python3 - "$work/runs/$uuid.json" "$start" "$end" <<'PY' || true
import json, sys
r = json.load(open(sys.argv[1]))
ncu = r.get("ncu", {})
print("%s compile=%s verify=%s disasm=%s ncu=%s source_csv=%s %.1fs" % (sys.argv[1].split("/")[-1], r["compile"]["status"],
      r["verify"]["status"], r.get("disassembly", {}).get("kernels", r.get("disassembly", {}).get("message")),
      ncu.get("status"), bool(ncu.get("source_csv")), float(sys.argv[3]) - float(sys.argv[2])))
PY
    [ -s "$work/runs/$uuid.json" ] || { echo "$uuid: no result"; tail -5 "$work/runs/$uuid.err"; }
done | tee "$work/summary.txt"
# What comes back: results, disassemblies, the profiles' source pages and metric tables, the reports.
(cd "$work" && find runs -maxdepth 1 -name '*.json' -o -maxdepth 1 -name '*.err' >files.txt
 find runs -name disassembly.json -o -name source.csv -o -name metrics.csv -o -name report.ncu-rep -o -path '*candidate_profile/log.txt' >>files.txt
 tar czf "$out/h200-disasm.tgz" fingerprint.txt summary.txt -T files.txt)
ls -la "$out"
