#!/usr/bin/env bash
# Issue 45, item 1: descriptors in use are bounded by the partitions in flight, not by the
# batch. Each sector being proven holds DIR/<sector>/.cuzk-lock open; the batch holds at most
# as many as it has partitions in flight (fewer where RLIMIT_NOFILE leaves less room) and
# waits for a sector to end before claiming the next.
#  1. 500 one-partition sectors over the tiny key (one shared witness file a partition index)
#     under ulimit -n 48: every sector proven, nothing failed, and the peak number of open
#     descriptors (sampled from /proc) stays under the limit.
#  2. Two batches sharing --out with the same 200 sectors (--resume), under ulimit -n 48 each:
#     both exit 0 and every partition is written exactly once over the two runs (the other
#     run skips it): the no-double-write guarantee of docs/batch.md still holds.
#  3. A limit too low for even one sector in flight (ulimit -n 10): exit 3, one line naming
#     the limit and the number needed, before anything is created.
#  CUZK_HEAVY=1 adds the issue's other figure: 5000 sectors under ulimit -n 1024.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
S=$WORK/s
python3 "$GEN" --fixture "$FIX/tiny" --sectors 500 --partitions 1 --out "$S" --prefix t --list "$WORK/all.txt" >/dev/null

# many N OUT LIMIT LIST [ARGS...]: a batch of the sectors in LIST under ulimit -n LIMIT, exit 0,
# N proofs, no failure, every sector's .proof 192 bytes.
many() {
  local n=$1 out=$2 limit=$3 list=$4; shift 4
  local rc=0
  (ulimit -n "$limit" && exec "$CUZK" batch --out "$out" --backend cpu --progress off "$@" - <"$list") \
    >"$WORK/stdout" 2>"$WORK/stderr" || rc=$?
  [[ $rc -eq 0 ]] || die "$n sectors at ulimit -n $limit: exit $rc: $(grep -m3 error "$WORK/stderr")"
  grep -q "^batch: $n proven, 0 resumed, 0 failed partition(s); sectors: $n ok, 0 failed" "$WORK/stdout" ||
    die "$n sectors at ulimit -n $limit: $(cat "$WORK/stdout")"
  local missing
  missing=$(python3 - "$out" "$list" <<'P'
import json, os, sys
out, bad = sys.argv[1], 0
for f in open(sys.argv[2]).read().split():
    sid = json.load(open(f))["sector"]
    p = os.path.join(out, sid + ".proof")
    bad += not (os.path.isfile(p) and os.path.getsize(p) == 192)
print(bad)
P
)
  [[ $missing -eq 0 ]] || die "$missing sector proofs missing or not 192 bytes in $out"
  echo "ok: $n sectors at ulimit -n $limit: all proven"
}

# 1. 500 sectors at ulimit -n 48, the peak of open descriptors sampled while it runs.
(ulimit -n 48 && exec "$CUZK" batch --out "$WORK/o1" --backend cpu --progress off - <"$WORK/all.txt") \
  >"$WORK/stdout" 2>"$WORK/stderr" &
pid=$!
peak=0
while kill -0 $pid 2>/dev/null; do
  n=$(ls /proc/$pid/fd 2>/dev/null | wc -l) || n=0
  ((n > peak)) && peak=$n
done
rc=0
wait $pid || rc=$?
[[ $rc -eq 0 ]] || die "500 sectors at ulimit -n 48: exit $rc: $(grep -m3 error "$WORK/stderr")"
grep -q '^batch: 500 proven, 0 resumed, 0 failed partition(s); sectors: 500 ok, 0 failed' "$WORK/stdout" ||
  die "500 sectors at ulimit -n 48: $(cat "$WORK/stdout") $(grep -m3 error "$WORK/stderr")"
((peak <= 48)) || die "peak of $peak open descriptors over the limit 48"
echo "ok: 500 sectors at ulimit -n 48: all proven, peak $peak descriptors sampled"
python3 "$CHECK" "$WORK/o1/events.jsonl" --proofs 500 --failures 0 --errors 0 >/dev/null || die "events of the 500-sector run"
verify_sectors "$WORK/o1" "$S/t-0001.json" "$S/t-0250.json" "$S/t-0500.json"

# 2. Two batches, one --out, the same 200 sectors, ulimit -n 48 each: each partition once.
head -n 200 "$WORK/all.txt" >"$WORK/two.txt"
for i in 1 2; do
  (ulimit -n 48 && exec "$CUZK" batch --out "$WORK/o2" --backend cpu --progress off --resume - <"$WORK/two.txt") \
    >"$WORK/run$i.out" 2>&1 &
  eval "p$i=\$!"
done
rc1=0 rc2=0
wait "$p1" || rc1=$?
wait "$p2" || rc2=$?
[[ $rc1 -eq 0 && $rc2 -eq 0 ]] || die "concurrent runs: exit $rc1, $rc2: $(grep -h -m3 error "$WORK"/run?.out)"
python3 - "$WORK/o2/events.jsonl" <<'P' || die "a partition was written twice, or not at all (above)"
import json, sys, collections
writes, skips, runs = collections.Counter(), collections.Counter(), set()
for line in open(sys.argv[1]):
    e = json.loads(line)
    runs.add(e["run"])
    key = (e.get("sector"), e.get("partition"))
    if e["ev"] == "write": writes[key] += 1
    if e["ev"] == "skip": skips[key] += 1
assert len(runs) == 2, runs
twice = [k for k, n in writes.items() if n != 1]
assert not twice, ("written more than once", twice[:5])
assert len(writes) == 200, ("partitions written", len(writes))
assert all(writes[k] + skips[k] == 2 for k in writes), "a run neither wrote nor skipped a partition"
print("ok: two runs sharing --out: 200 partitions written once each,", sum(skips.values()), "skipped by the other run")
P

# 3. Too low for even one sector in flight: refused up front, nothing created.
rc=0
(ulimit -n 10 && exec "$CUZK" batch --out "$WORK/o3" --backend cpu --progress off - <"$WORK/all.txt") \
  >"$WORK/stdout" 2>"$WORK/stderr" || rc=$?
[[ $rc -eq 3 ]] || die "ulimit -n 10: exit $rc, want 3: $(cat "$WORK/stderr")"
[[ $(wc -l <"$WORK/stderr") -eq 1 ]] || die "ulimit -n 10: not one line: $(cat "$WORK/stderr")"
grep -qE 'open-file limit \(ulimit -n\) is 10 but this batch needs at least [0-9]+ descriptors' "$WORK/stderr" ||
  die "ulimit -n 10: the line does not name the limit and the number needed: $(cat "$WORK/stderr")"
[[ ! -e $WORK/o3 ]] || die "ulimit -n 10: $WORK/o3 was created"
echo "ok: $(cat "$WORK/stderr")"
need=$(grep -oE 'needs at least [0-9]+' "$WORK/stderr" | grep -oE '[0-9]+')
# ... and the number it names is enough.
head -n 20 "$WORK/all.txt" >"$WORK/twenty.txt"
many 20 "$WORK/o4" "$need" "$WORK/twenty.txt"

if [[ ${CUZK_HEAVY:-0} == 1 ]]; then
  python3 "$GEN" --fixture "$FIX/tiny" --sectors 4500 --partitions 1 --out "$S" --prefix t --start 501 \
    --list "$WORK/more.txt" >/dev/null
  cat "$WORK/all.txt" "$WORK/more.txt" >"$WORK/5000.txt"
  many 5000 "$WORK/o5" 1024 "$WORK/5000.txt"
fi
echo "PASS"
