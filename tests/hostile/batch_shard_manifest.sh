#!/usr/bin/env bash
# Class: malformed --shard / --manifest / Slurm variables. Each exits 2 with one line naming
# the option (and FILE:LINE for a manifest), before anything is created. A FIFO manifest is
# refused at once (no hang). The shards of a list are a partition of its sectors.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 6 --partitions 1 --out "$WORK/s" >/dev/null
O=$WORK/out
unset SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN SLURM_ARRAY_TASK_MAX
refused() {  # refused PATTERN ARGS...: exit 2, one stderr line matching PATTERN, nothing created
  local pat=$1
  shift
  batch_refused "$pat" --backend cpu --events "$WORK/ev.jsonl" "$@"
}
for v in 0/0 3/2 2/2 -1/3 1 1/ /3 a/b " 1/3" 1/3/4 +1/3 0/1048577 99999999999/3 ""; do
  refused "^cuzk-prove: error: --shard: " --shard "$v" "$WORK/s/s-0001.json"
done
refused 'SLURM_ARRAY_TASK_ID is not set' --shard slurm "$WORK/s/s-0001.json"
SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=3 \
  refused 'not within MIN' --shard slurm "$WORK/s/s-0001.json"
SLURM_ARRAY_TASK_ID=x SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=3 \
  refused 'SLURM_ARRAY_TASK_ID="x" is not' --shard slurm "$WORK/s/s-0001.json"
SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_COUNT=2 SLURM_ARRAY_TASK_MAX=4 \
  refused 'SLURM_ARRAY_TASK_MAX' --shard slurm "$WORK/s/s-0001.json"

refused "^cuzk-prove: error: --manifest: $WORK/missing.txt: " --manifest "$WORK/missing.txt"
mkfifo "$WORK/fifo"
refused "^cuzk-prove: error: --manifest: $WORK/fifo: " --manifest "$WORK/fifo"
refused "^cuzk-prove: error: --manifest: $WORK: " --manifest "$WORK"
{ echo "$WORK/s/s-0001.json"; head -c 100000 /dev/zero | tr '\0' x; echo; } >"$WORK/huge.txt"
refused "^cuzk-prove: error: --manifest: $WORK/huge.txt:2: line longer than 4096 bytes" --manifest "$WORK/huge.txt"
printf '%s\n\0\n' "$WORK/s/s-0001.json" >"$WORK/nul.txt"
refused "$WORK/nul.txt:2: a NUL byte" --manifest "$WORK/nul.txt"
printf '# only comments\n\n' >"$WORK/empty.txt"
refused "no sector files given" --manifest "$WORK/empty.txt"
set +e
head -c 100000 /dev/zero | tr '\0' y | timeout 20 "$CUZK" batch --out "$O" --manifest - >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 2 ]] && grep -q "^cuzk-prove: error: --manifest: stdin:1: line longer" "$WORK/err" || die "huge stdin line: exit $rc: $(cat "$WORK/err")"
echo "$WORK/s/s-0001.json" | refused "choose one" --manifest - -

note "the shards of a manifest (comments, blanks, relative paths) are a partition of its sectors"
{ echo "# six sectors"; for f in "$WORK"/s/s-*.json; do echo "  s/$(basename "$f")  "; echo; done; } >"$WORK/m.txt"
cd "$WORK"
for i in 0 1 2; do
  "$CUZK" batch --backend cpu --progress off --out "$O" --events "$WORK/ev-$i.jsonl" --manifest "$WORK/m.txt" --shard "$i/3" >/dev/null 2>"$WORK/err" ||
    die "shard $i/3 failed: $(cat "$WORK/err")"
done
python3 - "$WORK"/ev-*.jsonl <<'P' || die "the shards are not a partition of the six sectors"
import json, sys
seen = []
for f in sys.argv[1:]:
    seen += [e["sector"] for e in map(json.loads, open(f)) if e["ev"] == "sector_end" and e["status"] == "ok"]
assert sorted(seen) == [f"s-{i:04d}" for i in range(1, 7)], seen
P
verify_sectors "$O" "$WORK"/s/s-*.json
note "same list again: the same sectors in each shard (nothing new to prove with --resume)"
for i in 0 1 2; do
  r=$("$CUZK" batch --backend cpu --progress off --resume --out "$O" --events "$WORK/ev-$i.jsonl" --manifest "$WORK/m.txt" --shard "$i/3" 2>&1)
  [[ $r == "batch: 0 proven, "* ]] || die "shard $i/3 proved again: $r"
done
echo "PASS"
