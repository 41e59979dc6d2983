#!/usr/bin/env bash
# Native porep-lite sectors (no .wtns): `cuzk-prove gen-porep` makes replicas, a test key
# and sector files; the batch proves them (witness + a/b/c synthesized natively), every
# proof verifies (ours; snarkjs on a sample), different partitions prove different
# challenges; a truncated replica or a key for another size is a clear per-sector error.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"

note "gen-porep: depth 6, 1 challenge, 2 sectors x 2 partitions"
"$CUZK" gen-porep --out "$WORK/p" --depth 6 --challenges 1 --sectors 2 --partitions 2 --seed 5 || die "gen-porep exited $?"
sectors=("$WORK/p/porep-0000.json" "$WORK/p/porep-0001.json")
"$CUZK" batch --out "$WORK/out" --progress off --verify "${sectors[@]}" || die "batch exited $?"
python3 "$CHECK" "$WORK/out/events.jsonl" --proofs 4 --failures 0 --errors 0 || die "events check failed"
verify_sectors "$WORK/out" "${sectors[@]}"
cmp -s "$WORK/out/porep-0000/p0.public.json" "$WORK/out/porep-0000/p1.public.json" &&
  die "two partitions claim the same challenges"

if [[ -d $SRC/tests/interop/node_modules ]] && command -v node >/dev/null; then
  note "snarkjs verifies a native proof"
  node "$SRC/tests/interop/export-vkey.mjs" "$WORK/p/porep-d6-k1.zkey" "$WORK/vk.json" >/dev/null
  node "$SRC/tests/interop/verify.mjs" "$WORK/vk.json" "$WORK/out/porep-0001/p1.public.json" \
    "$WORK/out/porep-0001/p1.proof.json" --strict || die "snarkjs rejects a native proof"
fi

note "memory: the replica is charged once per sector and released when the sector ends"
read -r key fp < <(python3 -c 'import json,sys
for l in open(sys.argv[1]):
    e=json.loads(l)
    if e["ev"]=="run_start": print(e["key_bytes"], e["footprint"]); break' "$WORK/out/events.jsonl")
replica=$(( (64 + 64) << 6 ))  # depth 6
set +e
"$CUZK" batch --out "$WORK/out-rt" --progress off --mem-budget $(( key + fp + replica - 1 )) "${sectors[0]}" 2>/dev/null
rc=$?
set -e
[[ $rc -eq 1 ]] || die "budget one byte short of key + partition + replica: exit $rc, wanted 1"
grep -q 'replica 8192.*can never be admitted' "$WORK/out-rt/events.jsonl" || die "no 'can never be admitted' naming the replica"
# exactly one sector's need: the second sector's replica fits only after the first sector released its own
timeout 120 "$CUZK" batch --out "$WORK/out-rx" --progress off --mem-budget $(( key + fp + replica )) "${sectors[@]}" ||
  die "batch with a budget of one sector's need exited $? (replica not released at sector end?)"
python3 "$CHECK" "$WORK/out-rx/events.jsonl" --proofs 4 --failures 0 --errors 0 || die "events check failed (tight budget)"

note "bad input: truncated replica, key of another size"
head -c 1000 "$WORK/p/porep-0001.replica" >"$WORK/p/short.replica"
sed 's/porep-0001.replica/short.replica/; s/"porep-0001"/"short"/' "$WORK/p/porep-0001.json" >"$WORK/p/short.json"
"$CUZK" gen-porep --out "$WORK/q" --depth 6 --challenges 2 --sectors 1 --partitions 1 >/dev/null
sed "s|porep-d6-k1.zkey|$WORK/q/porep-d6-k2.zkey|; s/\"porep-0000\"/\"wrongkey\"/" "$WORK/p/porep-0000.json" >"$WORK/p/wrongkey.json"
set +e
"$CUZK" batch --out "$WORK/out2" --progress off "${sectors[0]}" "$WORK/p/short.json" "$WORK/p/wrongkey.json" 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 1 ]] || die "bad native input: exit $rc, wanted 1"
grep -q "short.replica" "$WORK/err" || die "no error naming the truncated replica: $(cat "$WORK/err")"
grep -q "porep-d6-k2.zkey.*not the porep-lite key" "$WORK/err" || die "no error naming the wrong key: $(cat "$WORK/err")"
verify_sectors "$WORK/out2" "${sectors[0]}"
echo "native batch ok"
