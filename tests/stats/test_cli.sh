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
rm -rf "$tmp" /tmp/cuzk-stats-cli.$$
exit $fail
