#!/usr/bin/env bash
# Several sectors x partitions over the committed fixtures (two zkeys mixed): exit 0, every
# proof verifies (ours; snarkjs on a sample when tests/interop/node_modules exists), events
# parse with exactly one synth/queue/gpu/write span per partition in order; the same batch
# on two CPU stand-in devices uses both GPU nodes; `-` reads sector paths from stdin.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"

python3 "$GEN" --fixture "$FIX/main" --sectors 3 --partitions 3 --out "$WORK/sectors" --list "$WORK/list" >/dev/null
python3 "$GEN" --fixture "$FIX/tiny" --sectors 1 --partitions 2 --out "$WORK/sectors" --prefix tiny >/dev/null
echo "$WORK/sectors/tiny-0001.json" >>"$WORK/list"
mapfile -t sectors <"$WORK/list"

note "batch of 3x3 main + 1x2 tiny partitions on the CPU backend"
"$CUZK" batch --out "$WORK/out" --progress off --synth-workers 2 --max-inflight 4 "${sectors[@]}" ||
  die "batch exited $?"
sum=$(python3 "$CHECK" "$WORK/out/events.jsonl" --proofs 11 --failures 0 --errors 0 --max-inflight 4) ||
  die "events check failed: $sum"
echo "$sum"
verify_sectors "$WORK/out" "${sectors[@]}"
[[ -z $(find "$WORK/out" -name '.cuzk-tmp.*') ]] || die "temp files left in $WORK/out"
[[ $(find "$WORK/out" -name 'p*.inputs.json' | wc -l) -eq 11 ]] || die "not one p<i>.inputs.json per partition"

if [[ -d $SRC/tests/interop/node_modules ]] && command -v node >/dev/null; then
  note "snarkjs groth16 verify on a sample"
  "$CUZK" export-vkey --zkey "$FIX/main/circuit.zkey" --out "$WORK/main-vk.json"
  for p in s-0001/p0 s-0003/p2; do
    node "$SRC/tests/interop/verify.mjs" "$WORK/main-vk.json" "$WORK/out/$p.public.json" "$WORK/out/$p.proof.json" ||
      die "snarkjs rejects $p"
  done
  node "$SRC/tests/interop/verify.mjs" "$FIX/tiny/verification_key.json" "$WORK/out/tiny-0001/p1.public.json" \
    "$WORK/out/tiny-0001/p1.proof.json" || die "snarkjs rejects tiny-0001/p1"
else
  note "SKIP snarkjs part: tests/interop/node_modules or node missing (scripts/setup-deps.sh installs them)"
fi

note "same batch from stdin (-) on two CPU stand-in devices, --verify (a no-op: the default), --seed"
printf '%s\n' "${sectors[@]}" | "$CUZK" batch - --out "$WORK/out2" --progress off --backend cpu --devices 0,1 \
  --workers-per-device 1 --verify --seed 7 >/dev/null || die "two-device batch failed"
python3 "$CHECK" "$WORK/out2/events.jsonl" --proofs 11 --failures 0 --devices 2 >/dev/null || die "two-device events"
verify_sectors "$WORK/out2" "${sectors[@]}"

note "a second run into the same folder without --resume refuses to overwrite"
set +e
"$CUZK" batch --out "$WORK/out2" --progress off --events "$WORK/again.jsonl" "${sectors[0]}" >/dev/null 2>&1
rc=$?
set -e
[[ $rc -eq 1 ]] || die "rerun without --resume exited $rc, want 1"
grep -q 'already exists' "$WORK/again.jsonl" || die "no 'already exists' error event"
cmp -s <(cat "$WORK/out2/s-0001.proof") "$WORK/out2/s-0001.proof" || die "sector proof changed"
echo "PASS"
