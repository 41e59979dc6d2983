#!/usr/bin/env bash
# Interop of cuzk-prove with snarkjs 0.7.6 on the committed bn128 (BN254) fixtures, the bn128 half of
# cli_interop.sh (issue 44):
#  1. every bn128 fixture witness proves with the same CLI as BLS12-381; proof.json says "curve": "bn128" and has
#     snarkjs's shape, public.json holds the witness's public signals (fixture.json), and the proof passes
#     `snarkjs groth16 verify` (--strict), the independent noble-verify.mjs, and our own verify;
#  2. our verifier accepts snarkjs's proof and rejects it with a public input or a coordinate changed;
#  3. export-vkey equals the fixture's verification_key.json (snarkjs's) byte for byte;
#  4. keys from our single-party setup of a bn128 .r1cs: snarkjs exports their vkey (equal to ours) and
#     verifies our proofs;
#  5. a witness of the other curve (either way round) or of another circuit: exit 2, one line naming the
#     witness, no proof file left behind.
# While `cuzk-prove prove` refuses a bn128 key as an unsupported curve (before issue 44 lands), the test is
# skipped (exit 77) with that message; it is detected at run time by proving tiny-bn128/w0.wtns.
#   cli_interop_bn128.sh <cuzk-prove> <source dir>
set -u
prove=$1; src=$2
js=$src/tests/interop; data=$src/data/fixtures
# shellcheck source=tests/interop/harness.sh
. "$js/harness.sh"   # skip without node_modules; $t; ok, bad, expect, finish

# Does cuzk-prove prove bn128 yet? A refusal that names the curve means "not yet" (skip); any other failure
# of this valid key + witness is a failure of the test, reported below with the rest.
"$prove" prove --zkey "$data/tiny-bn128/circuit.zkey" --witness "$data/tiny-bn128/w0.wtns" \
  --proof "$t/probe.proof.json" --public "$t/probe.public.json" >"$t/probe" 2>&1
probe=$?
if [ "$probe" != 0 ] && grep -Eiq 'not a BLS12-381 key|(unsupported|not supported).*(curve|bn128|bn254)|(curve|bn128|bn254).*(unsupported|not supported)' "$t/probe"; then
  echo "SKIP: cuzk-prove does not prove bn128 keys yet (issue 44); it said (exit $probe):"
  sed 's/^/  /' "$t/probe"
  exit 77
fi

[ "$probe" = 0 ] && ok "probe: tiny-bn128/w0 proves" || { bad "probe: tiny-bn128/w0 (exit $probe)"; sed 's/^/     /' "$t/probe"; }

# public.json of a witness equals the public signals describe.mjs recorded in fixture.json.
same_public() { # FIXTURE_DIR WITNESS_NAME PUBLIC.json
  node -e 'const fs = require("fs"); const f = JSON.parse(fs.readFileSync(process.argv[1])).files[process.argv[2]];
    const p = JSON.parse(fs.readFileSync(process.argv[3]));
    if (!f || JSON.stringify(p) !== JSON.stringify(f.public)) { console.error("public.json " + JSON.stringify(p) + " != fixture.json " + JSON.stringify(f && f.public)); process.exit(1); }' \
    "$1/fixture.json" "$2" "$3"
}

for c in tiny-bn128 main-bn128 other-bn128; do
  d=$data/$c; vk=$d/verification_key.json
  for w in "$d"/w*.wtns; do
    n=$(basename "$w" .wtns); p=$t/$c-$n
    expect 0 "$c/$n: cuzk-prove prove" -- "$prove" prove --zkey "$d/circuit.zkey" --witness "$w" \
      --proof "$p.proof.json" --public "$p.public.json"
    expect 0 "$c/$n: proof.json says \"curve\": \"bn128\"" -- grep -q '"curve": "bn128"' "$p.proof.json"
    expect 0 "$c/$n: proof json has snarkjs's exact shape" -- node "$js/check-format.mjs" proof "$p.proof.json" --curve bn128
    expect 0 "$c/$n: public json has snarkjs's exact shape" -- node "$js/check-format.mjs" public "$p.public.json" --curve bn128
    expect 0 "$c/$n: public.json = the witness's public signals" -- same_public "$d" "$n.wtns" "$p.public.json"
    expect 0 "$c/$n: snarkjs groth16 verify accepts our proof" -- node "$js/verify.mjs" "$vk" "$p.public.json" "$p.proof.json" --strict
    expect 0 "$c/$n: noble-verify accepts our proof" -- node "$js/noble-verify.mjs" "$vk" "$p.public.json" "$p.proof.json"
    expect 0 "$c/$n: our verify accepts our proof" -- "$prove" verify --vkey "$vk" --public "$p.public.json" --proof "$p.proof.json"
  done

  expect 0 "$c: our verifier accepts snarkjs's proof" -- "$prove" verify --vkey "$vk" --public "$d/public.json" --proof "$d/proof.json"
  node "$js/mutate.mjs" public "$d/public.json" "$t/pub-bad.json" 0 --curve bn128 >/dev/null
  expect 1 "$c: ... rejects it with public[0] + 1" -- "$prove" verify --vkey "$vk" --public "$t/pub-bad.json" --proof "$d/proof.json"
  node "$js/mutate.mjs" public-r "$d/public.json" "$t/pub-r.json" 0 --curve bn128 >/dev/null
  expect 1 "$c: ... rejects it with public[0] + r (>= r)" -- "$prove" verify --vkey "$vk" --public "$t/pub-r.json" --proof "$d/proof.json"
  for f in pi_a.x pi_b.y.c1 pi_c.y; do
    node "$js/mutate.mjs" proof "$d/proof.json" "$t/proof-bad.json" $f >/dev/null
    expect 1 "$c: ... rejects it with $f + 1" -- "$prove" verify --vkey "$vk" --public "$d/public.json" --proof "$t/proof-bad.json"
  done
  for m in proof-swap proof-b-torsion; do
    node "$js/mutate.mjs" $m "$d/proof.json" "$t/proof-bad.json" >/dev/null
    expect 1 "$c: ... rejects it with $m" -- "$prove" verify --vkey "$vk" --public "$d/public.json" --proof "$t/proof-bad.json"
  done

  expect 0 "$c: export-vkey" -- "$prove" export-vkey --zkey "$d/circuit.zkey" --out "$t/$c-vk.json"
  expect 0 "$c: export-vkey equals snarkjs's (semantically)" -- node "$js/compare-json.mjs" "$t/$c-vk.json" "$vk"
  expect 0 "$c: export-vkey equals verification_key.json byte for byte" -- cmp "$t/$c-vk.json" "$vk"
