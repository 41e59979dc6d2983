#!/bin/bash
# Issue 16 item 4 on a GPU machine (CudaOptions, bench-only NTT variants, the G2 thread):
#  1. the cuda tests, cuda_test_ntt_bench_variants included (every NTT variant vs the host);
#  2. tests/batch/test_batch_cuda_options.sh with --backend cuda (run_start gpus[].settings);
#  3. a seeded 2^LOG porep-lite batch (gen-porep) with the new binary, G2 overlap on and off,
#     and with BASE's cuzk-prove (main before the change) if given: every <sector>.proof
#     must be byte-identical across the runs;
#  4. bench_cuda ntt-variants up to 2^22 (all eleven names still selectable) and a bench-only
#     name refused by cuzk-prove (exit 2, one line).
# Usage: docs/experiments/tools/cuda-options-check.sh BIN OUT [BASE_BIN] [LOG=20] (LOG >= 16)
# BIN (and BASE_BIN) hold cuzk-prove, bench_cuda, cuda_test_* and libtbb.so.12 if needed.
set -u
B=${1:?bin dir}; O=${2:?out dir}; BASE=${3:-}; LOG=${4:-20}; W=/tmp/cuda-options-check
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
SRC=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$O" "$W"; rc=0
source "$(dirname "$0")/lib.sh"
run_cuda_tests "$B" "$O" || rc=1
bash "$SRC/tests/batch/test_batch_cuda_options.sh" "$B/cuzk-prove" "$SRC" > "$O/batch_cuda_options.log" 2>&1; r=$?
el "test_batch_cuda_options rc=$r: $(tail -n 1 "$O/batch_cuda_options.log")"; [[ $r -ne 0 ]] && rc=1
"$B/cuzk-prove" gen-porep --out "$W/seed" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 4 --seed 11 \
  --backend cuda > "$O/gen.txt" 2>&1 || { el "gen-porep failed"; cat "$O/gen.txt"; exit 1; }
run() {  # run NAME BINARY ARGS...: a seeded batch into $W/NAME
  local n=$1 p=$2; shift 2; rm -rf "$W/$n"
  "$p" batch --backend cuda --seed 5 --progress off --no-key-cache --out "$W/$n" --events "$O/$n.jsonl" "$@" \
    "$W"/seed/*.json > "$O/$n.txt" 2>&1; el "$n rc=$?: $(tail -n 1 "$O/$n.txt")"
}
run new "$B/cuzk-prove"
run new-g2-after "$B/cuzk-prove" --g2-overlap off
run new-smem "$B/cuzk-prove" --ntt-kernel smem --msm-window-g1 14
[[ -n $BASE ]] && run base "$BASE/cuzk-prove"
for d in new-g2-after new-smem ${BASE:+base}; do
  if cmp "$W/new"/*.proof "$W/$d"/*.proof; then el "proofs new == $d"; else el "PROOFS DIFFER: new vs $d"; rc=1; fi
done
grep -o '"gpus":\[[^]]*\]' "$O/new-smem.jsonl" | head -n 1
"$B/bench_cuda" ntt-variants 22 > "$O/ntt-variants.txt" 2>&1; el "bench_cuda ntt-variants rc=$?: $(grep -c '^NTT' "$O/ntt-variants.txt") rows"
"$B/cuzk-prove" batch --ntt-kernel t10b2 "$W"/seed/*.json > /dev/null 2> "$O/refused.txt"; r=$?
el "cuzk-prove --ntt-kernel t10b2: rc=$r (want 2): $(cat "$O/refused.txt")"; [[ $r -eq 2 ]] || rc=1
exit $rc
