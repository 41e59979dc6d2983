#!/usr/bin/env bash
# The test command: installs dependencies, builds once, runs every ctest suite
# (unit, Groth16, snarkjs interop, batch pipeline, cuzk-stats). GPU tests skip
# with a message when no device is present. Heavy sizes: CUZK_HEAVY=1.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup-deps.sh"
"$here/scripts/build.sh" "$@"
build=${CUZK_BUILD_DIR:-$here/build}
cd "$build"
ctest --output-on-failure -j "${CUZK_JOBS:-$(nproc)}" --timeout 1500
