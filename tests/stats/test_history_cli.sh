#!/usr/bin/env bash
# cuzk-stats history and gate --history on the command line: exit codes, one-line messages for
# hostile inputs (one run, runs without commits, duplicate run ids, mixed hosts, a bad file among
# good ones, not a git repository), ordering by git log --first-parent, Google Benchmark context.
# Usage: test_history_cli.sh CUZK_STATS   (run from the source root)
set -u
bin=$1
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out
expect() {  # expect RC DESCRIPTION -- COMMAND...
  local want=$1 what=$2
  shift 3
  "$@" >"$out" 2>&1
  local rc=$?
  if [ "$rc" != "$want" ]; then
    echo "FAIL: $what: exit $rc, want $want"; cat "$out"; fail=1
  else
    echo "ok: $what (exit $rc)"
  fi
}
has() {  # has DESCRIPTION PATTERN: the last command's output matches
  grep -qE -- "$2" "$out" || { echo "FAIL: $1: no '$2' in:"; cat "$out"; fail=1; }
}
lines() {  # lines DESCRIPTION N: the last command printed exactly N lines
  [ "$(wc -l <"$out")" -eq "$2" ] || { echo "FAIL: $1: expected $2 line(s):"; cat "$out"; fail=1; }
}
H=tests/stats/data/history
gen=scripts/gen-history.py

expect 0 "history of a folder" -- "$bin" history "$H"
has "names the change point" 's_per_proof .*e336f5c +60f55f9 .*\+19\.[0-9]+%.*synth +regression'
expect 0 "history of one run" -- "$bin" history "$H/run-0000-0.jsonl"
has "one run: no change point" 'change points: 0'
expect 0 "history of a schema-2 file twice (duplicate run ids)" -- "$bin" history tests/stats/data/two-runs.jsonl tests/stats/data/two-runs.jsonl
has "duplicate run named" 'two-runs.jsonl#.*already read from .*two-runs.jsonl.*read once'
expect 0 "a bad file among good ones is one warning" -- "$bin" history "$H" tests/stats/data/bad-mid.jsonl
has "bad file named" '^warning: tests/stats/data/bad-mid.jsonl:3: .*\(left out\)$'
# A file name with a line break and a terminal escape: one line, the control bytes written out.
expect 2 "a name with control characters" -- "$bin" history "$tmp/a"$'\n'"b"$'\x1b'"[2J.jsonl"
lines "a name with control characters: one line" 1
has "control characters written out" 'a\\nb\\x1b\[2J\.jsonl'
expect 2 "only a bad file" -- "$bin" history tests/stats/data/bad-mid.jsonl
lines "only a bad file: one line" 1
: >"$tmp/empty.jsonl"
expect 2 "only an empty file" -- "$bin" history "$tmp/empty.jsonl"
has "empty named" 'empty.jsonl: is empty'
expect 2 "not a git repository" -- "$bin" history "$H" --git-dir "$tmp"
has "git named" "^cuzk-stats: $tmp: not a git repository"
lines "not a git repository: one line" 1
expect 2 "a mistyped metric suggests" -- "$bin" history "$H" --metrics s_per_prof
has "did you mean the metric" "^cuzk-stats: --metrics: 's_per_prof' is in none of the runs \(did you mean 's_per_proof'\?\)$"
expect 2 "too few permutations for alpha" -- "$bin" history "$H" --permutations 10
has "needed permutations" '10 permutations cannot give p <= 0.05: need >= 19'
expect 2 "alpha not a number" -- "$bin" history "$H" --alpha nan
has "alpha named" "^cuzk-stats: --alpha: 'nan' is not a number"
lines "alpha not a number: one line" 1
expect 2 "noise not a number" -- "$bin" history "$H" --noise nan
has "noise refused" "^cuzk-stats: 'nan' is not a fraction"
expect 2 "max regression not a number" -- "$bin" gate --history "$H" "$H"/run-0009-*.jsonl --max-regression nan%
has "max regression refused" "^cuzk-stats: 'nan%' is not a fraction"
expect 2 "unknown option suggests" -- "$bin" history "$H" --permutation 10
has "did you mean" "did you mean '--permutations'"

