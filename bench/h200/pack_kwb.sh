#!/usr/bin/env bash
# Packs the command-line kwb (a Qt program) with the Qt and system libraries it needs, for a GPU host without Qt:
# build/h200-kwb.tar.xz, carried to the host (the run tool's carry) and unpacked there by the recording scripts.
# kwb-runner is not in it: the host builds that against its own torch.
set -euo pipefail
cd "$(dirname "$0")/../.."
BUILD=${1:-build/dev}
cmake --build "$BUILD" --target kwb
rm -rf build/h200-kwb && mkdir -p build/h200-kwb/lib build/h200-kwb/plugins
strip -o build/h200-kwb/kwb "$BUILD/bin/kwb"
# Everything ldd names except the C runtime, which the host has in a newer version.
plugins=$(qtpaths6 --query QT_INSTALL_PLUGINS 2>/dev/null || echo /usr/lib/x86_64-linux-gnu/qt6/plugins)
ldd "$BUILD/bin/kwb" "$plugins"/sqldrivers/libqsqlite.so | awk '$3 ~ /^\// {print $3}' | grep -v -E '/(libc|libm|libstdc\+\+|libgcc_s|ld-linux[^/]*)\.so' |
    sort -u | while read -r lib; do cp -L "$lib" build/h200-kwb/lib/; done
cp -r "$plugins/sqldrivers" build/h200-kwb/plugins/
tar cJf build/h200-kwb.tar.xz -C build h200-kwb
ls -la build/h200-kwb.tar.xz
