#!/bin/bash
# a/b/c synthesized straight into the CUDA backend's page-locked sets, before vs after, in one
# device call: AFTER's CUDA tests (test_groth16_lent: the lent path, its fallback, a GPU batch
# against the CPU's), gen-porep (depth 16, 2^LOG, 10 partitions, seed 11) and prepare-key once,
# then batches on the warm key cache alternating BEFORE and AFTER (RUNS each, one --seed); every
# run's proofs must equal the first's. runs.txt: first proof, wall, steady s/proof, gpu busy, and
# where a/b/c went up from with the first partition's h2d and prep (runs_summary.py --abc).
# Usage: [RUNS=2] docs/experiments/tools/pinned-abc.sh BIN_BEFORE BIN_AFTER OUT [LOG=24]
set -u -o pipefail
BB=${1:?bin before}; BA=${2:?bin after}; OUT=${3:?out}; LOG=${4:-24}; W=/tmp/pinned-abc
D=$(cd "$(dirname "$0")" && pwd)
source "$D/lib.sh"
mkdir -p "$OUT" "$W"; rc=0
run_cuda_tests "$BA" "$OUT" cuda_test_groth16 | tee -a "$OUT/log.txt" || rc=1
"$BA/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen: $(tail -n 1 "$OUT/gen.txt")" | tee -a "$OUT/log.txt"
"$BA/cuzk-prove" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey > "$OUT/prepare.txt" 2>&1 || rc=1
el "prepare-key: $(tail -n 1 "$OUT/prepare.txt")" | tee -a "$OUT/log.txt"
for i in $(seq 1 "${RUNS:-2}"); do
  for side in before after; do
    B=$BB; [[ $side == after ]] && B=$BA
    "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/$side-$i" \
      --events "$OUT/$side-$i.jsonl" "$W/s"/*.json > "$OUT/$side-$i.txt" 2>&1 || rc=1
    el "$side-$i: $(grep 'batch:' "$OUT/$side-$i.txt" | tail -n 1)" | tee -a "$OUT/log.txt"
    same_proofs "$W/$side-$i" "$W/before-1" | tee -a "$OUT/log.txt" || rc=1
  done
done
python3 "$D/runs_summary.py" --abc --busy "$OUT" | tee "$OUT/runs.txt"
exit $rc
