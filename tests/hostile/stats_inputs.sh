#!/usr/bin/env bash
# Hostile inputs for cuzk-stats (issue 15, item 12): wrong-typed fields, empty files, FIFOs and
# devices. Each must exit 2 (never abort: exit < 128) with ONE stderr line naming the file, and
# write nothing. Usage: stats_inputs.sh CUZK-PROVE-OR-CUZK-STATS [SOURCE-DIR]
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
expect2() {  # expect2 NAME-IN-MESSAGE -- COMMAND...
  local name=$1; shift 2
  timeout 5 "$@" >out.txt 2>err.txt
  local rc=$? lines
  lines=$(wc -l <err.txt)
  if [ "$rc" != 2 ] || [ "$lines" != 1 ] || ! grep -qF -- "$name" err.txt; then
    echo "FAIL: $*: exit $rc (want 2), $lines stderr line(s), want one naming '$name':"; cat err.txt; fail=1
  else
    echo "ok: $* -> $(cat err.txt)"
  fi
  [ "$rc" -ge 128 ] && { echo "FAIL: $*: killed by a signal (exit $rc)"; fail=1; }
  [ -e out.json ] && { echo "FAIL: $*: wrote out.json"; fail=1; rm -f out.json; }
}
tiny='{"ts":0.0,"ev":"run_start","schema":1}'
printf '{"ts":0,"ev":"run_start","schema":"1"}\n{"ts":1,"ev":"run_end"}\n' >schema-str.jsonl
printf '{"ts":"0","ev":"mem","rss":1}\n' >ts-str.jsonl
printf '%s\n{"ts":0.1,"ev":"mem","rss":"big"}\n' "$tiny" >rss-str.jsonl
printf '%s\n{"ts":0.1,"ev":"synth","t0":0,"t1":0.1,"seq":0,"partition":0,"worker":-1}\n' "$tiny" >worker-neg.jsonl
printf '%s\n{"ts":0.1,"ev":"sector_end","sector":"a","status":5}\n' "$tiny" >status-num.jsonl
printf '{"ts":0,"ev":"run_start","schema":1,"gpus":[1,2]}\n' >gpus-num.jsonl
printf '{"ts":0,"ev":"run_start","schema":1,"config":[]}\n' >config-arr.jsonl
printf '{"ts":-1e308,"ev":"mem","rss":1}\n' >ts-huge.jsonl
printf '%s\n{"ts":0.1,"ev":"mem"\n{"ts":0.2,"ev":"mem","rss":1}\n' "$tiny" >bad-mid.jsonl
printf '{"ts":0,"ev":"run_start","run":7}\n' >run-num.jsonl
printf '{"ts":0,"ev":"run_start","run":"a b"}\n' >run-bad.jsonl
: >empty.jsonl
for f in schema-str ts-str rss-str worker-neg status-num gpus-num config-arr ts-huge bad-mid run-num run-bad; do
  expect2 "$f.jsonl" -- "$bin" summary "$f.jsonl"
done
expect2 "empty.jsonl: is empty" -- "$bin" summary empty.jsonl
expect2 "schema-str.jsonl" -- "$bin" trace schema-str.jsonl -o out.json
expect2 "ts-huge.jsonl" -- "$bin" trace ts-huge.jsonl -o out.json
expect2 "empty.jsonl" -- "$bin" trace empty.jsonl -o out.json
expect2 "gpus-num.jsonl" -- "$bin" report gpus-num.jsonl -o out.json
# Google Benchmark JSON with wrong-typed fields.
bench() { printf '{"benchmarks":[{"name":"a","real_time":1,"time_unit":"ns"%s}]}' "$2" >"$1"; }
bench run-type.json ',"run_type":5'
bench time-unit.json ',"time_unit":7'
bench run-name.json ',"run_name":5'
bench run-name-null.json ',"run_name":null'
printf '{"benchmarks":[{"name":"a","real_time":"1"}]}' >real-time.json
printf '{"benchmarks":[{"name":"a","real_time":null}]}' >real-time-null.json
printf '{"benchmarks":[{"name":5,"real_time":1}]}' >name-num.json
printf '{"benchmarks":{"name":"a"}}' >bench-obj.json
printf '{"benchmarks":[[1]]}' >bench-row-arr.json
for f in run-type time-unit run-name run-name-null real-time real-time-null name-num bench-obj bench-row-arr; do
  expect2 "$f.json" -- "$bin" summary "$f.json"
  expect2 "$f.json" -- "$bin" compare -b "$f.json" -c "$f.json"
done
# Saved baselines: wrong types, no provenance.gpus (allowed: shown as none), arrays for objects.
mk() { mkdir -p "$1"; printf '%s' "$2" >"$1/baseline.json"; }
run='{"source":"a","kind":"run","metrics":[{"name":"s_per_proof","values":[1,2,3,4]}]'
mk bl-name '{"schema":1,"name":5,"runs":[]}'
mk bl-runs '{"schema":1,"name":"x","runs":{}}'
mk bl-prov '{"schema":1,"name":"x","runs":['"$run"',"provenance":[]}]}'
mk bl-gpus '{"schema":1,"name":"x","runs":['"$run"',"provenance":{"gpus":"H200"}}]}'
mk bl-val '{"schema":1,"name":"x","runs":[{"source":"a","metrics":[{"name":"m","values":["1"]}]}]}'
mk bl-metric '{"schema":1,"name":"x","runs":[{"source":"a","metrics":[[]]}]}'
mk bl-schema '{"schema":"1","name":"x","runs":[]}'
mk bl-empty ''
for d in bl-name bl-runs bl-prov bl-gpus bl-val bl-metric bl-schema bl-empty; do
  expect2 "$d/baseline.json" -- "$bin" baseline show "$d"
  expect2 "$d/baseline.json" -- "$bin" gate -b "$d" -c "$d"
done
mk bl-nogpus '{"schema":1,"name":"x","runs":['"$run"',"provenance":{"host":"h"}}]}'
timeout 5 "$bin" baseline show bl-nogpus >/dev/null 2>&1; rc=$?
[ "$rc" = 0 ] || { echo "FAIL: baseline without provenance.gpus: exit $rc, want 0"; fail=1; }
# Not regular files: a FIFO with no writer (must not hang) and /dev/zero (must not grow).
mkfifo fifo
expect2 "fifo" -- "$bin" summary fifo
expect2 "fifo" -- "$bin" trace fifo -o out.json
expect2 "fifo" -- "$bin" compare -b fifo -c fifo
expect2 "/dev/zero" -- "$bin" summary /dev/zero
expect2 "/dev/zero" -- "$bin" report /dev/zero -o out.json
# A gate that cannot decide exits 2: the metric missing, or one run per side.
printf '%s\n{"ts":1,"ev":"run_end","proofs":0,"wall":1}\n' "$tiny" >one.jsonl
timeout 5 "$bin" gate -b one.jsonl -c one.jsonl >/dev/null 2>&1; rc=$?
[ "$rc" = 2 ] || { echo "FAIL: gate without data: exit $rc, want 2"; fail=1; }
exit $fail
