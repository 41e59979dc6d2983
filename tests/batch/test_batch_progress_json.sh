#!/usr/bin/env bash
# --progress and --json (issue 21 items 8, 9). One good sector, one with a missing witness, one
# unreadable sector file: --json prints one JSON object on stdout (parsed with python3) with each
# sector's status, proofs and error line, the totals and the exit code; --progress lines prints
# plain "progress:" lines (phases key -> proving, counts that only grow, the last one complete);
# --progress off prints nothing but the error lines; progress never reaches the events file; a
# bad --progress value is exit 2 with one line and creates nothing.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
S=$WORK/sectors
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 3 --out "$S" --prefix good >/dev/null
cat >"$S/bad.json" <<J
{"sector": "bad", "zkey": "$FIX/main/circuit.zkey", "partitions": [{"witness": "$FIX/main/w0.wtns"}, {"witness": "no-such.wtns"}]}
J
printf '{"sector": "broken", ' >"$S/broken.json"

set +e
"$CUZK" batch --out "$WORK/out" --progress lines --json "$S/good-0001.json" "$S/bad.json" "$S/broken.json" \
  >"$WORK/stdout" 2>"$WORK/stderr"
rc=$?
set -e
[[ $rc -eq 1 ]] || { cat "$WORK/stderr"; die "exit code $rc, want 1"; }
python3 - "$WORK/stdout" "$rc" "$S" <<'PY' || die "--json summary (above)"
import json, sys
text = open(sys.argv[1]).read()
assert text.count("\n") == 1 and text.endswith("\n"), "stdout is not exactly one line: %r" % text[:200]
j = json.loads(text)
assert j["command"] == "batch" and j["schema"] == 1, j
assert j["exit_code"] == int(sys.argv[2]), ("exit_code", j["exit_code"], sys.argv[2])
by = {s["file"].rsplit("/", 1)[-1]: s for s in j["sectors"]}
assert [s["file"].rsplit("/", 1)[-1] for s in j["sectors"]] == ["good-0001.json", "bad.json", "broken.json"], by.keys()
g, b, r = by["good-0001.json"], by["bad.json"], by["broken.json"]
assert (g["sector"], g["status"], g["proofs_written"], g["failed"], g["error"]) == ("good-0001", "ok", 3, 0, None), g
assert (b["sector"], b["status"], b["proofs_written"], b["failed"]) == ("bad", "failed", 1, 1), b
assert b["error"].startswith("bad p1: ") and "no-such.wtns" in b["error"] and "\n" not in b["error"], b
assert r["sector"] is None and r["status"] == "refused" and r["proofs_written"] == 0 and "broken.json" in r["error"], r
t = j["totals"]
assert (t["sectors"], t["ok"], t["failed"], t["refused"], t["skipped"], t["proofs_written"], t["partitions_failed"]) == \
    (3, 1, 1, 1, 0, 4, 1), t
assert j["run"] and j["events"].endswith("events.jsonl") and j["events_error"] is None, j
print("json ok:", t)
PY
# Lines: no carriage returns or escapes; every line is a progress line, an error line or the summary.
if grep -q $'[\r\x1b]' "$WORK/stderr"; then die "--progress lines wrote terminal control characters"; fi
python3 - "$WORK/stderr" <<'PY' || { cat "$WORK/stderr"; die "--progress lines output (above)"; }
import re, sys
lines = open(sys.argv[1]).read().splitlines()
prog = [l[len("progress: "):] for l in lines if l.startswith("progress: ")]
other = [l for l in lines if not l.startswith("progress: ")]
assert all(l.startswith("cuzk-prove batch: error: ") or l.startswith("batch: ") for l in other), other
assert len([l for l in other if l.startswith("batch: ")]) == 1, "the human summary goes to stderr with --json"
# Issue 45: the refused entry (broken.json) is counted as refused, not as a failed sector.
summary = [l for l in other if l.startswith("batch: ")][0]
assert summary.startswith("batch: 4 proven, 0 resumed, 1 failed partition(s); sectors: 1 ok, 1 failed, 1 refused, 0 skipped; in "), summary
assert prog and re.match(r"preparing key circuit\.zkey \(\d+\.\d (MB|GB)\), \d+\.\d s$", prog[0]), prog[:1]
done = []
for p in prog[1:]:
    m = re.match(r"proving (\d+) / (\d+) partitions(, \d+ failed)?, elapsed \d+:\d\d(, \d+\.\d\d s/proof, ETA \d+:\d\d|, ETA after the second proof)?$", p)
    assert m, "unparsed progress line: %r" % p
    assert int(m.group(2)) == 5, p
    done.append(int(m.group(1)))
assert done and done == sorted(done) and done[-1] == 5, done
assert prog[-1].startswith("proving 5 / 5 partitions, 1 failed"), prog[-1]
print("lines ok:", len(prog), "progress lines")
PY
if grep -qE 'preparing key|proving [0-9]+ /|s/proof, ETA' "$WORK/out/events.jsonl"; then die "progress text in the events file"; fi

# Off: nothing but the error line and the summary.
"$CUZK" batch --out "$WORK/out-off" --progress off "$S/good-0001.json" "$S/bad.json" >"$WORK/stdout2" 2>"$WORK/stderr2" && die "want exit 1"
if ! { [[ $(wc -l <"$WORK/stderr2") -eq 1 ]] && grep -q '^cuzk-prove batch: error: bad p1: .*no-such.wtns' "$WORK/stderr2"; }; then
  cat "$WORK/stderr2"; die "--progress off printed more than the error line"
fi
grep -q '^batch: 4 proven' "$WORK/stdout2" || die "no summary line on stdout without --json"

# Bar: redraws one line with carriage returns; an error line first clears the bar's line.
"$CUZK" batch --out "$WORK/out-bar" --progress bar "$S/good-0001.json" "$S/bad.json" >/dev/null 2>"$WORK/stderr3" &&
  die "bar run: want exit 1"
grep -q $'\r\\[#' "$WORK/stderr3" || die "--progress bar drew no bar"
tr '\r' '\n' <"$WORK/stderr3" | grep -q 'proving 5 / 5 partitions, 1 failed' || die "the bar never showed 5 / 5"
grep -q $'\r\x1b\\[Kcuzk-prove batch: error: bad p1' "$WORK/stderr3" || die "the error line does not clear the bar's line"

# A bad value: exit 2, one line naming the option, nothing created.
set +e
"$CUZK" batch --out "$WORK/out-usage" --progress sometimes "$S/good-0001.json" >/dev/null 2>"$WORK/stderr4"
rc=$?
set -e
[[ $rc -eq 2 ]] || die "--progress sometimes: exit $rc, want 2"
if ! { [[ $(wc -l <"$WORK/stderr4") -eq 1 ]] && grep -q -- '--progress: "sometimes" is not auto, bar, lines or off' "$WORK/stderr4"; }; then
  cat "$WORK/stderr4"; die "bad --progress message"
fi
[[ ! -e $WORK/out-usage ]] || die "a bad --progress created the output folder"
echo "ok: --json, --progress lines/off/bar"
