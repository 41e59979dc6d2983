#!/usr/bin/env bash
# Class: the lab's memory switches given to the product. --hold-permit, --early-free and
# --queue-depth unbounded turn the bounded-memory design off; only the lab's cuzk-prove-lab
# (-DCUZK_LAB=ON) takes them. The product refuses each with one line and exit 2, before
# anything is created, and its --help does not offer them.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 1 --out "$WORK/s" >/dev/null
for o in --hold-permit --early-free; do
  for v in on off; do
    batch_refused "^cuzk-prove: error: .*$o" --events "$WORK/ev.jsonl" "$o" "$v" "$WORK/s/s-0001.json"
    batch_refused "^cuzk-prove: error: .*$o" --events "$WORK/ev.jsonl" "$o=$v" "$WORK/s/s-0001.json"
  done
done
batch_refused '^cuzk-prove: error: --queue-depth: "unbounded" is not' --events "$WORK/ev.jsonl" \
  --queue-depth unbounded "$WORK/s/s-0001.json"
help=$("$CUZK" batch --help) || die "batch --help failed"
grep -q -- '--queue-depth' <<<"$help" || die "--help lost --queue-depth"
for w in --hold-permit --early-free unbounded LAB; do
  ! grep -q -- "$w" <<<"$help" || die "the product's --help offers $w"
done
echo "PASS"
