#!/usr/bin/env bash
# Backpressure, measured from the events:
#  - --max-inflight 2: no mem sample (and run_end.peak_inflight) shows more than 2 in flight;
#  - a byte budget of key + 2 partitions: reserved bytes never exceed it (and it is used).
# Early free on vs off needs the lab's switch: test_batch_lab_early_free.sh (-DCUZK_LAB=ON).
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 3 --partitions 3 --out "$WORK/sectors" --list "$WORK/list" >/dev/null
mapfile -t sectors <"$WORK/list"

note "--max-inflight 2"
"$CUZK" batch --out "$WORK/o1" --progress off --max-inflight 2 --synth-workers 2 --mem-interval 0.02 \
  "${sectors[@]}" >/dev/null || die "batch failed"
sum=$(python3 "$CHECK" "$WORK/o1/events.jsonl" --proofs 9 --max-inflight 2) || die "inflight: $sum"
echo "$sum"
[[ $(json_get "$sum" max_inflight) -ge 1 ]] || die "no sample saw a partition in flight"

note "byte budget = key + 2 partitions"
start=$(head -1 "$WORK/o1/events.jsonl")
fp=$(json_get "$start" footprint)
key=$(json_get "$start" key_bytes)
budget=$((key + 2 * fp + fp / 2))
"$CUZK" batch --out "$WORK/o2" --progress off --mem-budget $budget --synth-workers 2 --max-inflight 8 \
  --mem-interval 0.02 "${sectors[@]}" >/dev/null || die "budget batch failed"
sum=$(python3 "$CHECK" "$WORK/o2/events.jsonl" --proofs 9 --budget $budget --max-inflight 2) || die "budget: $sum"
echo "$sum"
[[ $(json_get "$sum" max_reserved) -gt $key ]] || die "the budget was never used"
grep -q "\"mem_budget\":$budget" "$WORK/o2/events.jsonl" || die "run_start does not record the budget"

echo "PASS"
