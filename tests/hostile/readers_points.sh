#!/usr/bin/env bash
# Issue 15 item 8: a point off its curve or outside the prime-order subgroup anywhere in a
# .zkey is blamed on the key (exit 2, one line naming the key and the section), not on the
# witness; nothing is written.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
T=$FIX/tiny
OUT=$WORK/out
mkdir -p "$OUT"
prove_key() {  # prove_key ZKEY PATTERN
  expect 2 "$1" "$2" -- "$CUZK" prove --zkey "$1" --witness "$T/w0.wtns" --proof "$OUT/p.json" --public "$OUT/pub.json"
  absent "$OUT/p.json" "$OUT/pub.json"
}
# G1 sections of the tiny key: 3 IC (3 points), 5 A (6), 6 B1 (6), 8 C (3), 9 H (8).
for spec in "3 IC 1" "5 A 4" "6 B1 2" "8 C 0" "9 H 7"; do
  read -r sid name idx <<<"$spec"
  k=$WORK/off-$name.zkey
  cp "$T/circuit.zkey" "$k" && g1_point "$k" "$sid" "$idx" offcurve
  prove_key "$k" "section $sid \\($name\\): point $idx is not on the curve"
  k=$WORK/tor-$name.zkey
  cp "$T/circuit.zkey" "$k" && g1_point "$k" "$sid" "$idx" torsion
  prove_key "$k" "section $sid \\($name\\): a point of section $sid is not in the prime-order subgroup"
done
# The verification key export checks IC too.
expect 2 "$WORK/tor-IC.zkey" 'section 3 \(IC\).*prime-order subgroup' -- \
  "$CUZK" export-vkey --zkey "$WORK/tor-IC.zkey" --out "$OUT/vk.json"
absent "$OUT/vk.json"
echo "PASS readers_points"
