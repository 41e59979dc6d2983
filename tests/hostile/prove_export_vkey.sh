#!/usr/bin/env bash
# export-vkey and setup never overwrite an existing --out silently (--force replaces it).
source "$(dirname "$0")/prove_lib.bash"
cd "$WORK"
echo keep >vk.json
expect 2 "vk.json" -- "$CUZK" export-vkey --zkey "$FIX/circuit.zkey" --out vk.json
[[ $(cat vk.json) == keep ]] || die "vk.json overwritten"
mkdir vkdir
expect 2 "vkdir" -- "$CUZK" export-vkey --zkey "$FIX/circuit.zkey" --out vkdir
"$CUZK" export-vkey --zkey "$FIX/circuit.zkey" --out vk.json --force || die "--force failed"
cmp -s vk.json "$FIX/verification_key.json" || python3 -c 'import json,sys; a,b=(json.load(open(f)) for f in sys.argv[1:]); sys.exit(a!=b)' vk.json "$FIX/verification_key.json" || die "forced vk differs"
echo keep >k.zkey
expect 2 "k.zkey" -- "$CUZK" setup --r1cs "$FIX/circuit.r1cs" --out k.zkey --seed 1 --backend cpu
[[ $(cat k.zkey) == keep ]] || die "k.zkey overwritten"
[[ $(ls -A | sort | tr '\n' ' ') == "k.zkey vk.json vkdir " ]] || die "unexpected files: $(ls -A)"
echo PASS
