#!/usr/bin/env bash
# Configures and builds cuzk into ${CUZK_BUILD_DIR:-build} (Release, Ninja).
# Extra arguments go to cmake's configure step, e.g. -DCUZK_CUDA=OFF (later ones win,
# so -DCMAKE_BUILD_TYPE=... overrides Release).
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${CUZK_BUILD_DIR:-$here/build}
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build "$build" -j "${CUZK_JOBS:-$(nproc)}"
