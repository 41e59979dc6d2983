#!/usr/bin/env bash
# The committed snarkjs fixtures of both curves (data/fixtures/*/, BLS12-381 and bn128) against two
# verifiers that share no code with cuzk or with each other's arithmetic: snarkjs 0.7.6 (verify.mjs,
# ffjavascript) and noble-verify.mjs (@noble/curves). Needs no cuzk binary.
#  1. every folder's proof.json, and a snarkjs proof of every witness made now (main*/w2 has x = r - 1):
#     both verifiers accept; check-format.mjs accepts proof, public and vkey; the folder holds exactly the
#     files fixture.json lists, unchanged, and verification_key.json is snarkjs's export of circuit.zkey;
#  2. tampered proofs and public inputs (mutate.mjs): both reject (exit 1) — a public input + 1 or + r,
#     a coordinate + 1 (off the curve), pi_a and pi_c swapped, -pi_a, pi_b on the curve outside the
#     order-r subgroup (pi_a too for BLS12-381), one public input missing, another key of the same curve
#     and size, the other curve's proof (snarkjs without --strict); a coordinate + q (snarkjs accepts
#     it; noble-verify and verify.mjs --strict reject it);
#  3. broken keys and files: noble-verify exits 2.
#   fixtures_verify.sh <source dir>
set -u
src=$1
js=$src/tests/interop; data=$src/data/fixtures
# shellcheck source=tests/interop/harness.sh
. "$js/harness.sh"   # skip without node_modules; $t; ok, bad, expect, finish
both() { # both CODE DESCRIPTION VKEY PUBLIC PROOF: snarkjs and noble-verify give CODE (snarkjs accepts with
  # verify.mjs --strict, and rejects on its own, without the strict checks that share lib.mjs with noble-verify)
  local strict=; [ "$1" = 0 ] && strict=--strict
  expect "$1" "$2: snarkjs" -- node "$js/verify.mjs" "$3" "$4" "$5" $strict
  expect "$1" "$2: noble" -- node "$js/noble-verify.mjs" "$3" "$4" "$5"
}
curve_of() { node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).curve)' "$1"; }

