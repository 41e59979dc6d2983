#!/usr/bin/env bash
# No "inf", "nan" or "-inf" in any cuzk-stats output format (issue 15, item 12): ratios beyond the
# double range (1e-300 against 1e18), a zero baseline, one-sample sets. Usage: stats_nonfinite.sh CUZK-PROVE-OR-CUZK-STATS [SOURCE-DIR]
set -u
# Registered by tests/hostile/CMakeLists.txt as `bash SCRIPT <cuzk-prove> <source dir>`: cuzk-stats
# is its sibling in the build tree (apps/cuzk-stats/cuzk-stats); $CUZK_STATS or a cuzk-stats path wins.
case "$1" in
  */cuzk-stats) bin=$1 ;;
  *) bin=${CUZK_STATS:-$(cd "$(dirname "$1")/../cuzk-stats" && pwd)/cuzk-stats} ;;
esac
[ -x "$bin" ] || { echo "FAIL: cuzk-stats not found at $bin"; exit 1; }
fail=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"
{ echo metric,value; for i in 1 2 3 4 5 6; do echo "m,1e-300"; echo "z,0"; echo "one,1"; done; } >base.csv
{ echo metric,value; for i in 1 2 3 4 5 6; do echo "m,1e18"; echo "z,1e18"; done; echo "one,2"; } >cand.csv
check() {  # check DESCRIPTION FILE
  if grep -Eiq '(^|[^a-z])-?(inf|infinity|nan)([^a-z]|$)' "$2"; then
    echo "FAIL: $1 prints a non-finite value:"; grep -Ein '(^|[^a-z])-?(inf|infinity|nan)([^a-z]|$)' "$2" | head -3; fail=1
  else
    echo "ok: $1"
  fi
}
for f in text markdown json csv; do
  timeout 10 "$bin" compare -b base.csv -c cand.csv --format $f >out.txt 2>err.txt
  rc=$?; [ "$rc" -lt 128 ] || { echo "FAIL: compare $f killed ($rc)"; fail=1; }
  check "compare --format $f" out.txt
  check "compare --format $f (stderr)" err.txt
  timeout 10 "$bin" summary base.csv cand.csv --format $f >out.txt 2>&1
  check "summary --format $f" out.txt
done
timeout 10 "$bin" gate -b base.csv -c cand.csv --metric m >out.txt 2>&1
check "gate" out.txt
# HTML report and Perfetto trace of an event run with a zero-length wall and huge values.
printf '%s\n' '{"ts":0,"ev":"run_start","schema":1}' \
  '{"ts":0,"ev":"mem","rss":1e18,"inflight":1e18,"reserved":0}' \
  '{"ts":0,"ev":"synth","t0":-1e18,"t1":1e18,"seq":0,"partition":0,"worker":0}' \
  '{"ts":0,"ev":"gpu","t0":0,"t1":0,"seq":0,"partition":0,"device":0,"worker":0}' >run.jsonl
timeout 10 "$bin" trace run.jsonl -o trace.json >/dev/null 2>&1 || { echo "FAIL: trace exit $?"; fail=1; }
check "trace" trace.json
python3 -c "import json,sys; json.load(open('trace.json'))" 2>/dev/null || { echo "FAIL: trace is not JSON"; fail=1; }
timeout 10 "$bin" report run.jsonl -b base.csv -o report.html >/dev/null 2>&1 || { echo "FAIL: report exit $?"; fail=1; }
check "report" report.html
for f in text markdown json csv; do
  timeout 10 "$bin" summary run.jsonl --format $f >out.txt 2>&1
  check "summary of run --format $f" out.txt
done
exit $fail
