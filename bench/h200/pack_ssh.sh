#!/usr/bin/env bash
# Packs Debian's OpenSSH server and client with the libraries they need, for a GPU host that may have neither:
# build/h200-ssh.tar.xz, carried to the host and unpacked by bench/h200/ssh_self.sh, which uses the host's own
# ssh and sshd where it has them.
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf build/h200-ssh && mkdir -p build/h200-ssh/lib
for program in /usr/sbin/sshd /usr/bin/ssh /usr/bin/ssh-keygen; do
    cp "$program" build/h200-ssh/
    ldd "$program" | awk '$3 ~ /^\// {print $3}' | grep -v -E '/(libc|libm|libpthread|libdl|libresolv|ld-linux[^/]*)\.so' |
        while read -r lib; do cp -L "$lib" build/h200-ssh/lib/; done
done
cp /usr/lib/openssh/sshd-session build/h200-ssh/ 2>/dev/null || true
tar cJf build/h200-ssh.tar.xz -C build h200-ssh
ls -la build/h200-ssh.tar.xz
