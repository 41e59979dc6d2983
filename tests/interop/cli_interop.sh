#!/usr/bin/env bash
# Interop of cuzk-prove with snarkjs 0.7.6 on the committed BLS12-381 fixtures:
#  1. our proofs pass `snarkjs groth16 verify` (and our own verify), for every fixture witness;
#  2. our verifier accepts snarkjs's proof and rejects it with one public input or one
#     proof coordinate changed;
#  3. our export-vkey equals snarkjs's `zkey export verificationkey`, semantically and byte for byte;
#  4. the 192-byte proof equals the one computed independently with @noble/curves;
#  5. a corrupted witness, a witness of another circuit or curve: an error naming the
#     file, non-zero exit, and no proof file left behind; an unwritable output likewise.
set -u
prove=$1; src=$2
js=$src/tests/interop; data=$src/data/fixtures
# shellcheck source=tests/interop/harness.sh
. "$js/harness.sh"   # skip without node_modules; $t; ok, bad, expect, finish

for c in tiny main; do
  for w in "$data/$c"/w*.wtns; do
    n=$(basename "$w" .wtns)
    expect 0 "$c/$n: cuzk-prove prove" -- "$prove" prove --zkey "$data/$c/circuit.zkey" --witness "$w" \
      --r1cs "$data/$c/circuit.r1cs" --proof "$t/$c-$n.proof.json" --public "$t/$c-$n.public.json" \
      --proof-bin "$t/$c-$n.proof.bin"
    expect 0 "$c/$n: snarkjs groth16 verify accepts our proof" -- \
      node "$js/verify.mjs" "$data/$c/verification_key.json" "$t/$c-$n.public.json" "$t/$c-$n.proof.json" --strict
    expect 0 "$c/$n: our verify accepts our proof" -- \
      "$prove" verify --vkey "$data/$c/verification_key.json" --public "$t/$c-$n.public.json" --proof "$t/$c-$n.proof.json"
    expect 0 "$c/$n: proof json has snarkjs's exact shape" -- node "$js/check-format.mjs" proof "$t/$c-$n.proof.json"
    expect 0 "$c/$n: 192-byte proof equals @noble/curves' encoding" -- \
      node "$js/proof-bin.mjs" --check "$t/$c-$n.proof.json" "$t/$c-$n.proof.bin"
  done

  vk=$data/$c/verification_key.json
  expect 0 "$c: our verifier accepts snarkjs's proof" -- "$prove" verify --vkey "$vk" --public "$data/$c/public.json" --proof "$data/$c/proof.json"
  node "$js/mutate.mjs" public "$data/$c/public.json" "$t/pub-bad.json" 0 >/dev/null
  expect 1 "$c: ... rejects it with public[0] + 1" -- "$prove" verify --vkey "$vk" --public "$t/pub-bad.json" --proof "$data/$c/proof.json"
  node "$js/mutate.mjs" public-r "$data/$c/public.json" "$t/pub-r.json" 0 >/dev/null
  expect 1 "$c: ... rejects it with public[0] + r (>= r)" -- "$prove" verify --vkey "$vk" --public "$t/pub-r.json" --proof "$data/$c/proof.json"
  for f in pi_a.x pi_b.y.c1 pi_c.y; do
    node "$js/mutate.mjs" proof "$data/$c/proof.json" "$t/proof-bad.json" $f >/dev/null
    expect 1 "$c: ... rejects it with $f + 1" -- "$prove" verify --vkey "$vk" --public "$data/$c/public.json" --proof "$t/proof-bad.json"
  done

  expect 0 "$c: export-vkey" -- "$prove" export-vkey --zkey "$data/$c/circuit.zkey" --out "$t/$c-vk.json"
  expect 0 "$c: export-vkey equals snarkjs's (semantically)" -- node "$js/compare-json.mjs" "$t/$c-vk.json" "$vk"
  node "$js/export-vkey.mjs" "$data/$c/circuit.zkey" "$t/$c-vk-snarkjs.json" >/dev/null 2>&1
  expect 0 "$c: export-vkey equals snarkjs's byte for byte" -- cmp "$t/$c-vk.json" "$t/$c-vk-snarkjs.json"