folders=()
for d in "$data"/*/; do [ -f "$d/proof.json" ] && folders+=("$(basename "$d")"); done
seen_bn128=0
for c in "${folders[@]}"; do
  d=$data/$c; vk=$d/verification_key.json; curve=$(curve_of "$vk")
  [ "$curve" = bn128 ] && seen_bn128=$((seen_bn128 + 1))
  both 0 "$c ($curve): the committed proof" "$vk" "$d/public.json" "$d/proof.json"
  expect 0 "$c: the files are those fixture.json lists (bytes, sha256)" -- node -e 'const fs = require("fs");
    const { createHash } = require("crypto"); const d = process.argv[1]; const f = JSON.parse(fs.readFileSync(d + "/fixture.json")).files;
    const have = fs.readdirSync(d).filter((n) => n !== "fixture.json").sort(); let bad = 0;
    if (JSON.stringify(have) !== JSON.stringify(Object.keys(f).sort())) { console.error("files " + have + " != listed " + Object.keys(f).sort()); bad = 1; }
    for (const n of have) { const b = fs.readFileSync(d + "/" + n); const e = f[n] || {};
      if (b.length !== e.bytes || createHash("sha256").update(b).digest("hex") !== e.sha256) { console.error(n + ": differs from fixture.json"); bad = 1; } }
    process.exit(bad)' "$d"
  if node "$js/export-vkey.mjs" "$d/circuit.zkey" "$t/$c-vk.json" >"$t/out" 2>&1; then
    expect 0 "$c: verification_key.json is snarkjs's export of circuit.zkey, byte for byte" -- cmp "$t/$c-vk.json" "$vk"
  else bad "$c: snarkjs export-vkey of circuit.zkey"; sed 's/^/     /' "$t/out"; fi
  for k in proof public vkey; do
    f=$d/$k.json; [ $k = vkey ] && f=$vk
    expect 0 "$c: $k has snarkjs's shape" -- node "$js/check-format.mjs" $k "$f" --curve "$curve"
  done
  for w in "$d"/w*.wtns; do
    n=$(basename "$w" .wtns)
    if node "$js/prove.mjs" "$d/circuit.zkey" "$w" "$t/$c-$n.proof.json" "$t/$c-$n.public.json" >"$t/out" 2>&1; then
      both 0 "$c/$n: snarkjs's proof made now" "$vk" "$t/$c-$n.public.json" "$t/$c-$n.proof.json"
    else bad "$c/$n: snarkjs prove"; sed 's/^/     /' "$t/out"; fi
  done

  m() { node "$js/mutate.mjs" "$@" --curve "$curve" >"$t/out" 2>&1 || { bad "mutate.mjs $*"; sed 's/^/     /' "$t/out"; }; }
  m public "$d/public.json" "$t/pub.json" 0;   both 1 "$c: public[0] + 1" "$vk" "$t/pub.json" "$d/proof.json"
  m public-r "$d/public.json" "$t/pub.json" 1; both 1 "$c: public[1] + r" "$vk" "$t/pub.json" "$d/proof.json"
  node -e 'const fs = require("fs"); const p = JSON.parse(fs.readFileSync(process.argv[1])); fs.writeFileSync(process.argv[2], JSON.stringify(p.slice(0, -1)))' \
    "$d/public.json" "$t/pub-short.json"
  both 1 "$c: one public input missing" "$vk" "$t/pub-short.json" "$d/proof.json"
  for f in pi_a.x pi_b.x.c0 pi_b.y.c1 pi_c.y; do
    m proof "$d/proof.json" "$t/p.json" $f; both 1 "$c: $f + 1" "$vk" "$d/public.json" "$t/p.json"
  done
  for mode in proof-swap proof-neg proof-b-torsion; do
    m $mode "$d/proof.json" "$t/p.json"; both 1 "$c: $mode" "$vk" "$d/public.json" "$t/p.json"
  done
  if [ "$curve" = bls12381 ]; then
    m proof-a-torsion "$d/proof.json" "$t/p.json"; both 1 "$c: proof-a-torsion" "$vk" "$d/public.json" "$t/p.json"
  fi
  m proof-q "$d/proof.json" "$t/p.json" pi_c.x
  expect 0 "$c: pi_c.x + q: snarkjs accepts it (the reason for --strict)" -- node "$js/verify.mjs" "$vk" "$d/public.json" "$t/p.json"
  expect 1 "$c: pi_c.x + q: snarkjs --strict" -- node "$js/verify.mjs" "$vk" "$d/public.json" "$t/p.json" --strict
  expect 1 "$c: pi_c.x + q: noble" -- node "$js/noble-verify.mjs" "$vk" "$d/public.json" "$t/p.json"

  # Another key of the same curve and the same number of public inputs: valid points, wrong key.
  for o in "${folders[@]}"; do
    ov=$data/$o/verification_key.json
    if [ "$o" != "$c" ] && [ "$(curve_of "$ov")" = "$curve" ] && cmp -s <(grep '"nPublic"' "$ov") <(grep '"nPublic"' "$vk"); then
      both 1 "$c: its proof with $o's key" "$ov" "$d/public.json" "$d/proof.json"
    fi
  done
done

# The other curve's proof and public inputs under each curve's key.
if [ -d "$data/tiny" ] && [ -d "$data/tiny-bn128" ]; then
  both 1 "tiny's proof with tiny-bn128's key" "$data/tiny-bn128/verification_key.json" "$data/tiny/public.json" "$data/tiny/proof.json"
  both 1 "tiny-bn128's proof with tiny's key" "$data/tiny/verification_key.json" "$data/tiny-bn128/public.json" "$data/tiny-bn128/proof.json"
fi

# Errors (exit 2): the key or a file is unusable.
d=$data/tiny-bn128; vk=$d/verification_key.json
expect 2 "noble: missing proof file" -- node "$js/noble-verify.mjs" "$vk" "$d/public.json" "$t/none.json"
printf '{"pi_a": [' >"$t/trunc.json"
expect 2 "noble: truncated JSON" -- node "$js/noble-verify.mjs" "$vk" "$d/public.json" "$t/trunc.json"
sed 's/"bn128"/"bn256"/' "$vk" >"$t/vk.json"
expect 2 "noble: unknown curve in the key" -- node "$js/noble-verify.mjs" "$t/vk.json" "$d/public.json" "$d/proof.json"
node -e 'const fs = require("fs"); const v = JSON.parse(fs.readFileSync(process.argv[1])); v.IC[1][0] = (BigInt(v.IC[1][0]) + 1n).toString();
  fs.writeFileSync(process.argv[2], JSON.stringify(v))' "$vk" "$t/vk-ic.json"
expect 2 "noble: a key point off the curve" -- node "$js/noble-verify.mjs" "$t/vk-ic.json" "$d/public.json" "$d/proof.json"
node "$js/mutate.mjs" proof-b-torsion "$d/proof.json" "$t/p.json" >/dev/null 2>&1 && node -e 'const fs = require("fs");
  const v = JSON.parse(fs.readFileSync(process.argv[1])); v.vk_delta_2 = JSON.parse(fs.readFileSync(process.argv[2])).pi_b;
  fs.writeFileSync(process.argv[3], JSON.stringify(v))' "$vk" "$t/p.json" "$t/vk-delta.json"
expect 2 "noble: vk_delta_2 outside the order-r subgroup" -- node "$js/noble-verify.mjs" "$t/vk-delta.json" "$d/public.json" "$d/proof.json"

[ "$seen_bn128" -ge 3 ] && ok "bn128 folders checked: $seen_bn128" || bad "bn128 folders checked: $seen_bn128 (want tiny-bn128, main-bn128, other-bn128)"
finish
