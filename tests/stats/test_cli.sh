#!/usr/bin/env bash
# cuzk-stats command line: exit codes and messages (run from the repository root).
set -u
bin=$1
fail=0
expect() {  # expect RC DESCRIPTION -- COMMAND...
  local want=$1 what=$2
  shift 3
  "$@" >/tmp/cuzk-stats-cli.$$ 2>&1
  local rc=$?
  if [ "$rc" != "$want" ]; then
    echo "FAIL: $what: exit $rc, want $want"; cat /tmp/cuzk-stats-cli.$$; fail=1
  else
    echo "ok: $what (exit $rc)"
  fi
}
B=(data/events/base-1.jsonl data/events/base-2.jsonl data/events/base-3.jsonl data/events/base-4.jsonl data/events/base-5.jsonl)
C=(data/events/cand-1.jsonl data/events/cand-2.jsonl data/events/cand-3.jsonl data/events/cand-4.jsonl data/events/cand-5.jsonl)
expect 0 "summary" -- "$bin" summary data/events/base-1.jsonl
expect 0 "summary of a killed run" -- "$bin" summary data/events/killed.jsonl
expect 2 "summary of a bad file" -- "$bin" summary tests/stats/data/bad-mid.jsonl
"$bin" summary tests/stats/data/bad-mid.jsonl 2>&1 | grep -q "bad-mid.jsonl:3" || { echo "FAIL: file:line missing"; fail=1; }
expect 2 "no subcommand" -- "$bin"
expect 2 "unknown format" -- "$bin" summary --format xml data/events/base-1.jsonl
expect 0 "help" -- "$bin" --help
expect 1 "gate regression" -- "$bin" gate -b "${B[@]}" -c "${C[@]}" --metric s_per_proof --max-regression 2%
expect 0 "gate pass at 10%" -- "$bin" gate -b "${B[@]}" -c "${C[@]}" --max-regression 10%
expect 0 "gate identical" -- "$bin" gate -b "${B[@]}" -c "${B[@]}"
expect 2 "gate 1 vs 1" -- "$bin" gate -b "${B[0]}" -c "${C[0]}"
expect 2 "gate ambiguous threshold" -- "$bin" gate -b "${B[@]}" -c "${C[@]}" --max-regression 2
expect 0 "compare without --fail-on-regression" -- "$bin" compare -b "${B[@]}" -c "${C[@]}"
expect 1 "compare --fail-on-regression" -- "$bin" compare -b "${B[@]}" -c "${C[@]}" --fail-on-regression
expect 2 "compare --fail-on-regression 1 vs 1" -- "$bin" compare -b "${B[0]}" -c "${C[0]}" --fail-on-regression
expect 0 "compare markdown" -- "$bin" compare -b "${B[@]}" -c "${C[@]}" --format markdown
tmp=$(mktemp -d)
expect 0 "baseline save" -- "$bin" baseline save --dir "$tmp" --name main "${B[@]}"
expect 0 "baseline show" -- "$bin" baseline show --dir "$tmp" --name main
expect 1 "gate against saved baseline" -- "$bin" gate -b "$tmp/main" -c "${C[@]}"
expect 2 "baseline show missing" -- "$bin" baseline show --dir "$tmp" --name nope
expect 0 "trace" -- "$bin" trace data/events/base-1.jsonl -o "$tmp/trace.json"
/usr/bin/python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert any(e.get('ph')=='C' and e['name']=='rss' for e in d['traceEvents'])" "$tmp/trace.json" \
  || { echo "FAIL: trace is not valid JSON with an rss counter"; fail=1; }
