#!/usr/bin/env bash
# Issue 15 item 7: header sizes that disagree with the file or with each other are refused
# before anything sized by them is allocated: exit 2 (verify: 2), one line naming the file,
# under a 600 MB address-space limit, nothing written.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
T=$FIX/tiny
OUT=$WORK/out
mkdir -p "$OUT"
prove_with() {  # prove_with WANT NAMED PATTERN ZKEY WTNS
  expect "$1" "$2" "$3" -- "$CUZK" prove --zkey "$4" --witness "$5" --proof "$OUT/p.json" --public "$OUT/pub.json"
  absent "$OUT/p.json" "$OUT/pub.json"
}

# .zkey header (section 2): nVars at 88, nPublic at 92, domainSize at 96.
cp "$T/circuit.zkey" "$WORK/domain.zkey" && bin_u32 "$WORK/domain.zkey" 2 96 $((1 << 31))
prove_with 2 "$WORK/domain.zkey" 'section 9 \(H\).*domainSize = 2147483648' "$WORK/domain.zkey" "$T/w0.wtns"
cp "$T/circuit.zkey" "$WORK/npub.zkey" && bin_u32 "$WORK/npub.zkey" 2 92 4294967295
prove_with 2 "$WORK/npub.zkey" 'nPublic = 4294967295' "$WORK/npub.zkey" "$T/w0.wtns"
expect 2 "$WORK/npub.zkey" 'nPublic = 4294967295' -- "$CUZK" export-vkey --zkey "$WORK/npub.zkey" --out "$OUT/vk.json"
absent "$OUT/vk.json"
cp "$T/circuit.zkey" "$WORK/npub-eq.zkey" && bin_u32 "$WORK/npub-eq.zkey" 2 92 6
expect 2 "$WORK/npub-eq.zkey" 'nPublic = 6' -- "$CUZK" export-vkey --zkey "$WORK/npub-eq.zkey" --out "$OUT/vk.json"
absent "$OUT/vk.json"
cp "$T/circuit.zkey" "$WORK/nvars.zkey" && bin_u32 "$WORK/nvars.zkey" 2 88 $((1 << 30))
prove_with 2 "$WORK/nvars.zkey" 'section 5 \(A\)' "$WORK/nvars.zkey" "$T/w0.wtns"
# coefficient count of section 4 larger than the section
cp "$T/circuit.zkey" "$WORK/coefs.zkey" && bin_u32 "$WORK/coefs.zkey" 4 0 4294967295
prove_with 2 "$WORK/coefs.zkey" 'coefficients' "$WORK/coefs.zkey" "$T/w0.wtns"

# .wtns header (section 1): n8 at 0, nWitness at 36.
cp "$T/w0.wtns" "$WORK/count.wtns" && bin_u32 "$WORK/count.wtns" 1 36 $((1 << 30))
expect 2 "$WORK/count.wtns" 'nWitness = 1073741824|holds' -- \
  "$CUZK" prove --zkey "$T/circuit.zkey" --witness "$WORK/count.wtns" --proof "$OUT/p.json" --public "$OUT/pub.json"
absent "$OUT/p.json" "$OUT/pub.json"
cp "$T/w0.wtns" "$WORK/n8.wtns" && bin_u32 "$WORK/n8.wtns" 1 0 4294967288
prove_with 2 "$WORK/n8.wtns" 'n8 = 4294967288' "$T/circuit.zkey" "$WORK/n8.wtns"

# .r1cs header (section 1): nWires 36, nOutputs 40, nPubInputs 44, nPrvInputs 48, nLabels 52, nConstraints 60.
cp "$T/circuit.r1cs" "$WORK/pub.r1cs" && bin_u32 "$WORK/pub.r1cs" 1 44 100
expect 2 "$WORK/pub.r1cs" 'nPubInputs 100.*nWires' -- "$CUZK" setup --r1cs "$WORK/pub.r1cs" --out "$OUT/k.zkey" --backend cpu
absent "$OUT/k.zkey"
cp "$T/circuit.r1cs" "$WORK/cons.r1cs" && bin_u32 "$WORK/cons.r1cs" 1 60 4294967295
expect 2 "$WORK/cons.r1cs" 'nConstraints = 4294967295' -- "$CUZK" setup --r1cs "$WORK/cons.r1cs" --out "$OUT/k.zkey" --backend cpu
absent "$OUT/k.zkey"
expect 2 "$WORK/cons.r1cs" 'nConstraints = 4294967295' -- "$CUZK" prove --zkey "$T/circuit.zkey" --witness "$T/w0.wtns" \
  --r1cs "$WORK/cons.r1cs" --proof "$OUT/p.json" --public "$OUT/pub.json"
absent "$OUT/p.json" "$OUT/pub.json"

# verification_key.json: nPublic 2^32 + 2 with the 3 IC points of nPublic = 2; 2^32 - 1 with IC [].
python3 - "$T/verification_key.json" "$WORK" <<'PY'
import json, sys
vk = json.load(open(sys.argv[1]))
vk["nPublic"] = 2 ** 32 + 2
json.dump(vk, open(sys.argv[2] + "/vk-wrap.json", "w"))
vk["nPublic"] = 2 ** 32 - 1
vk["IC"] = []
json.dump(vk, open(sys.argv[2] + "/vk-empty.json", "w"))
PY
for v in vk-wrap vk-empty; do
  expect 2 "$WORK/$v.json" 'nPublic' -- "$CUZK" verify --vkey "$WORK/$v.json" --public "$T/public.json" --proof "$T/proof.json"
  grep -q valid "$WORK/out.txt" && die "verify printed a verdict for $v.json"
done
# The untouched fixtures still pass (the checks are not too strict).
"$CUZK" verify --vkey "$T/verification_key.json" --public "$T/public.json" --proof "$T/proof.json" >/dev/null
"$CUZK" export-vkey --zkey "$T/circuit.zkey" --out "$OUT/vk.json" >/dev/null
echo "PASS readers_sizes"
