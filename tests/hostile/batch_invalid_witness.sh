#!/usr/bin/env bash
# Class: a batch writes a proof that does not verify. A witness of the right size and prime
# with one private value changed does not satisfy the circuit: by default (no --verify) that
# partition fails (exit 1) with one line naming the sector, the partition, the witness and
# why; nothing is written for it (no p1.*, no sector proof); the other partitions and sectors
# are proven. --resume neither keeps nor writes it; --verify is accepted (a no-op).
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 2 --out "$WORK/s" >/dev/null
# The last value of a snarkjs witness is a private wire: set it to 5 (still canonical).
python3 - "$FIX/main/w1.wtns" "$WORK/bad.wtns" <<'P'
import sys
d = bytearray(open(sys.argv[1], "rb").read())
assert d[-32:] != bytes([5]) + bytes(31)
d[-32:] = bytes([5]) + bytes(31)
open(sys.argv[2], "wb").write(d)
P
cat >"$WORK/s/inv.json" <<J
{"sector": "inv", "zkey": "$FIX/main/circuit.zkey", "partitions": [{"witness": "$FIX/main/w0.wtns"}, {"witness": "$WORK/bad.wtns"}]}
J
O=$WORK/out
for flags in "" "--verify"; do
  rm -rf "$O"
  set +e
  # shellcheck disable=SC2086
  "$CUZK" batch --out "$O" --progress off $flags "$WORK/s/inv.json" "$WORK/s/s-0001.json" >/dev/null 2>"$WORK/err"
  rc=$?
  set -e
  [[ $rc -eq 1 ]] || die "invalid witness ($flags): exit $rc, want 1"
  [[ $(wc -l <"$WORK/err") -eq 1 ]] || die "want one line on stderr: $(cat "$WORK/err")"
  one_error_line "$WORK/err" "error: inv p1: $WORK/bad.wtns: the proof does not verify"
  for f in inv/p1.proof.json inv/p1.public.json inv/p1.inputs.json inv.proof; do
    [[ ! -e $O/$f ]] || die "$f written for an invalid witness ($flags)"
  done
  [[ -f $O/inv/p0.proof.json ]] || die "the valid partition p0 was not written"
  verify_sectors "$O" "$WORK/s/s-0001.json"
  grep -q '"ev":"error".*"sector":"inv","partition":1' "$O/events.jsonl" || die "no error event for inv p1"
done

note "--resume keeps p0, fails p1 again, writes nothing"
snapshot "$O" | grep -v events.jsonl >"$WORK/before"
set +e
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s/inv.json" >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "--resume with the invalid witness: exit $rc, want 1"
one_error_line "$WORK/err" "error: inv p1: .*does not verify"
cmp -s "$WORK/before" <(snapshot "$O" | grep -v events.jsonl) || die "--resume changed the outputs"
python3 "$CHECK" "$O/events.jsonl" --skips 1 --proofs 0 --failures 1 --runs 2 >/dev/null || die "resume events"

note "a partition proof that does not verify is redone by --resume, and not kept"
cp "$O/s-0001/p1.proof.json" "$O/inv/p0.proof.json"  # a valid proof of another witness
set +e
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s/inv.json" >/dev/null 2>"$WORK/err"
set -e
last_run "$O/events.jsonl" | grep -q '"ev":"redo".*"partition":0.*does not verify' || die "no redo of the invalid p0"
"$CUZK" export-vkey --zkey "$FIX/main/circuit.zkey" --out "$WORK/vk.json" >/dev/null
"$CUZK" verify --vkey "$WORK/vk.json" --public "$O/inv/p0.public.json" --proof "$O/inv/p0.proof.json" >/dev/null ||
  die "p0 after --resume does not verify"
echo "PASS"
