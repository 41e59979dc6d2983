#!/bin/bash
# Why the witness MSMs' accumulate is slow (issue 17): ncu on accumulate_chunks in a real
# 2^LOG batch (the key's distinct bases, porep-lite witness) and in bench_cuda's dense
# random MSM (distinct points; CUZK_BENCH_POINTS=tiled for the old 16K block), plus --msm-profile run statistics.
# Usage: docs/experiments/tools/ncu-accumulate.sh BIN OUT [LOG=24]
set -u
B=${1:?bin}; OUT=${2:?out}; LOG=${3:-24}; W=/tmp/ncuacc
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
SECT="--section SpeedOfLight --section Occupancy --section LaunchStats --section WarpStateStats --section MemoryWorkloadAnalysis --section SchedulerStats"
[[ -d $W/s ]] || "$B/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors 1 --partitions ${PARTS:-2} --seed 11 \
  --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen: $(tail -n 1 "$OUT/gen.txt" 2>/dev/null)"
run() { local name=$1; shift; rm -rf "$W/$name"
  "$@" "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/$name" \
    --events "$OUT/$name.jsonl" --msm-profile on --g2-overlap off "$W/s"/*.json > "$OUT/$name.txt" 2> "$OUT/$name.err" || rc=1
  el "$name: $(grep batch: "$OUT/$name.txt" | tail -n 1)"; }
run parse
run prof
run ncu "$NCU" $SECT --kernel-name regex:accumulate_chunks --launch-count 5
CUZK_MSM_PROFILE=1 "$NCU" $SECT --kernel-name regex:accumulate_chunks --launch-skip 1 --launch-count 1 "$B/bench_cuda" g1 "$LOG" > "$OUT/ncu-bench-g1.txt" 2>&1
el "ncu bench g1 rc=$?"
exit $rc
