#!/usr/bin/env bash
# cuzk-stats over a run set (analysis/src/run_set.cpp): a folder of event files, or files with
# --set, is one set. Golden outputs of three hand-made tasks (tests/slurm/data/set): task 9_0
# plain, 9_1 killed then requeued (two runs, the first without run_end), 9_2 a failed partition
# and the longest wall (a straggler). Numbers worked out by hand: union of the tasks' time
# [1000, 1009] + [1010, 1012.011] = 11.011 s, 11 proofs -> 0.999 proofs/s; p90 of the walls
# (4.011, 4.012, 8) = 7.202 s. Bad inputs exit 2 with one line.
set -euo pipefail
STATS=$(realpath "$1") SRC=$(realpath "$2")
cd "$SRC"
W=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-set-test.XXXXXX")
trap 'rm -rf "$W"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
D=tests/slurm/data/set G=tests/slurm/golden
"$STATS" summary "$D" >"$W/txt" 2>"$W/err" || die "summary of the folder failed: $(cat "$W/err")"
diff -u "$G/set_summary.txt" "$W/txt" || die "text summary differs from $G/set_summary.txt"
diff -u "$G/set_summary.stderr" "$W/err" || die "stderr differs from $G/set_summary.stderr"
"$STATS" summary --format markdown "$D" >"$W/md" 2>/dev/null
diff -u "$G/set_summary.md" "$W/md" || die "markdown summary differs"
"$STATS" summary --set --format json "$D"/events-9_0.jsonl "$D"/events-9_1.jsonl "$D"/events-9_2.jsonl >"$W/json" 2>/dev/null
diff -u "$G/set_summary.json" "$W/json" || die "json summary differs"
python3 - "$W/json" <<'P' || die "json summary: wrong numbers"
import json, sys
d = json.load(open(sys.argv[1]))
assert (d["tasks"], d["runs"], d["proofs"], d["failures"]) == (3, 4, 11, 1), d
assert (d["requeued_tasks"], d["failed_tasks"], d["stragglers"]) == (1, 1, 1), d
assert abs(d["span"] - 11.011) < 1e-6 and abs(d["proofs_per_s"] - 11 / 11.011) < 1e-9, d
assert [t["straggler"] for t in d["per_task"]] == [False, False, True]
P
bad() {  # bad PATTERN ARGS...: exit 2, one line on stderr matching PATTERN
  local pat=$1 rc=0; shift
  "$STATS" "$@" >/dev/null 2>"$W/err" || rc=$?
  [[ $rc -eq 2 && $(wc -l <"$W/err") -eq 1 ]] || die "$*: exit $rc, want 2 and one line: $(cat "$W/err")"
  grep -q -- "$pat" "$W/err" || die "$*: '$pat' not in: $(cat "$W/err")"
}
mkdir "$W/empty" "$W/notev"
bad "$W/empty: a folder without \*.jsonl" summary "$W/empty"
echo '{"benchmarks": []}' >"$W/notev/x.jsonl"
bad "$W/notev/x.jsonl: not an event file" summary "$W/notev"
echo '{"ts":0,"ev":"run_start","run":"x"' >"$W/notev/x.jsonl"
bad "$W/notev/x.jsonl" summary "$W/notev"
bad "$W/empty: a folder without" gate --baseline "$D" --candidate "$W/empty"
echo "PASS"
