#!/usr/bin/env bash
# Installs what the workbench needs and is missing on Debian 12: the packages in packages.txt and a Python
# virtual environment (.venv) with the pinned torch from requirements.txt and the pinned Ray of requirements-ray.txt
# (left out with KWB_NO_RAY=1: only distributed evaluation and the reward service need it). Fast when nothing is
# missing.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
packages_file="$root/installers/debian/packages.txt"
requirements="$root/requirements.txt"
requirements_ray="$root/requirements-ray.txt"
venv="$root/.venv"

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

missing=()
while read -r pkg; do
    case "$pkg" in ''|'#'*) continue ;; esac
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$pkg")
    fi
done < "$packages_file"
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# The venv uses Debian's python3; a stamp of the requirement files says whether it is current.
stamp="$venv/.requirements.sha256"
wanted=("$requirements")
if [ "${KWB_NO_RAY:-0}" != 1 ]; then
    wanted+=("$requirements_ray")
fi
want=$(cat "${wanted[@]}" | sha256sum | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ]; then
    echo "Creating the Python environment in .venv"
    /usr/bin/python3 -m venv "$venv"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    echo "Installing Python packages from ${wanted[*]##*/} (torch and its libraries: several GB the first time)"
    args=()
    for file in "${wanted[@]}"; do args+=(-r "$file"); done
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${args[@]}"
    echo "$want" > "$stamp"
fi
