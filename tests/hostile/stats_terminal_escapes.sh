#!/usr/bin/env bash
# Issue 45, item 2: bytes from inputs never reach a terminal, an error message or a report raw.
# An events file whose host, git, run id, argv, sector ids, paths and error messages hold
# terminal controls (ESC [ 31 m, OSC 0 title, OSC 52 clipboard, BEL, a C1 CSI, U+202E) and
# invalid UTF-8 goes through summary (4 formats), compare, table, trace and report; malformed
# inputs quoting such bytes go through the error paths of cuzk-stats and cuzk-prove. Every
# stdout, stderr and output file must hold no control byte but newline and tab, no DEL, no C1
# control and only valid UTF-8; JSON outputs must parse; the hostile text must still be there,
# escaped (\x1b). Usage: stats_terminal_escapes.sh CUZK-PROVE [SOURCE-DIR]
set -u
prove=$1
src=${2:-$(cd "$(dirname "$0")/../.." && pwd)}
stats=${CUZK_STATS:-$(cd "$(dirname "$prove")/../cuzk-stats" && pwd)/cuzk-stats}
[ -x "$stats" ] || { echo "FAIL: cuzk-stats not found at $stats"; exit 1; }
fail=0
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
cd "$t"

# The hostile events file: tiny.jsonl with every text field replaced. JSON escapes (\u001b) so
# the reader decodes them to raw bytes, plus raw invalid UTF-8 (\xff, a cut sequence).
python3 - "$src/tests/stats/data/tiny.jsonl" <<'PY'
import json, sys
evil = "\u001b]0;pwned\u0007\u001b[31m\u001b]52;c;ZXZpbA==\u0007\u009b2J\u202e\u0008\u007f"
raw = b"\xff\xfe\xe2\x82"  # invalid UTF-8, written raw into the JSON strings
def sub(v):
    if isinstance(v, str): return "X" + evil + v
    if isinstance(v, list): return [sub(x) for x in v]
    if isinstance(v, dict): return {k: (sub(x) if k in ("host", "git", "argv", "sector", "message", "zkey", "version") else x) for k, x in v.items()}
    return v
out = []
for line in open(sys.argv[1]):
    j = json.loads(line)
    if j["ev"] == "run_start": j["run"] = "r"
    j = sub(j)
    s = json.dumps(j).encode()
    if out:  # run_start is parsed strictly (invalid UTF-8 is an error there); the others not
        s = s.replace(b"\\u001b", b"\\u001b" + raw)
    out.append(s)
open("evil.jsonl", "wb").write(b"\n".join(out) + b"\n")
# A malformed line quoting the bytes: the reader's error message echoes them.
open("evil-bad.jsonl", "wb").write(out[0] + b"\n" + b'{"ts":0.1,"ev":"mem","rss":\x1b]0;x\x07\xff}\n')
# Benchmark JSON with a hostile benchmark name; a CSV with one.
open("evil-bench.json", "w").write(json.dumps({"benchmarks": [
    {"name": "B" + evil, "run_type": "iteration", "iterations": 1, "real_time": t, "cpu_time": t, "time_unit": "ns"}
    for t in (10, 11, 12, 13, 14)]}))
PY
cp evil.jsonl evil2.jsonl

# check WHAT FILE...: no raw control byte (but \n, \t), no DEL, no C1, valid UTF-8.
check() {
  local what=$1; shift
  python3 - "$what" "$@" <<'PY' || fail=1
import sys, re
what, files = sys.argv[1], sys.argv[2:]
bad = 0
for f in files:
    b = open(f, "rb").read()
    try:
        s = b.decode("utf-8")
    except UnicodeDecodeError as e:
        print(f"FAIL: {what}: {f}: invalid UTF-8 at byte {e.start}: {b[max(0,e.start-20):e.start+10]!r}"); bad = 1; continue
    m = re.search(r"[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069]", s)
    if m:
        i = m.start()
        print(f"FAIL: {what}: {f}: raw control {s[i]!r} in {s[max(0,i-30):i+10]!r}"); bad = 1
sys.exit(bad)
PY
}
# seen FILE: the hostile text is there, escaped.
seen() {
  grep -qF '\x1b' "$1" || { echo "FAIL: $1 does not show the escaped ESC (\\x1b):"; head -c 600 "$1"; fail=1; }
}
run() {  # run NAME EXPECTED-RC COMMAND...: stdout to NAME.out, stderr to NAME.err
  local name=$1 want=$2; shift 2
  timeout 20 "$@" >"$name.out" 2>"$name.err"
  local rc=$?
  [ "$rc" = "$want" ] || { echo "FAIL: $name: exit $rc, want $want"; cat "$name.err"; fail=1; }
  check "$name" "$name.out" "$name.err"
}