done

# Keys from our single-party setup of a bn128 .r1cs are accepted by snarkjs.
for c in tiny-bn128 main-bn128; do
  d=$data/$c
  expect 0 "$c: cuzk-prove setup" -- "$prove" setup --r1cs "$d/circuit.r1cs" --out "$t/$c-setup.zkey" --seed 42
  expect 0 "$c: snarkjs exports the vkey of our key" -- node "$js/export-vkey.mjs" "$t/$c-setup.zkey" "$t/$c-setup-vk.json"
  expect 0 "$c: it says \"curve\": \"bn128\"" -- grep -q '"curve": "bn128"' "$t/$c-setup-vk.json"
  expect 0 "$c: our export-vkey of our key equals snarkjs's" -- sh -c "\"$prove\" export-vkey --zkey \"$t/$c-setup.zkey\" --out \"$t/$c-setup-vk2.json\" && cmp \"$t/$c-setup-vk.json\" \"$t/$c-setup-vk2.json\""
  expect 0 "$c: prove with our key" -- "$prove" prove --zkey "$t/$c-setup.zkey" --witness "$d/w1.wtns" \
    --proof "$t/$c-setup.proof.json" --public "$t/$c-setup.public.json"
  expect 0 "$c: snarkjs verifies a proof made with our key" -- \
    node "$js/verify.mjs" "$t/$c-setup-vk.json" "$t/$c-setup.public.json" "$t/$c-setup.proof.json" --strict
  expect 0 "$c: noble-verify verifies it" -- node "$js/noble-verify.mjs" "$t/$c-setup-vk.json" "$t/$c-setup.public.json" "$t/$c-setup.proof.json"
  expect 0 "$c: snarkjs proves with our key, and we verify it" -- sh -c "node \"$js/prove.mjs\" \"$t/$c-setup.zkey\" \"$d/w0.wtns\" \"$t/$c-sj.proof.json\" \"$t/$c-sj.public.json\" && \"$prove\" verify --vkey \"$t/$c-setup-vk.json\" --public \"$t/$c-sj.public.json\" --proof \"$t/$c-sj.proof.json\""
done

# A witness of the other curve or another circuit: exit 2, one line naming the witness, nothing written.
wrong() { # what witness-name-to-find -- command...
  local what=$1 name=$2; shift 3
  rm -f "$t/x.proof.json" "$t/x.public.json"
  "$@" >"$t/out" 2>&1; local got=$?
  if [ "$got" = 2 ] && [ "$(wc -l <"$t/out")" = 1 ] && grep -qF -- "$name" "$t/out" && [ ! -e "$t/x.proof.json" ] && [ ! -e "$t/x.public.json" ] \
     && [ -z "$(find "$t" -mindepth 1 -maxdepth 1 -name '*tmp.*')" ]; then
    ok "$what (exit 2): $(cat "$t/out")"
  else bad "$what (exit $got; want 2 and one line naming $name, no output)"; sed 's/^/     /' "$t/out"; fi
}
wrong "BLS12-381 witness with a bn128 key" tiny/w0.wtns -- "$prove" prove --zkey "$data/tiny-bn128/circuit.zkey" \
  --witness "$data/tiny/w0.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
wrong "bn128 witness with a BLS12-381 key" tiny-bn128/w0.wtns -- "$prove" prove --zkey "$data/tiny/circuit.zkey" \
  --witness "$data/tiny-bn128/w0.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
wrong "BLS12-381 main witness with the main-bn128 key" main/w2.wtns -- "$prove" prove --zkey "$data/main-bn128/circuit.zkey" \
  --witness "$data/main/w2.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"
wrong "bn128 witness of another circuit" other-bn128/w0.wtns -- "$prove" prove --zkey "$data/main-bn128/circuit.zkey" \
  --witness "$data/other-bn128/w0.wtns" --proof "$t/x.proof.json" --public "$t/x.public.json"

finish
