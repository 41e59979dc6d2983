#!/usr/bin/env bash
# The test command: installs dependencies, builds once, runs every ctest suite
# (unit, Groth16, snarkjs interop, batch pipeline, cuzk-stats, hostile input). GPU tests
# skip with a message when no device is present. Heavy sizes: CUZK_HEAVY=1.
# Then a second, CPU-only build (${CUZK_ASAN_DIR:-build-asan}) with AddressSanitizer and
# UndefinedBehaviorSanitizer runs the same suites (and the fuzz corpus replay, label fuzz)
# with every finding fatal. CUZK_ASAN=0 skips it. The install test (label install) runs in the
# normal build only: a consumer linking the sanitized static libraries would need the sanitizer runtimes.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/setup-deps.sh"
# With the host lab (cuzk-prove-lab and its tests, label lab: the memory switches the product
# does not take), not the CUDA lab: its tests need a GPU and it adds minutes of nvcc.
"$here/scripts/build.sh" -DCUZK_LAB=ON -DCUZK_LAB_CUDA=OFF "$@"
build=${CUZK_BUILD_DIR:-$here/build}
jobs=${CUZK_JOBS:-$(nproc)}
(cd "$build" && ctest --output-on-failure -j "$jobs" --timeout 1500)

[[ ${CUZK_ASAN:-1} == 0 ]] && exit 0
asan=${CUZK_ASAN_DIR:-$here/build-asan}
CUZK_BUILD_DIR=$asan "$here/scripts/build.sh" "$@" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DCUZK_CUDA=OFF -DCUZK_BENCH=OFF -DCUZK_LAB=ON \
  -DCUZK_SANITIZE=address,undefined
export ASAN_OPTIONS=halt_on_error=1:detect_leaks=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export CUZK_SANITIZED=1  # tests that measure RSS know their figures include ASan's shadow memory
cd "$asan"
ctest --output-on-failure -j "$jobs" --timeout 1500 -LE "${CUZK_ASAN_EXCLUDE:-^(heavy|install)$}"
