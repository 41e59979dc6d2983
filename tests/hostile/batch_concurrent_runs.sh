#!/usr/bin/env bash
# Class: events lost or mixed. Two batches into one --out at the same time append to the one
# DIR/events.jsonl: every line is whole JSON with a "run" field, the file holds exactly two
# runs, each complete (run_start .. run_end, its own proofs), and both batches succeed.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 2 --partitions 2 --out "$WORK/s" --prefix one >/dev/null
python3 "$GEN" --fixture "$FIX/main" --sectors 2 --partitions 2 --out "$WORK/s" --prefix two >/dev/null
O=$WORK/out
# Frequent mem samples: many lines from both processes at once.
"$CUZK" batch --out "$O" --progress off --mem-interval 0.001 "$WORK"/s/one-*.json >"$WORK/o1" 2>&1 &
p1=$!
"$CUZK" batch --out "$O" --progress off --mem-interval 0.001 "$WORK"/s/two-*.json >"$WORK/o2" 2>&1 &
p2=$!
rc1=0 rc2=0
wait $p1 || rc1=$?
wait $p2 || rc2=$?
[[ $rc1 -eq 0 && $rc2 -eq 0 ]] || die "exit codes $rc1, $rc2: $(cat "$WORK/o1" "$WORK/o2")"
python3 - "$O/events.jsonl" <<'P' || die "the events file is not a log of two whole runs"
import json, sys
runs = {}
for n, line in enumerate(open(sys.argv[1]), 1):
    e = json.loads(line)  # raises on a line mixed from two runs
    assert isinstance(e, dict) and isinstance(e.get("run"), str), f"line {n}: no run"
    runs.setdefault(e["run"], []).append(e["ev"])
assert len(runs) == 2, f"{len(runs)} runs"
for r, evs in runs.items():
    assert evs[0] == "run_start" and evs[-1] == "run_end", r
    assert evs.count("write") == 4, (r, evs.count("write"))
P
for i in 0 1; do
  python3 "$CHECK" "$O/events.jsonl" --run $i --runs 2 --proofs 4 --failures 0 >/dev/null || die "run $i"
done
verify_sectors "$O" "$WORK"/s/*.json
echo "PASS"
