#!/usr/bin/env bash
# Runs libFuzzer targets built beforehand (scripts/fuzz.sh builds them into build-fuzz/tests/fuzz)
# all at once, each in fork mode with FORK processes, for SECONDS of wall time: for a many-core
# machine (e.g. the GPU host's 16 cores; it needs no GPU). Seeds: tests/fuzz/corpus/<target>/.
#   scripts/fuzz-parallel.sh BIN_DIR OUT_DIR [SECONDS=600] [FORK=3]
# Writes OUT_DIR/<target>.log, a summary (OUT_DIR/fuzz-summary.txt) and the findings and grown
# corpora as one tarball (OUT_DIR/fuzz-artifacts.tgz). Exit 1 when any target found something.
set -uo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BIN=${1:?bin dir}; OUT=${2:?out dir}; SECS=${3:-600}; FORK=${4:-3}
W=$(mktemp -d); mkdir -p "$OUT"
export LD_LIBRARY_PATH=$BIN:${LD_LIBRARY_PATH:-}
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=0 UBSAN_OPTIONS=print_stacktrace=1
targets=()
for f in "$BIN"/fuzz_*; do [[ -x $f ]] && targets+=("$(basename "$f")"); done
for t in "${targets[@]}"; do
  seeds=$SRC/tests/fuzz/corpus/$t; mkdir -p "$W/corpus/$t" "$W/findings/$t"
  max=65536
  if [[ -d $seeds ]]; then
    big=$(find "$seeds" -type f -printf '%s\n' | sort -n | tail -1)
    ((big * 2 > max)) && max=$((big * 2))
  fi
  "$BIN/$t" "$W/corpus/$t" ${seeds:+"$seeds"} -fork="$FORK" -ignore_crashes=1 -ignore_ooms=1 -ignore_timeouts=1 \
    -max_total_time="$SECS" -max_len="$max" -rss_limit_mb=2048 -malloc_limit_mb=1024 -timeout=20 \
    -artifact_prefix="$W/findings/$t/" -print_final_stats=1 > "$OUT/$t.log" 2>&1 &
done
wait
found=0
{
  echo "fuzzing: ${#targets[@]} targets at once, -fork=$FORK, ${SECS} s wall each, $(nproc) cores, $(date -u +%FT%TZ)"
  for t in "${targets[@]}"; do
    n=$(find "$W/findings/$t" -type f | wc -l)
    execs=$(grep -oE "^#[0-9]+" "$OUT/$t.log" | tail -1)
    printf '%-20s last status %-12s corpus %5d files  findings %d\n' "$t" "${execs:-?}" \
      "$(find "$W/corpus/$t" -type f | wc -l)" "$n"
    ((n > 0)) && found=1
  done
} | tee "$OUT/fuzz-summary.txt"
tar -C "$W" -czf "$OUT/fuzz-artifacts.tgz" corpus findings
rm -rf "$W"
exit $found
