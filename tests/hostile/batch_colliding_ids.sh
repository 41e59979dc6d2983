#!/usr/bin/env bash
# Class: output paths collide, ids print across lines. Sectors `a` and `a.proof` (DIR/a.proof
# would be a file and a folder), a sector named `events.jsonl` (its folder would take the
# events file's place), a sector whose proof is --events: each refused with one line naming
# its sector file, the others proven, nothing overwritten. Invalid ids (newline, NUL, '/',
# '..', too long, the reserved .cuzk- prefix) fail their sector with one line naming the
# file and showing the id escaped; no path is printed twice. A sector whose proof's place holds
# an earlier run's folder is refused before it is proven.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
S=$WORK/s
mkdir -p "$S"
mk() {  # mk FILE ID
  python3 - "$1" "$2" "$FIX/main" <<'P'
import json, sys
json.dump({"sector": sys.argv[2], "zkey": sys.argv[3] + "/circuit.zkey",
           "partitions": [{"witness": sys.argv[3] + "/w0.wtns"}]}, open(sys.argv[1], "w"))
P
}
mk "$S/a.json" a
mk "$S/aproof.json" a.proof
mk "$S/ev.json" events.jsonl
mk "$S/nl.json" $'x\ny\001z'
python3 - "$S/nul.json" "$FIX/main" <<'P'
import json, sys
json.dump({"sector": "n\u0000ul", "zkey": sys.argv[2] + "/circuit.zkey", "partitions": [{"witness": sys.argv[2] + "/w0.wtns"}]}, open(sys.argv[1], "w"))
P
mk "$S/slash.json" "a/b"
mk "$S/dots.json" ".."
mk "$S/long.json" "$(printf 'L%.0s' $(seq 1 129))"
mk "$S/tmp.json" ".cuzk-tmp.1.0123456789abcdef.0"
printf '{"sector": "bad", "zkey": ' >"$S/badjson.json"
O=$WORK/out
set +e
"$CUZK" batch --out "$O" --progress off "$S/a.json" "$S/aproof.json" "$S/ev.json" "$S/nl.json" "$S/nul.json" \
  "$S/slash.json" "$S/dots.json" "$S/long.json" "$S/tmp.json" "$S/badjson.json" >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "exit $rc, want 1"
[[ $(wc -l <"$WORK/err") -eq 9 ]] || die "want 9 stderr lines (one per refused sector): $(cat "$WORK/err")"
one_error_line "$WORK/err" "error: a.proof: $S/aproof.json: its folder $O/a.proof is the proof of sector \"a\""
one_error_line "$WORK/err" "error: events.jsonl: $S/ev.json: its folder $O/events.jsonl is the events file"
one_error_line "$WORK/err" "error: $S/nl.json: \"sector\": \"x\\\\ny\\\\x01z\" is not a valid id"
one_error_line "$WORK/err" "error: $S/nul.json: \"sector\": \"n\\\\x00ul\" is not a valid id"
for f in slash dots long tmp; do one_error_line "$WORK/err" "error: $S/$f.json: \"sector\": .* is not a valid id"; done
one_error_line "$WORK/err" "error: $S/badjson.json: not valid JSON"
grep -c -- "$S/badjson.json" "$WORK/err" | grep -qx 1 || die "badjson.json named on more than one line"
[[ $(grep -o -- "$S/badjson.json" "$WORK/err" | wc -l) -eq 1 ]] || die "the path is printed twice: $(cat "$WORK/err")"
[[ $(cd "$O" && ls -A | sort | tr '\n' ' ') == "a a.proof events.jsonl " ]] || die "unexpected outputs: $(ls -A "$O")"
[[ -f $O/a.proof && -f $O/events.jsonl ]] || die "a.proof or events.jsonl is not a file"
python3 "$CHECK" "$O/events.jsonl" --proofs 1 --runs 1 >/dev/null || die "events"
verify_sectors "$O" "$S/a.json"

note "a sector whose proof would be the --events file, and one proven again in order b, b.proof"
mk "$S/b.json" b
mk "$S/bproof.json" b.proof
set +e
"$CUZK" batch --out "$O" --events "$O/b.proof" --progress off "$S/b.json" >/dev/null 2>"$WORK/err2"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "sector b with --events DIR/b.proof: exit $rc, want 1"
one_error_line "$WORK/err2" "error: b: $S/b.json: its proof $O/b.proof is the events file"
[[ ! -d $O/b ]] || die "the refused sector's folder was created"
python3 "$CHECK" "$O/b.proof" --proofs 0 --runs 1 >/dev/null || die "the events file is not a whole events log"
O=$WORK/out2
set +e
"$CUZK" batch --out "$O" --progress off "$S/bproof.json" "$S/b.json" >/dev/null 2>"$WORK/err3"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "b.proof then b: exit $rc, want 1"
one_error_line "$WORK/err3" "error: b: $S/b.json: its proof $O/b.proof is the folder of sector \"b.proof\""
[[ -d $O/b.proof && -f $O/b.proof.proof ]] || die "sector b.proof was not proven"
[[ ! -e $O/b ]] || die "the refused sector b got a folder"

note "a later run of b alone: its proof's place holds b.proof's folder: refused before proving"
set +e
"$CUZK" batch --out "$O" --progress off "$S/b.json" >/dev/null 2>"$WORK/err4"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "b after b.proof's run: exit $rc, want 1"
one_error_line "$WORK/err4" "error: b: $O/b.proof: exists and is not a file"
[[ ! -e $O/b ]] || die "the refused sector b got a folder"
echo "PASS"
