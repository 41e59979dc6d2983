#!/usr/bin/env bash
# Bad input among good sectors: a missing witness, a corrupt zkey, a witness of another
# circuit, a sector file with bad JSON. Each gives an error event naming the file and a
# message on stderr; the good sectors are still proven and verify; exit code 1. Bad usage
# (unknown backend option values, cuda without CUDA, no sector files) exits 2.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
S=$WORK/sectors
python3 "$GEN" --fixture "$FIX/main" --sectors 2 --partitions 2 --out "$S" --prefix good >/dev/null
python3 "$GEN" --fixture "$FIX/tiny" --sectors 1 --partitions 2 --out "$S" --prefix goodtiny >/dev/null
main_zkey=$FIX/main/circuit.zkey
# Corrupt key: the header and IC stay readable; a run of bytes in the middle of the point
# sections is overwritten, so loading the key (curve checks) fails.
cp "$main_zkey" "$WORK/corrupt.zkey"
size=$(stat -c %s "$WORK/corrupt.zkey")
printf '\xff%.0s' $(seq 1 4096) | dd of="$WORK/corrupt.zkey" bs=1 seek=$((size / 2)) conv=notrunc status=none
cat >"$S/missing.json" <<J
{"sector": "bad-missing", "zkey": "$main_zkey", "partitions": [{"witness": "$FIX/main/w0.wtns"}, {"witness": "no-such.wtns"}]}
J
cat >"$S/corrupt.json" <<J
{"sector": "bad-corrupt", "zkey": "$WORK/corrupt.zkey", "partitions": [{"witness": "$FIX/main/w1.wtns"}, {"witness": "$FIX/main/w2.wtns"}]}
J
cat >"$S/wrong.json" <<J
{"sector": "bad-wrong", "zkey": "$main_zkey", "partitions": [{"witness": "$FIX/other/w0.wtns"}]}
J
printf '{"sector": "bad-json", "zkey": "k.zkey", "partitions": [' >"$S/badjson.json"

set +e
"$CUZK" batch --out "$WORK/out" --progress off "$S/good-0001.json" "$S/missing.json" "$S/corrupt.json" \
  "$S/badjson.json" "$S/good-0002.json" "$S/wrong.json" "$S/goodtiny-0001.json" 2>"$WORK/stderr" >"$WORK/stdout"
rc=$?
set -e
cat "$WORK/stdout"
[[ $rc -eq 1 ]] || die "exit code $rc, want 1"
# errors: missing p1, corrupt p0+p1, bad JSON (sector level), wrong p0 = 5 error events; 6 good proofs + missing p0.
sum=$(python3 "$CHECK" "$WORK/out/events.jsonl" --proofs 7 --failures 4 --errors 5) || die "events check: $sum"
echo "$sum"
grep -q "error: bad-missing p1: .*no-such.wtns" "$WORK/stderr" || die "no message on stderr for the missing witness"
for pat in 'no-such.wtns' 'corrupt.zkey' 'badjson.json' 'other/w0.wtns'; do
  grep -q "\"error\".*$pat" "$WORK/out/events.jsonl" || die "no error event naming $pat"
done
verify_sectors "$WORK/out" "$S/good-0001.json" "$S/good-0002.json" "$S/goodtiny-0001.json"
for bad in bad-missing bad-corrupt bad-wrong; do
  [[ ! -e $WORK/out/$bad.proof ]] || die "$bad.proof written for a failed sector"
done
grep -q '"sector_end",.*"sector":"bad-missing".*"status":"failed"' "$WORK/out/events.jsonl" || die "bad-missing not failed"
grep -q '"sector_end",.*"sector":"good-0002".*"status":"ok"' "$WORK/out/events.jsonl" || die "good-0002 not ok"

note "a partition that can never fit the budget is an error, not a hang"
set +e
timeout 60 "$CUZK" batch --out "$WORK/out-tight" --progress off --mem-budget 1M "$S/good-0001.json" >/dev/null 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || die "budget too small: exit $rc, want 1"
grep -q 'can never be admitted' "$WORK/out-tight/events.jsonl" || die "no 'can never be admitted' error"

note "bad usage exits 2"
for args in "--early-free on" "--queue-depth unbounded" "--backend nope" "--queue-depth -3" "--max-inflight 0" "--mem-budget lots"; do
  set +e
  # shellcheck disable=SC2086
  "$CUZK" batch --out "$WORK/out-usage" --progress off $args "$S/good-0001.json" >/dev/null 2>&1
  rc=$?
  set -e
  [[ $rc -eq 2 ]] || die "'$args' exited $rc, want 2"
done
set +e
"$CUZK" batch --out "$WORK/out-usage" >/dev/null 2>&1
rc1=$?
"$CUZK" batch --out "$WORK/out-usage" --backend cuda "$S/good-0001.json" >/dev/null 2>"$WORK/cuda.err"
rc2=$?
set -e
[[ $rc1 -eq 2 ]] || die "no sector files: exit $rc1, want 2"
if "$CUZK" batch --help | grep -q cuda && ! grep -q 'built without the CUDA backend' "$WORK/cuda.err"; then
  note "(this build has the CUDA backend: --backend cuda exit $rc2)"
else
  [[ $rc2 -eq 2 ]] || die "--backend cuda without CUDA: exit $rc2, want 2"
fi
echo "PASS"