for f in text md csv json; do run "summary-$f" 0 "$stats" summary --format "$f" evil.jsonl; done
seen summary-text.out
python3 -c 'import json,sys; json.load(open("summary-json.out"))' || { echo "FAIL: summary --format json is not JSON"; fail=1; }
run compare 0 "$stats" compare --baseline evil.jsonl --candidate evil2.jsonl
run compare-json 0 "$stats" compare --format json --baseline evil.jsonl --candidate evil2.jsonl
python3 -c 'import json; json.load(open("compare-json.out"))' || { echo "FAIL: compare --format json is not JSON"; fail=1; }
run table 0 "$stats" table --columns label,host,git,version evil.jsonl evil2.jsonl
seen table.out
run table-json 0 "$stats" table --format json --columns host evil.jsonl
python3 -c 'import json; json.load(open("table-json.out"))' || { echo "FAIL: table --format json is not JSON"; fail=1; }
run trace 0 "$stats" trace evil.jsonl -o trace.json
check trace-file trace.json
python3 -c 'import json; json.load(open("trace.json"))' || { echo "FAIL: trace.json is not JSON"; fail=1; }
seen trace.json
run report 0 "$stats" report evil.jsonl --baseline evil2.jsonl -o report.html
check report-file report.html
seen report.html
run bench 0 "$stats" summary evil-bench.json
seen bench.out
run bench-compare 0 "$stats" compare --baseline evil-bench.json --candidate evil-bench.json

# Error messages that quote the input: one line, exit 2, escaped.
run bad-line 2 "$stats" summary evil-bad.jsonl
[ "$(wc -l <bad-line.err)" = 1 ] || { echo "FAIL: bad-line: not one stderr line"; cat bad-line.err; fail=1; }
grep -qF 'evil-bad.jsonl' bad-line.err || { echo "FAIL: bad-line: the file is not named"; fail=1; }
printf '\x1b]0;t\x07\xff{' >'evil-name-\x1b.json'
printf '\x1b[31m\xff not json' >garbage.json
run bad-json 2 "$stats" summary garbage.json
run bad-name 2 "$stats" summary "$(printf 'no-such-\x1b]0;t\x07\xff.jsonl')"
run bad-option 2 "$stats" summary --format "$(printf 'x\x1b[31m\xff')" evil.jsonl
# cuzk-prove: a snarkjs JSON file and a sector file whose bad bytes the parser echoes.
printf '{"pi_a": \x1b]0;t\x07\xff}' >proof.json
run prove-verify 2 "$prove" verify --vkey proof.json --public proof.json --proof proof.json
grep -qF 'proof.json' prove-verify.err || { echo "FAIL: prove-verify: the file is not named"; fail=1; }
mkdir -p s
printf '{"sector": "a\x1b[31m\xff", "zkey": "k", "partitions": [{"witness": "w"}]}' >s/a.json
run prove-batch 1 "$prove" batch --out o --backend cpu s/a.json
printf 'x\x1b]0;t\x07\xff' >s/b.json
run prove-batch-garbage 1 "$prove" batch --out o2 --backend cpu s/b.json
[ -s prove-batch-garbage.err ] || { echo "FAIL: prove-batch-garbage: no message"; fail=1; }

[ "$fail" = 0 ] && echo "ok: no raw control byte or invalid UTF-8 from the inputs reached a terminal, a message or a report"
exit $fail