done

# Keys from our single-party setup are accepted by snarkjs: it exports their verification
# key and verifies our proofs against it.
for c in tiny main; do
  expect 0 "$c: cuzk-prove setup" -- "$prove" setup --r1cs "$data/$c/circuit.r1cs" --out "$t/$c-setup.zkey" --seed 42
  expect 0 "$c: snarkjs exports the vkey of our key" -- node "$js/export-vkey.mjs" "$t/$c-setup.zkey" "$t/$c-setup-vk.json"
  expect 0 "$c: our export-vkey of our key equals snarkjs's" -- sh -c "\"$prove\" export-vkey --zkey \"$t/$c-setup.zkey\" --out \"$t/$c-setup-vk2.json\" && cmp \"$t/$c-setup-vk.json\" \"$t/$c-setup-vk2.json\""
  expect 0 "$c: prove with our key" -- "$prove" prove --zkey "$t/$c-setup.zkey" --witness "$data/$c/w1.wtns" \
    --proof "$t/$c-setup.proof.json" --public "$t/$c-setup.public.json"
  expect 0 "$c: snarkjs verifies a proof made with our key" -- \
    node "$js/verify.mjs" "$t/$c-setup-vk.json" "$t/$c-setup.public.json" "$t/$c-setup.proof.json" --strict
  expect 0 "$c: snarkjs proves with our key, and we verify it" -- sh -c "node \"$js/prove.mjs\" \"$t/$c-setup.zkey\" \"$data/$c/w0.wtns\" \"$t/$c-sj.proof.json\" \"$t/$c-sj.public.json\" && \"$prove\" verify --vkey \"$t/$c-setup-vk.json\" --public \"$t/$c-sj.public.json\" --proof \"$t/$c-sj.proof.json\""
done

# Bad input: clear error naming the file, non-zero exit, no output left behind.
check_fail() { # what file-that-must-be-named -- command...
  local what=$1 name=$2; shift 3
  rm -f "$t/x.proof.json" "$t/x.public.json"
  "$@" >"$t/out" 2>&1; local got=$?
  if [ "$got" != 0 ] && grep -q -- "$name" "$t/out" && [ ! -e "$t/x.proof.json" ] && [ -z "$(ls -A "$t" | grep 'tmp\.')" ]; then
    ok "$what (exit $got): $(head -1 "$t/out")"
  else bad "$what (exit $got)"; sed 's/^/     /' "$t/out"; fi
}
head -c 200 "$data/main/w0.wtns" > "$t/trunc.wtns"
check_fail "truncated witness" trunc.wtns -- "$prove" prove --zkey "$data/main/circuit.zkey" --witness "$t/trunc.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
python3 - "$data/main/w0.wtns" "$t/flip.wtns" <<'PY'
import sys; b=bytearray(open(sys.argv[1],'rb').read()); b[-40]^=1; open(sys.argv[2],'wb').write(b)
PY
check_fail "witness with one flipped bit (unsatisfied)" flip.wtns -- "$prove" prove --zkey "$data/main/circuit.zkey" --witness "$t/flip.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
check_fail "... with --r1cs names the constraint" constraint -- "$prove" prove --zkey "$data/main/circuit.zkey" --witness "$t/flip.wtns" --r1cs "$data/main/circuit.r1cs" --proof "$t/x.proof.json" --public "$t/x.public.json"
check_fail "witness of another circuit" other/w0.wtns -- "$prove" prove --zkey "$data/main/circuit.zkey" --witness "$data/other/w0.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
check_fail "witness of the other curve (a bls12381 witness for a bn128 key)" tiny/w0.wtns -- "$prove" prove --zkey "$data/tiny-bn128/circuit.zkey" --witness "$data/tiny/w0.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
check_fail "unwritable output" /nonexistent -- "$prove" prove --zkey "$data/tiny/circuit.zkey" --witness "$data/tiny/w0.wtns" --proof /nonexistent/x.proof.json --public "$t/x.public.json"

finish