# A hostile commit name (long, with markup) after the change point: cut in text, escaped on the page.
long=$(printf 'x%.0s' $(seq 1 300))
mkdir "$tmp/hostile" && cp "$H"/*.jsonl "$tmp/hostile/"
sed -i "s/\"git\":\"60f55f9\"/\"git\":\"<b>$long<\/b>\"/" "$tmp/hostile"/run-0005-*.jsonl
expect 0 "a hostile commit name" -- "$bin" history "$tmp/hostile" --metrics s_per_proof --html "$tmp/hostile.html"
has "cut in text" 's_per_proof .* e336f5c +<b>x{20}…'
grep -q '&lt;b&gt;x' "$tmp/hostile.html" || { echo "FAIL: hostile commit name not on the page"; fail=1; }
if grep -q '<b>x' "$tmp/hostile.html"; then echo "FAIL: hostile commit name not escaped on the page"; fail=1; fi

# --html next to a user's FILE.tmp (a symlink to another file here): neither is touched.
echo keep >"$tmp/user.txt" && ln -s "$tmp/user.txt" "$tmp/trend.html.tmp"
expect 0 "--html beside a FILE.tmp symlink" -- "$bin" history "$H" --metrics s_per_proof --html "$tmp/trend.html"
[ "$(cat "$tmp/user.txt")" = keep ] && [ -L "$tmp/trend.html.tmp" ] || { echo "FAIL: --html wrote through FILE.tmp"; fail=1; }
grep -q 'class="chart trend"' "$tmp/trend.html" || { echo "FAIL: --html: no trend chart written"; fail=1; }
[ -z "$(ls -A "$tmp" | grep '^\.cuzk-report')" ] || { echo "FAIL: --html left a temp file"; fail=1; }

# Runs without commits (schema-1 tiny.jsonl has one; strip it) and without start time.
sed 's/"git":"abc1234",//' tests/stats/data/tiny.jsonl >"$tmp/nocommit.jsonl"
expect 0 "runs without commits" -- "$bin" history "$tmp/nocommit.jsonl" tests/stats/data/tiny.jsonl
has "no commit noted" 'without a commit'

# Mixed hosts: a second host's history is its own series unless --hosts all.
python3 "$gen" --commits 6 --replicates 2 --partitions 4 --host prover-2 --salt other -o "$tmp/h2" >/dev/null
expect 0 "mixed hosts" -- "$bin" history "$H" "$tmp/h2" --metrics s_per_proof --format json
[ "$(grep -c '"metric": "s_per_proof"' "$out")" -ge 2 ] || { echo "FAIL: mixed hosts: expected a series per host"; cat "$out"; fail=1; }
has "hosts named" '"prover-2 \(NVIDIA H200\)"'
expect 0 "mixed hosts pooled" -- "$bin" history "$H" "$tmp/h2" --metrics s_per_proof --hosts all
has "pooled series names both hosts" 'prover-1 \(NVIDIA H200\) \+ prover-2 \(NVIDIA H200\)'

# Thousands of runs: 2000 event runs in one file each would be slow to generate; 1500 runs of a
# Google Benchmark file a night (one file per commit, each repetition a replicate).
python3 - "$tmp/gb" <<'PY'
import json, os, random, sys
d = sys.argv[1]; os.makedirs(d)
rng = random.Random(3)
for c in range(300):
    level = 1.0 if c < 150 else 1.08
    rows = [{"name": "BM_Prove/%d" % i, "run_name": "BM_Prove", "run_type": "iteration", "repetitions": 5,
             "repetition_index": i, "iterations": 10, "real_time": level * 100 * (1 + rng.uniform(-0.03, 0.03)),
             "cpu_time": 99.0, "time_unit": "ms"} for i in range(5)]
    doc = {"context": {"date": "2026-01-01T00:00:00+00:00".replace("01T", "%02dT" % (1 + c % 28)).replace("2026-01", "2026-%02d" % (1 + c // 28)),
                       "host_name": "bench-host", "git": "%07x" % (c * 7919 + 4096)}, "benchmarks": rows}
    json.dump(doc, open(os.path.join(d, "bm-%04d.json" % c), "w"))
PY
expect 0 "1500 benchmark runs" -- "$bin" history "$tmp/gb" --metrics BM_Prove
has "benchmark step found" "BM_Prove +bench-host +[0-9a-f]{7} +[0-9a-f]{7} +\+[78]\.[0-9]+%"

# Ordered by git log --first-parent: commits made here, runs naming them.
if command -v git >/dev/null; then
  repo=$tmp/repo
  git init -q "$repo" && for i in 0 1 2 3 4 5 6 7 8 9; do
    git -C "$repo" -c user.name=t -c user.email=t@t commit -q --allow-empty -m "c$i"
  done
  mapfile -t shas < <(git -C "$repo" log --reverse --first-parent --format=%h)
  mkdir "$tmp/g"
  for i in 0 1 2 3 4 5 6 7 8 9; do
    f=1; [ "$i" -ge 5 ] && f=1.25
    for r in 0 1 2; do
      # Start times in reverse commit order: only git can put the commits right.
      python3 scripts/gen-events.py -o "$tmp/g/r-$i-$r.jsonl" --git "${shas[$i]}" --sectors 1 --partitions 6 --cv 0.03 \
        --synth-mean "$(python3 -c "print(0.6*$f)")" --seed $((i * 10 + r)) --start-unix $((2000000000 - i * 86400 + r)) --mem-interval 1
    done
  done
  expect 0 "ordered by git" -- "$bin" history "$tmp/g" --git-dir "$repo" --metrics s_per_proof
  has "git order named" 'ordered by git log --first-parent'
  has "step between commits 4 and 5" "s_per_proof .* ${shas[4]} +${shas[5]} +\+2[0-9]\.[0-9]+%"
  # gate --history --git-dir: the baseline is the runs since the last change point in git order
  # (commits 5-9, slow); by start time (reversed) it would be commits 4-0 (fast).
  mkdir "$tmp/gc"
  for r in 0 1 2 3; do
    python3 scripts/gen-events.py -o "$tmp/gc/c-$r.jsonl" --git "${shas[9]}" --sectors 1 --partitions 6 --cv 0.03 \
      --synth-mean 0.75 --seed $((200 + r)) --start-unix $((2000100000 + r)) --mem-interval 1
  done
  expect 0 "gate --history --git-dir: at the level since the change point" -- "$bin" gate --history "$tmp/g" "$tmp/gc"/c-*.jsonl --git-dir "$repo"
  has "gate --history --git-dir: baseline after the step" "since the change point ${shas[4]} -> ${shas[5]}"
  expect 2 "no run on the repository's history" -- "$bin" history "$H" --git-dir "$repo"
  has "no run on git log: the repository named" "^cuzk-stats: $repo: none of the 30 run\(s\) could be placed on git log --first-parent"
  # GIT_DIR of another repository in the environment (a hook, a CI step) must not replace --git-dir.
  git init -q "$tmp/other" && git -C "$tmp/other" -c user.name=t -c user.email=t@t commit -q --allow-empty -m x
  expect 0 "ordered by git with GIT_DIR elsewhere" -- env GIT_DIR="$tmp/other/.git" "$bin" history "$tmp/g" --git-dir "$repo" --metrics s_per_proof
  has "GIT_DIR elsewhere: still in git order" "s_per_proof .* ${shas[4]} +${shas[5]} +\+2[0-9]\.[0-9]+%"
  # A hostile repository: its config asks git log to verify signatures with a program of its
  # choosing (which must never run), its HEAD is a signed commit, and its work tree holds a file
  # named HEAD (which must not be taken for a path).
  printf '#!/bin/sh\ntouch "%s/pwned"\nexit 1\n' "$tmp" >"$tmp/gpg.sh" && chmod +x "$tmp/gpg.sh"
  git -C "$repo" config log.showSignature true && git -C "$repo" config gpg.program "$tmp/gpg.sh"
  tree=$(git -C "$repo" write-tree)
  printf 'tree %s\nparent %s\nauthor t <t@t> 1 +0000\ncommitter t <t@t> 1 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n x\n -----END PGP SIGNATURE-----\n\nsigned\n' \
    "$tree" "$(git -C "$repo" rev-parse HEAD)" >"$tmp/commit.txt"
  git -C "$repo" update-ref HEAD "$(git -C "$repo" hash-object -t commit -w "$tmp/commit.txt")"
  expect 0 "ordered by git in a hostile repository" -- "$bin" history "$tmp/g" --git-dir "$repo" --metrics s_per_proof
  has "hostile repository: still in git order" "s_per_proof .* ${shas[4]} +${shas[5]} +\+2[0-9]\.[0-9]+%"
  [ ! -e "$tmp/pwned" ] || { echo "FAIL: the repository's gpg.program ran"; fail=1; }
  # A run naming an abbreviation shared by two commits of the history is left out, not placed at
  # one of them: a repository with two commits whose hashes share their first 4 digits.
  amb=$tmp/amb && git init -q "$amb" && tree=$(git -C "$amb" write-tree) && parent= && declare -A seen=() && pfx=
  for i in $(seq 1 5000); do
    c=$(GIT_AUTHOR_DATE="@$i +0000" GIT_COMMITTER_DATE="@$i +0000" git -C "$amb" -c user.name=t -c user.email=t@t \
        commit-tree "$tree" ${parent:+-p "$parent"} -m "c$i") && parent=$c
    if [ -n "${seen[${c:0:4}]:-}" ]; then pfx=${c:0:4}; break; fi
    seen[${c:0:4}]=1
  done
  git -C "$amb" update-ref HEAD "$parent"
  sed "s/\"git\":\"[0-9a-f]*\"/\"git\":\"$pfx\"/" "$tmp/g/r-0-0.jsonl" >"$tmp/amb.jsonl"
  expect 2 "an ambiguous abbreviation (then no run is left)" -- "$bin" history "$tmp/amb.jsonl" --git-dir "$amb" --metrics s_per_proof
  has "ambiguous abbreviation left out" '1 run\(s\) left out: 0 without a commit, 0 with a commit not on .*, 1 with an abbreviation of several of its commits'
  : >"$repo/HEAD"
  expect 0 "ordered by git with a work-tree file named HEAD" -- "$bin" history "$tmp/g" --git-dir "$repo" --metrics s_per_proof
  has "file named HEAD: still in git order" "s_per_proof .* ${shas[4]} +${shas[5]} +\+2[0-9]\.[0-9]+%"
fi

# The report of a run with the trend view of a history beside it.
expect 0 "report --history" -- "$bin" report data/events/cand-1.jsonl --history "$H" -o "$tmp/r.html"
[ "$(grep -o 'class="chart trend"' "$tmp/r.html" | wc -l)" -ge 30 ] || { echo "FAIL: report --history: no trend charts"; fail=1; }
grep -q 'class="chart gantt"' "$tmp/r.html" || { echo "FAIL: report --history: the run's own charts are missing"; fail=1; }

# gate --history: exit codes of gate.
C=tests/stats/data/history-cand
expect 1 "gate --history: a candidate that continues the regression" -- "$bin" gate --history "$H" "$C"/run-0010-*.jsonl
has "verdict" 'FAIL: regression'
expect 0 "gate --history: a candidate within the noise" -- "$bin" gate --history "$H" "$H"/run-0009-*.jsonl
has "candidates left out of their baseline" 'baseline = 12 value\(s\)'
expect 0 "gate --history: candidates in the history spelt ./PATH" -- "$bin" gate --history "$H" ./"$H"/run-0009-*.jsonl
has "candidates spelt ./PATH left out of their baseline" 'baseline = 12 value\(s\)'
expect 2 "gate --history: not a folder" -- "$bin" gate --history "$tmp/none" "$C"/run-0010-0.jsonl
mkdir -p "$tmp/short" && cp "$H"/run-0000-*.jsonl "$tmp/short/"
expect 2 "gate --history: too little history says how many" -- "$bin" gate --history "$tmp/short" "$C"/run-0010-*.jsonl
has "needed number" '3 value\(s\) of .s_per_proof.* need >= 4$'
expect 2 "gate --history: another host class" -- "$bin" gate --history "$tmp/h2" "$C"/run-0010-*.jsonl
has "host class named" "no history of 's_per_proof' on host class prover-1"
expect 2 "gate --history and --baseline" -- "$bin" gate --history "$H" -b "$H/run-0000-0.jsonl" "$C"/run-0010-0.jsonl
expect 2 "gate --history: a mistyped metric suggests" -- "$bin" gate --history "$H" "$C"/run-0010-*.jsonl --metric s_per_prof
has "gate --history: did you mean the metric" "^cuzk-stats: --metric: 's_per_prof' is in none of the runs of $H \(did you mean 's_per_proof'\?\)$"
lines "gate --history: a mistyped metric: one line" 1
expect 2 "gate --history: a bad candidate is an error" -- "$bin" gate --history "$H" tests/stats/data/bad-mid.jsonl
has "bad candidate named" 'bad-mid.jsonl:3'

exit $fail
