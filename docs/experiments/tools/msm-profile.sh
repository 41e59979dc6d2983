#!/bin/bash
# Where a 2^LOG partition's GPU time goes (issue 17): the CUDA tests, then gen-porep
# (depth 16, 10 partitions), one batch that parses the .zkey into a key cache, and batches
# on the cached key with --msm-profile (per-MSM stage times and the counts of 0/1 scalars
# on stderr), with the G2 MSM overlapping the G1 ones and without; then bench_cuda's dense
# random MSMs at 2^LOG for the same stages.
# Usage: docs/experiments/tools/msm-profile.sh BIN OUT [LOG=24]   (BIN: cuzk-prove, bench_cuda, cuda_test_*)
set -u
B=${1:?bin}; OUT=${2:?out}; LOG=${3:-24}; W=/tmp/msmprof
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
source "$(dirname "$0")/lib.sh"
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
  run_cuda_tests "$B" "$OUT" || rc=1
fi
"$B/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen 2^$LOG: $(tail -n 1 "$OUT/gen.txt")"
run() {  # NAME extra...
  local name=$1; shift
  "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/$name" \
    --events "$OUT/$name.jsonl" "$@" "$W/s"/*.json > "$OUT/$name.txt" 2> "$OUT/$name.err" || rc=1
  el "$name: $(tail -n 1 "$OUT/$name.txt")"
}
run parse
run prof --msm-profile on
run serial --msm-profile on --g2-overlap off
for c in ${WINDOWS:-}; do run "serial-c$c" --msm-profile on --g2-overlap off --msm-window-g1 "$c" --msm-window-g2 "$c"; done
for f in "$W"/prof/*.proof; do cmp -s "$f" "$W/parse/$(basename "$f")" || { el "PROOFS DIFFER $f"; rc=1; }; done
for c in g1 g2; do CUZK_MSM_PROFILE=1 "$B/bench_cuda" $c "$LOG" > "$OUT/bench-$c.txt" 2>&1; el "bench $c: $(grep MSM "$OUT/bench-$c.txt")"; done
exit $rc
