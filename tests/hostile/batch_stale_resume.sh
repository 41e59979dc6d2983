#!/usr/bin/env bash
# Class: --resume keeps a proof of what the sector no longer names. Each partition records
# what it was made from (DIR/<sector>/p<i>.inputs.json: verification key digest + witness
# digest); --resume keeps a partition only when its proof verifies AND those inputs are the
# current ones. A sector that now names another witness of the same circuit is redone
# ("stale: witness changed"), its sector proof replaced; a partition without a record is
# redone; a sector that now names another key of the same circuit is redone.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
cat >"$WORK/s.json" <<J
{"sector": "s", "zkey": "$FIX/main/circuit.zkey", "partitions": [{"witness": "$FIX/main/w0.wtns"}, {"witness": "$FIX/main/w1.wtns"}]}
J
cat >"$WORK/w2.json" <<J
{"sector": "w2", "zkey": "$FIX/main/circuit.zkey", "partitions": [{"witness": "$FIX/main/w2.wtns"}]}
J
O=$WORK/out
"$CUZK" batch --out "$O" --progress off "$WORK/s.json" "$WORK/w2.json" >/dev/null || die "first run exited $?"
for i in 0 1; do
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); i=r["inputs"]
assert i["key"].startswith("sha256:") and i["witness"].startswith("sha256t:"), r' "$O/s/p$i.inputs.json" ||
    die "p$i.inputs.json lacks the key/witness digests"
done
cp "$O/s/p1.proof.json" "$WORK/p1.before"
cp "$O/s.proof" "$WORK/s.proof.before"

note "the sector now names w2 for partition 0: --resume redoes p0 only"
sed -i "s|w0.wtns|w2.wtns|" "$WORK/s.json"
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s.json" >/dev/null 2>"$WORK/err" || die "resume exited $?: $(cat "$WORK/err")"
last_run "$O/events.jsonl" >"$WORK/run2"
grep -q '"ev":"redo".*"sector":"s","partition":0.*"reason":"stale: witness changed"' "$WORK/run2" || die "no stale redo of p0"
grep -q '"ev":"skip".*"sector":"s","partition":1' "$WORK/run2" || die "p1 not kept"
cmp -s "$O/s/p0.public.json" "$O/w2/p0.public.json" || die "p0 is not a proof of w2 (public signals differ)"
cmp -s "$O/s/p1.proof.json" "$WORK/p1.before" || die "p1 was rewritten"
cmp -s "$O/s.proof" "$WORK/s.proof.before" && die "the sector proof still holds the stale partition"
verify_sectors "$O" "$WORK/s.json"

note "a partition without its inputs record is redone"
rm "$O/s/p1.inputs.json"
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s.json" >/dev/null || die "resume exited $?"
last_run "$O/events.jsonl" | grep -q '"ev":"redo".*"partition":1.*"reason":"stale: no record of its inputs' ||
  die "no redo of the partition without a record"
[[ -f $O/s/p1.inputs.json ]] || die "p1.inputs.json not written again"
verify_sectors "$O" "$WORK/s.json"

note "the sector now names another key of the same circuit: --resume redoes both partitions"
"$CUZK" setup --r1cs "$FIX/main/circuit.r1cs" --out "$WORK/k2.zkey" --seed 9 --backend cpu >/dev/null
sed -i "s|$FIX/main/circuit.zkey|$WORK/k2.zkey|" "$WORK/s.json"
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s.json" >/dev/null || die "resume with the new key exited $?"
# (a proof for the old key does not verify against the new verification key: that is the reason given)
[[ $(last_run "$O/events.jsonl" | grep -c '"ev":"redo".*"reason":".*\(does not verify\|stale: key changed\)') -eq 2 ]] ||
  die "the partitions of the old key were not redone"
verify_sectors "$O" "$WORK/s.json"

note "unchanged inputs: everything is kept"
"$CUZK" batch --out "$O" --progress off --resume "$WORK/s.json" >/dev/null || die "resume exited $?"
python3 "$CHECK" "$O/events.jsonl" --skips 2 --proofs 0 --runs 5 >/dev/null || die "last run did not keep both"
echo "PASS"
