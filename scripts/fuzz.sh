#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz/fuzz_*.cpp) with clang-14 and ASan + UBSan into
# build-fuzz/, then runs each for SECONDS (default 60), one after the other, on one core.
#   scripts/fuzz.sh [SECONDS] [TARGET...]      e.g. scripts/fuzz.sh 600 fuzz_zkey
# Each target starts from its seed corpus (tests/fuzz/corpus/<target>/, read only) and grows
# a working corpus in build-fuzz/corpus/<target>/. Crashes, leaks, timeouts and OOMs are kept
# in build-fuzz/findings/<target>/ (add a reproducer to the seed corpus once it is fixed).
# Exit 1 when any target found something. Environment: FUZZ_JOBS (default 1), NICE (15).
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
SECONDS_EACH=${1:-60}
shift || true
B=$SRC/build-fuzz
CXX=${CXX_FUZZ:-clang++-14}
CC=${CC_FUZZ:-clang-14}
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g"
if [[ ! -f $B/build.ninja ]]; then
  cmake -S "$SRC" -B "$B" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCUZK_CUDA=OFF -DCUZK_BENCH=OFF \
    -DCUZK_FUZZ=ON -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_CXX_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
fi
mapfile -t ALL < <(cd "$SRC/tests/fuzz" && ls fuzz_*.cpp | sed 's/\.cpp$//')
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=("${ALL[@]}")
nice -n "${NICE:-15}" cmake --build "$B" -j "${FUZZ_BUILD_JOBS:-2}" --target "${TARGETS[@]}"

# Largest useful input: the biggest seed plus room for mutations, at least 64 KiB.
found=0
for t in "${TARGETS[@]}"; do
  seeds=$SRC/tests/fuzz/corpus/$t
  work=$B/corpus/$t
  findings=$B/findings/$t
  mkdir -p "$work" "$findings"
  max=65536
  if [[ -d $seeds ]]; then
    big=$(find "$seeds" -type f -printf '%s\n' | sort -n | tail -1)
    ((big * 2 > max)) && max=$((big * 2))
  fi
  log=$B/$t.log
  jobs=()
  [[ ${FUZZ_JOBS:-1} -gt 1 ]] && jobs=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
  echo "== $t: ${SECONDS_EACH}s, -max_len=$max, log $log"
  set +e
  ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 UBSAN_OPTIONS=print_stacktrace=1 \
    nice -n "${NICE:-15}" "$B/tests/fuzz/$t" "$work" ${seeds:+"$seeds"} -max_total_time="$SECONDS_EACH" \
    -max_len="$max" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=20 "${jobs[@]}" -artifact_prefix="$findings/" -print_final_stats=1 >"$log" 2>&1
  rc=$?
  set -e
  grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)|^#[0-9]+ +DONE" "$log" || true
  echo "   corpus: $(find "$work" -type f | wc -l) files; findings: $(find "$findings" -type f | wc -l)"
  if [[ $rc -ne 0 ]]; then
    found=1
    echo "   FINDING (exit $rc): see $log and $findings/"
  fi
done
exit $found
