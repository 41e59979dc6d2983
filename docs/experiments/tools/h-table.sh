#!/bin/bash
# H's MSM over a window table in the prover (--msm-table-h), on one GPU machine: BIN's CUDA
# tests; one 2^LOG porep-lite batch (gen-porep depth 16, seed 11; SECTORS sectors of 10
# partitions); the key parsed into a key cache once; then ROUNDS rounds of the same binary
# without and with the table (BITS), interleaved; proofs of every run equal; cuzk-stats compare
# (off runs baseline, on runs candidate); per run: first proof, steady s/proof (from the
# third write on) and, for the on runs, the gpu events' msm_g1 split by h_table.
# Usage: [ROUNDS=3] [BITS=22] [SECTORS=2] docs/experiments/tools/h-table.sh BIN OUT [LOG=24]
set -u
B=${1:?bin}; OUT=${2:?out}; LOG=${3:-24}; W=/tmp/htab; BITS=${BITS:-22}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
source "$(dirname "$0")/lib.sh"
run_cuda_tests "$B" "$OUT" || { el "CUDA tests failed: no runs"; exit 1; }
[[ -d $W/s ]] || "$B/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors "${SECTORS:-2}" \
  --partitions 10 --seed 11 --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen: $(tail -n 1 "$OUT/gen.txt")"
run() {  # NAME extra...
  local name=$1; shift; rm -rf "$W/$name"
  "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/$name" \
    --events "$OUT/$name.jsonl" "$@" "$W/s"/*.json > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)"
}
same() { same_proofs "$W/$1" "$W/$2" || rc=1; }
run parse
for i in $(seq 1 "${ROUNDS:-3}"); do run "off_$i"; run "on_$i" --msm-table-h "$BITS"; done
for i in $(seq 1 "${ROUNDS:-3}"); do same parse "off_$i"; same parse "on_$i"; done
"$B/cuzk-stats" compare --baseline "$OUT"/off_*.jsonl --candidate "$OUT"/on_*.jsonl > "$OUT/compare.txt" 2>&1
el "compare rc=$?"
python3 "$(dirname "$0")/runs_summary.py" --glob '*_*.jsonl' --key upload --h-table "$OUT" | tee "$OUT/runs.txt"
exit $rc
