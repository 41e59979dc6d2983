#!/usr/bin/env bash
# Class: a re-run or --resume overwrites the previous run's events. The events file is an
# append-only log of runs: after a run, a --resume run and a refused re-run, the file still
# starts with the first run's bytes, holds three runs with distinct ids, each whole.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 2 --out "$WORK/s" >/dev/null
O=$WORK/out
ev=$O/events.jsonl
"$CUZK" batch --out "$O" --progress off "$WORK/s/s-0001.json" >/dev/null || die "first run exited $?"
cp "$ev" "$WORK/first"
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s/s-0001.json" >/dev/null || die "resume exited $?"
set +e
"$CUZK" batch --out "$O" --progress off "$WORK/s/s-0001.json" >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "re-run without --resume: exit $rc, want 1 (outputs exist)"
cmp -s "$WORK/first" <(head -c "$(stat -c %s "$WORK/first")" "$ev") || die "the first run's events were changed"
python3 "$CHECK" "$ev" --run 0 --runs 3 --proofs 2 >/dev/null || die "run 0"
python3 "$CHECK" "$ev" --run 1 --runs 3 --skips 2 >/dev/null || die "run 1"
python3 "$CHECK" "$ev" --run 2 --runs 3 --proofs 0 --failures 2 >/dev/null || die "run 2"
[[ $(python3 -c 'import json,sys; print(len({json.loads(l)["run"] for l in open(sys.argv[1])}))' "$ev") -eq 3 ]] ||
  die "run ids are not distinct"
echo "PASS"
