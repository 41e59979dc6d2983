#!/usr/bin/env bash
# Class: malformed option values. Each exits 2 with one line naming the option and showing
# the value, before anything is created (no --out folder, no events file).
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 1 --out "$WORK/s" >/dev/null
check() {  # check OPTION VALUE: refused with one line naming the option, nothing created
  local ev=(--events "$WORK/ev.jsonl")
  [[ $1 == --events ]] && ev=()
  batch_refused "^cuzk-prove: error: $1: " "${ev[@]}" "$1" "$2" "$WORK/s/s-0001.json"
}
for v in . "" 1e3 8Gx " 8G" -1 inf 0 99999999999T 1..5; do check --mem-budget "$v"; done
for v in inf 1e300 nan 0 -1 0.0001 3601 0.1s ""; do check --mem-interval "$v"; done
for v in nan inf 0 1.5 0.5x ""; do check --budget-fraction "$v"; done
for o in --synth-workers --workers-per-device --write-workers; do
  for v in 0 2x -1 2.5 " 2" 1e2 99999999999999999999999; do check $o "$v"; done
done
for o in --max-inflight --queue-depth; do for v in 0 -3 3.5 autox; do check $o "$v"; done; done
for v in 12abc -1 18446744073709551616; do check --seed "$v"; done
for v in "0,,1" "a" "0,0" "-1" "1,"; do check --devices "$v"; done
check --progress maybe
check --events ""
# A newline in a value is shown escaped: still one line.
check --mem-budget $'8G\nboom'
grep -q '"8G\\nboom"' "$WORK/err" || die "the value is not shown escaped: $(cat "$WORK/err")"
echo "PASS"