expect 0 "report" -- "$bin" report "${C[@]}" -b "${B[@]}" -o "$tmp/report.html"
# Benchmark inputs: Google Benchmark, hyperfine, pyperf in summary, compare, gate and report.
D=tests/stats/data
expect 1 "gate on hyperfine" -- "$bin" gate -b $D/hyperfine-base.json -c $D/hyperfine-cand.json --metric "cuzk-prove batch s.json"
expect 0 "gate on hyperfine, other command" -- "$bin" gate -b $D/hyperfine-base.json -c $D/hyperfine-cand.json --metric "sleep 0.1"
expect 0 "summary of pyperf" -- "$bin" summary $D/pyperf.json
expect 0 "report of Google Benchmark against a baseline" -- "$bin" report $D/bench-rich-cand.json -b $D/bench-rich-base.json -o "$tmp/bench.html"
grep -q "BM_Hash/64" "$tmp/bench.html" || { echo "FAIL: the benchmark report lacks the comparison"; fail=1; }
expect 2 "report of Google Benchmark alone" -- "$bin" report $D/bench-rich-cand.json -o "$tmp/bench2.html"
grep -q "bench-rich-cand.json: .*--baseline" /tmp/cuzk-stats-cli.$$ || { echo "FAIL: report without baseline: no one-line reason"; fail=1; }
[ ! -e "$tmp/bench2.html" ] || { echo "FAIL: a report was written after an error"; fail=1; }
# Habits: did you mean, '-' for stdin, --quiet, gate JSON, baseline save --force, baselines by name.
out=/tmp/cuzk-stats-cli.$$
says() {  # says DESCRIPTION PATTERN: the last command's output holds PATTERN on one line
  grep -q -- "$2" $out || { echo "FAIL: $1: output lacks '$2'"; cat $out; fail=1; }
}
expect 2 "mistyped subcommand" -- "$bin" sumary x
says "mistyped subcommand" "unknown command 'sumary' (did you mean 'summary'?)"
expect 2 "mistyped option" -- "$bin" summary --formt json "${B[0]}"
says "mistyped option" "unknown option '--formt' (did you mean '--format'?)"
expect 2 "mistyped nested subcommand" -- "$bin" baseline sav
says "mistyped nested subcommand" "did you mean 'save'"
expect 2 "mistyped gate metric" -- "$bin" gate -b "${B[@]}" -c "${C[@]}" --metric s_per_prof
says "mistyped gate metric" "did you mean 's_per_proof'"
expect 0 "summary of stdin" -- bash -c "\"$bin\" summary - < ${B[0]}"
says "summary of stdin" "run: -"
expect 1 "gate with the baseline on stdin" -- bash -c "cat ${B[0]} | \"$bin\" gate -b - ${B[*]:1} -c ${C[*]}"
expect 0 "table of stdin" -- bash -c "\"$bin\" table - --columns proofs < ${B[0]}"
expect 0 "hyperfine on stdin" -- bash -c "\"$bin\" summary - < $D/hyperfine-base.json"
expect 0 "trace of stdin" -- bash -c "\"$bin\" trace - -o $tmp/stdin-trace.json < ${B[0]}"
expect 0 "report of stdin" -- bash -c "\"$bin\" report - -o $tmp/stdin-report.html < ${B[0]}"
expect 0 "baseline save of stdin" -- bash -c "\"$bin\" baseline save --dir $tmp/bl --name fromstdin - < ${B[0]}"
expect 2 "stdin twice" -- bash -c "\"$bin\" compare -b - -c - < ${B[0]}"
says "stdin twice" "at most once"
expect 2 "empty stdin" -- bash -c "\"$bin\" summary - < /dev/null"
says "empty stdin" "cuzk-stats: -: is empty"
expect 1 "gate --quiet" -- "$bin" gate --quiet -b "${B[@]}" -c "${C[@]}" --format json
[ "$("$bin" gate -q -b "${B[@]}" -c "${C[@]}" 2>&1 >/dev/null)" = "" ] || { echo "FAIL: --quiet wrote to stderr"; fail=1; }
"$bin" gate -q -b "${B[@]}" -c "${C[@]}" --format json 2>/dev/null | /usr/bin/python3 -c "
import json, sys
d = json.load(sys.stdin)
assert d['command'] == 'gate' and d['metric'] == 's_per_proof' and d['result'] == 'fail' and d['exit_code'] == 1, d
" || { echo "FAIL: gate --format json does not name the gate"; fail=1; }
expect 0 "baseline save" -- "$bin" baseline save --dir "$tmp/bl" --name nightly "${B[@]}"
cp "$tmp/bl/nightly/baseline.json" "$tmp/saved.json"
expect 2 "baseline save over an existing one" -- "$bin" baseline save --dir "$tmp/bl" --name nightly "${C[@]}"
says "baseline save over an existing one" "nightly/baseline.json: exists: .*--force"
cmp -s "$tmp/bl/nightly/baseline.json" "$tmp/saved.json" || { echo "FAIL: the refused save changed the baseline"; fail=1; }
expect 0 "baseline save --force" -- "$bin" baseline save --dir "$tmp/bl" --name nightly --force "${C[@]}"
cmp -s "$tmp/bl/nightly/baseline.json" "$tmp/saved.json" && { echo "FAIL: --force did not replace the baseline"; fail=1; }
expect 0 "baseline save --force again (C as baseline)" -- "$bin" baseline save --dir "$tmp/bl" --name base --force "${B[@]}"
expect 1 "gate against a baseline given by name" -- "$bin" gate -b base --baseline-dir "$tmp/bl" -c "${C[@]}"
expect 2 "a name that is no baseline" -- "$bin" gate -b nosuch --baseline-dir "$tmp/bl" -c "${C[@]}"
says "a name that is no baseline" "nosuch"
expect 0 "baseline of benchmark JSON" -- "$bin" baseline save --dir "$tmp/bl" --name gb $D/bench-rich-base.json
expect 0 "compare against it" -- "$bin" compare -b gb --baseline-dir "$tmp/bl" -c $D/bench-rich-cand.json
says "compare against a saved benchmark baseline" "geomean real_time"
expect 0 "table grouped by label" -- "$bin" table "${B[@]}" "${C[@]}" --group-by label --columns s_per_proof,gpu_busy
expect 2 "table with a mistyped column" -- "$bin" table "${B[0]}" --columns gpu_bsy
says "table with a mistyped column" "did you mean 'gpu_busy'"
expect 0 "table --list-columns" -- "$bin" table --list-columns
says "table --list-columns" "config.KEY"
rm -rf "$tmp" /tmp/cuzk-stats-cli.$$
exit $fail
