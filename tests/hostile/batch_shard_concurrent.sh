#!/usr/bin/env bash
# Class: concurrent tasks into one --out (a Slurm array, one process per GPU). Disjoint
# shards and overlapping ones (every sector in two processes at once, --resume) both end
# with each partition's proof written exactly once (one `write` over all the events files,
# the other process skips it after waiting for the sector), every proof verifying, no temp
# file left, both processes exiting 0.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 4 --partitions 2 --out "$WORK/s" >/dev/null
ls "$WORK"/s/s-*.json >"$WORK/m.txt"
O=$WORK/out
run_pair() {  # run_pair TAG ARGS_A -- ARGS_B: two batches at once, both must exit 0
  local tag=$1; shift
  local a=() b=()
  while [[ $1 != -- ]]; do a+=("$1"); shift; done
  shift; b=("$@")
  "$CUZK" batch --backend cpu --progress off --resume --out "$O" --events "$WORK/$tag-a.jsonl" --manifest "$WORK/m.txt" "${a[@]}" >"$WORK/oa" 2>&1 &
  local pa=$!
  "$CUZK" batch --backend cpu --progress off --resume --out "$O" --events "$WORK/$tag-b.jsonl" --manifest "$WORK/m.txt" "${b[@]}" >"$WORK/ob" 2>&1 &
  local pb=$! ra=0 rb=0
  wait $pa || ra=$?
  wait $pb || rb=$?
  [[ $ra -eq 0 && $rb -eq 0 ]] || die "$tag: exit codes $ra, $rb: $(cat "$WORK/oa" "$WORK/ob")"
}
writes_once() {  # writes_once FILES...: every (sector, partition) written exactly once over the files
  python3 - "$@" <<'P'
import json, sys
from collections import Counter
w = Counter()
for f in sys.argv[1:]:
    for e in map(json.loads, open(f)):
        if e["ev"] == "write": w[(e["sector"], e["partition"])] += 1
want = {(f"s-{i:04d}", p) for i in range(1, 5) for p in range(2)}
assert set(w) == want, sorted(w)
assert all(n == 1 for n in w.values()), w
P
}
note "disjoint shards at once"
run_pair disjoint --shard 0/2 -- --shard 1/2
writes_once "$WORK"/disjoint-*.jsonl || die "disjoint shards: a partition not written exactly once"
verify_sectors "$O" "$WORK"/s/s-*.json
rm -rf "$O"
note "overlapping: the whole list in two processes at once"
run_pair overlap -- 
writes_once "$WORK"/overlap-*.jsonl || die "overlapping runs: a partition not written exactly once"
grep -q '"ev":"skip"' "$WORK"/overlap-*.jsonl || note "(no skip: one process finished before the other began)"
verify_sectors "$O" "$WORK"/s/s-*.json
[[ -z $(find "$O" -name '.cuzk-tmp.*') ]] || die "temp files left in $O"
echo "PASS"
