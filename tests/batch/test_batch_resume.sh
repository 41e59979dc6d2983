#!/usr/bin/env bash
# Kill and resume: kill -9 the batch part-way, run again with --resume: no partial files
# (every output is complete; the dead run's temp files are removed on start), finished proofs
# are not recomputed (skip events; their files are unchanged), all final proofs verify; the
# events file keeps every run (appended, never truncated).
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 4 --partitions 3 --out "$WORK/sectors" --list "$WORK/list" >/dev/null
mapfile -t sectors <"$WORK/list"
total=12
ev=$WORK/out/events.jsonl

note "first run, killed with SIGKILL after a few proofs"
"$CUZK" batch --out "$WORK/out" --progress off --synth-workers 1 --max-inflight 2 --workers-per-device 1 \
  "${sectors[@]}" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1 1200); do
  n=$(grep -c '"ev":"write"' "$ev" 2>/dev/null || true)
  [[ ${n:-0} -ge 4 ]] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
done
kill -9 $pid 2>/dev/null || die "the batch finished before it could be killed (make it bigger)"
wait $pid 2>/dev/null || true
done1=$(grep -c '"ev":"write"' "$ev" || true)
note "killed after $done1 written partitions"
[[ $done1 -lt $total ]] || die "nothing left to resume"
python3 "$CHECK" "$ev" --killed >/dev/null || die "events of the killed run"
# No torn outputs: whatever is in place parses (temp files may remain until the next start).
while IFS= read -r f; do
  python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$f" || die "partial file $f"
done < <(find "$WORK/out" -name 'p*.json' ! -name '.cuzk-tmp.*')
declare -A before
while IFS= read -r f; do before[$f]=$(md5sum <"$f"); done < <(find "$WORK/out" -name 'p*.proof.json' ! -name '.cuzk-tmp.*')
finished=${#before[@]}

first_run=$(cat "$ev")

note "second run with --resume"
"$CUZK" batch --out "$WORK/out" --progress off --resume "${sectors[@]}" >/dev/null || die "resume run exited $?"
[[ $(head -c ${#first_run} "$ev") == "$first_run" ]] || die "the killed run's events were not kept"
last_run "$ev" >"$WORK/run2"
skips=$(grep -c '"ev":"skip"' "$WORK/run2" || true)
redo=$(grep -c '"ev":"redo"' "$WORK/run2" || true)
note "resume: $skips skipped, $redo redone (incomplete), $((total - skips)) proven"
[[ $skips -le $finished && $skips -ge $done1 ]] || die "skipped $skips, but $finished proofs existed ($done1 written)"
python3 "$CHECK" "$ev" --proofs $((total - skips)) --skips "$skips" --failures 0 >/dev/null || die "events of the resumed run"
for f in "${!before[@]}"; do
  [[ $(md5sum <"$f") == "${before[$f]}" ]] || die "$f was recomputed or rewritten"
done
[[ -z $(find "$WORK/out" -name '.cuzk-tmp.*') ]] || die "stale temp files remain"
verify_sectors "$WORK/out" "${sectors[@]}"

note "a third --resume run skips everything"
"$CUZK" batch --out "$WORK/out" --progress off --resume "${sectors[@]}" >/dev/null || die "third run"
python3 "$CHECK" "$ev" --proofs 0 --skips $total --runs 3 >/dev/null || die "third run events"
[[ $(last_run "$ev" | grep -c '"status":"skipped"') -eq 4 ]] || die "sectors not reported skipped"
echo "PASS"
