#!/usr/bin/env bash
# One call on a GPU host: (1) the agent's verify latency in a `kwb agent` run (scripted policy, warm workers);
# (2) the same evaluation through `kwb eval` on the host and through the SSH path to the host itself (sshd on
# 127.0.0.1 with its own keys and port), alternating, build and baselines cached. kwb (Qt) comes packed as
# build/h200-kwb.tar.xz (pack_kwb.sh), OpenSSH as build/h200-ssh.tar.xz (pack_ssh.sh) for a host without it.
set -uo pipefail
cd "$(dirname "$0")/../.."
. bench/h200/hostenv.sh # simdjson and bubblewrap where the call carries them
OUT=${OUT:-/tmp/kwb-out}
mkdir -p "$OUT"
ROOT=$PWD
RUNNER=$ROOT/build/runner/bin/kwb-runner
TASK=resources/tasks/level1/1_diag_matmul.py
CAND=bench/single/level1_1_diag_matmul.py
N=${N:-3}
stamp() { python3 -c 'import sys, time
t0 = time.monotonic()
for line in sys.stdin:
    print("%8.3f %s" % (time.monotonic() - t0, line), end="", flush=True)'; }
tar xJf build/h200-kwb.tar.xz -C /tmp || exit 1
tar xJf build/h200-ssh.tar.xz -C /tmp || exit 1
export QT_PLUGIN_PATH=/tmp/h200-kwb/plugins QT_QPA_PLATFORM=offscreen
kwb() { LD_LIBRARY_PATH=/tmp/h200-kwb/lib /tmp/h200-kwb/kwb "$@"; }
[ -x build/h200-bwrap/bwrap ] && export PATH="$ROOT/build/h200-bwrap:$PATH"
export PATH="$ROOT/build/runner/bin:$PATH" # kwb eval starts the kwb-runner on the PATH
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv; nvcc --version | tail -2
  python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'; nproc; id
  bwrap --version; command -v ssh sshd; ssh -V; } > "$OUT/fingerprint.txt" 2>&1
(cmake --preset runner > /tmp/kwb-build.log 2>&1 && cmake --build --preset runner -j 16 >> /tmp/kwb-build.log 2>&1) &
builder=$!

# OpenSSH: the host's own where it has them, else the packed ones.
mkdir -p /tmp/kwb-sshbin /tmp/kwb-ssh /run/sshd
id sshd > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin sshd # sshd's privilege separation
for program in ssh ssh-keygen; do
    if ! command -v $program > /dev/null; then
        printf '#!/bin/sh\nLD_LIBRARY_PATH=/tmp/h200-ssh/lib exec /tmp/h200-ssh/%s "$@"\n' $program > /tmp/kwb-sshbin/$program
        chmod +x /tmp/kwb-sshbin/$program
    fi
done
export PATH=/tmp/kwb-sshbin:$PATH
SSHD=/usr/sbin/sshd; SSHD_ENV=""
[ -x $SSHD ] || { SSHD=/tmp/h200-ssh/sshd; SSHD_ENV="LD_LIBRARY_PATH=/tmp/h200-ssh/lib"; }
K=/tmp/kwb-ssh
ssh-keygen -q -t ed25519 -N "" -f $K/host_key && ssh-keygen -q -t ed25519 -N "" -f $K/user_key && cp $K/user_key.pub $K/authorized_keys
cat > $K/sshd_config <<CFG
Port 22022
ListenAddress 127.0.0.1
HostKey $K/host_key
PidFile $K/sshd.pid
AuthorizedKeysFile $K/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PermitRootLogin prohibit-password
LogLevel ERROR
SetEnv PATH=$PATH
CFG
env $SSHD_ENV $SSHD -D -e -f $K/sshd_config 2> "$OUT/sshd.log" &
sshd_pid=$!
wait $builder || { tail -30 /tmp/kwb-build.log; exit 1; }
kwb --version
kwb host add self "ssh://$(id -un)@127.0.0.1:22022" --runner "$RUNNER" --ssh-option=-F --ssh-option=/dev/null \
    --ssh-option=-i --ssh-option=$K/user_key --ssh-option=-o --ssh-option=UserKnownHostsFile=$K/known_hosts \
    --ssh-option=-o --ssh-option=StrictHostKeyChecking=accept-new --ssh-option=-o --ssh-option=IdentitiesOnly=yes
kwb host test self 2>&1 | tee "$OUT/host-test.txt" | head -3

# (1) The agent: write, fix and build the kernel, then verify several times and profile twice, each call a tool
# call through the Toolbox's warm workers.
python3 - > /tmp/verify_script.json <<'PY'
import json
s = json.load(open("bench/h200/agent/diag_matmul_script.json"))
out = s[:2] + [{"text": "Verify again.", "tool_calls": [{"name": "verify", "arguments": {}}]} for _ in range(5)]
out += [{"text": "Profile.", "tool_calls": [{"name": "profile", "arguments": {}}]} for _ in range(2)]
out.append({"text": "Done."})
print(json.dumps(out))
PY
# Back to back (the scripted policy answers at once), then with 10 s to think before each answer, as a model takes.
for delay in ${AGENT_DELAYS:-0 10}; do
    rm -f /tmp/agent-$delay.kwb
    echo "== script delay $delay s" | tee -a "$OUT/agent.log"
    timeout 300 bash -c "LD_LIBRARY_PATH=/tmp/h200-kwb/lib /tmp/h200-kwb/kwb agent --store /tmp/agent-$delay.kwb --task $TASK \
        --title 'verify latency (scripted, H200)' --script /tmp/verify_script.json --script-delay $delay --device cuda \
        --no-final-eval --runner $RUNNER --runner-arg=--arch --runner-arg=9.0 --runner-arg=--cache-dir \
        --runner-arg=/tmp/kwb-agent-cache" 2>&1 | stamp | tee -a "$OUT/agent.log"
done

# (2) kwb eval here and over SSH to this host, alternating; the first local one builds and times the baselines.
for i in $(seq 0 $N); do
    for where in local ssh; do
        [ $i = 0 ] && [ $where = ssh ] && continue
        host=(); [ $where = ssh ] && host=(--host self)
        start=$(date +%s%N)
        kwb "${host[@]}" eval "$TASK" "$CAND" --device cuda --json --runner-arg=--arch --runner-arg=9.0 \
            > "/tmp/eval-$where-$i.json" 2> "/tmp/eval-$where-$i.stderr"
        echo "$where $i rc=$? wall_ms=$(( ($(date +%s%N) - start) / 1000000 ))" | tee -a "$OUT/ssh_self.txt"
    done
done
python3 - >> "$OUT/ssh_self.txt" <<'PY'
import glob, json
for path in sorted(glob.glob("/tmp/eval-*.json")):
    try:
        r = json.load(open(path))
    except ValueError as e:
        print(path, "unreadable", e); continue
    t = r.get("timing", {})
    print(path.split("/")[-1], "verify", r.get("verify", {}).get("status"), "reward", r.get("reward", {}).get("value"),
          "median_us", round(t.get("candidate", {}).get("median_us", float("nan")), 3),
          "eager_us", round(t.get("eager", {}).get("median_us", float("nan")), 3),
          "host", r.get("fingerprint", {}).get("runner_host"), "seconds", r.get("seconds"))
PY
cat "$OUT/ssh_self.txt"
kill $sshd_pid
tar czf "$OUT/ssh_self.tgz" /tmp/eval-* /tmp/agent-*.kwb /tmp/verify_script.json 2>/dev/null
