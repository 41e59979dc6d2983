#!/usr/bin/env bash
# Class: malformed values of the lab's memory switches (cuzk-prove-lab, -DCUZK_LAB=ON). Each
# exits 2 with one line naming the option and showing the value, before anything is created.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 1 --out "$WORK/s" >/dev/null
check() {  # check OPTION VALUE: refused with one line naming the option, nothing created
  batch_refused "^cuzk-prove: error: $1: " --events "$WORK/ev.jsonl" "$1" "$2" "$WORK/s/s-0001.json"
}
for o in --early-free --hold-permit; do for v in maybe 1 ON "" $'on\nboom'; do check $o "$v"; done; done
for v in unboundedx Unbounded 0 -3 autox; do check --queue-depth "$v"; done
help=$("$CUZK" batch --help) || die "batch --help failed"
for w in --hold-permit --early-free unbounded; do
  grep -q -- "$w" <<<"$help" || die "the lab's --help does not offer $w"
done
echo "PASS"
