#!/usr/bin/env bash
# Installs what cuzk needs on Debian 12: build tools and libraries from apt, and the
# npm packages used only by the interop tests (snarkjs, circom2, @noble/curves) into
# tests/interop/node_modules; help2man makes the man pages at install. Downloads nothing
# else. Idempotent: skips what is present.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)

pkgs=(build-essential cmake ninja-build pkg-config libtbb-dev libcli11-dev nlohmann-json3-dev
      doctest-dev libbenchmark-dev libgmp-dev python3 python3-numpy python3-scipy help2man
      slurm-wlm munge)  # slurm-wlm + munge: the ctest label slurm starts a one-node cluster (docs/slurm.md)
# Node.js may come from elsewhere than Debian (then its npm conflicts with Debian's): only
# install Debian's when the commands are missing.
command -v node >/dev/null || pkgs+=(nodejs)
command -v npm >/dev/null || pkgs+=(npm)
[ "${CUZK_WITH_CHROMIUM:-1}" = 1 ] && pkgs+=(chromium)

missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "setup-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if [ "${CUZK_WITH_NPM:-1}" = 1 ] && [ -f "$here/tests/interop/package.json" ]; then
  if [ ! -d "$here/tests/interop/node_modules/snarkjs" ]; then
    echo "setup-deps: npm install (tests/interop)"
    (cd "$here/tests/interop" && npm install --no-audit --no-fund --loglevel=error >/dev/null)
  fi
fi
