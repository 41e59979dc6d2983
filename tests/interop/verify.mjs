#!/usr/bin/env node
// snarkjs groth16 verify through the JS API (no network, no CLI).
//   node tests/interop/verify.mjs VKEY.json PUBLIC.json PROOF.json
// Exit 0: valid. 1: invalid (snarkjs returns false: bad pairing, public input >= r,
// point not on the curve). 2: error (missing/unparsable file, malformed JSON, unknown curve,
// snarkjs threw). The curve is taken from vkey.curve, like `snarkjs groth16 verify`.
// Note: snarkjs itself does not check public.length == vkey.nPublic; we do (-> exit 1), since
// a shorter public.json would otherwise be verified against a prefix of IC.
//   --strict (after the files): additionally reject (exit 1) what snarkjs 0.7.6 lets through: proof
//   coordinates that are not canonical decimals < q (snarkjs reduces x+q mod q and accepts), and (BLS12-381)
//   proof points outside the prime-order subgroup (snarkjs only checks the curve equation; via @noble/curves).
import fs from 'node:fs';
let snarkjs;
try { snarkjs = await import('snarkjs'); } catch (e) {
  console.error(process.argv[1] + ': error: cannot load snarkjs (run npm install in tests/interop): ' + e.message); process.exit(2);
}

const strict = process.argv.includes('--strict');
const [vkPath, pubPath, proofPath] = process.argv.slice(2).filter((a) => a !== '--strict');
if (!proofPath) { console.error('usage: verify.mjs VKEY PUBLIC PROOF'); process.exit(2); }
let vk, pub, proof;
try {
  vk = JSON.parse(fs.readFileSync(vkPath, 'utf8'));
  pub = JSON.parse(fs.readFileSync(pubPath, 'utf8'));
  proof = JSON.parse(fs.readFileSync(proofPath, 'utf8'));
} catch (e) { console.error('verify.mjs: error: ' + e.message); process.exit(2); }
try {
  if (!Array.isArray(pub)) throw new Error(pubPath + ': not a JSON array');
  if (vk.protocol !== 'groth16') throw new Error(vkPath + ': protocol is not groth16');
  if (pub.length !== vk.nPublic) {
    console.error(`verify.mjs: INVALID: ${pubPath} has ${pub.length} public signals, vkey nPublic = ${vk.nPublic}`);
    process.exit(1);
  }
  if (strict) {
    const why = await strictCheck(vk, proof);
    if (why) { console.error('verify.mjs: INVALID (strict): ' + why); console.log('INVALID'); process.exit(1); }
  }
  const logger = { error: (m) => console.error('snarkjs: ' + m), info: () => {}, warn: () => {}, debug: () => {} };
  const ok = await snarkjs.groth16.verify(vk, pub, proof, logger);
  console.log(ok ? 'OK' : 'INVALID');
  process.exit(ok ? 0 : 1);
} catch (e) { console.error('verify.mjs: error: ' + (e && e.message ? e.message : e)); process.exit(2); }

async function strictCheck(vk, p) {
  const Q = { bls12381: 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n,
              bn128: 21888242871839275222246405745257275088696311157297823662689037894645226208583n }[vk.curve];
  if (!Q) return 'unknown curve ' + vk.curve;
  const canon = (v) => typeof v === 'string' && /^(0|[1-9]\d*)$/.test(v) && BigInt(v) < Q;
  const coords = [['pi_a', p.pi_a && p.pi_a.slice(0, 2)], ['pi_c', p.pi_c && p.pi_c.slice(0, 2)], ['pi_b', p.pi_b && [...p.pi_b[0], ...p.pi_b[1]]]];
  for (const [n, cs] of coords) {
    if (!Array.isArray(cs) || cs.some((c) => !canon(c))) return n + ': coordinate not a canonical decimal < q';
  }
  if (p.pi_a[2] !== '1' || p.pi_c[2] !== '1' || JSON.stringify(p.pi_b[2]) !== '["1","0"]') return 'proof not affine (z != 1)';
  if (vk.curve !== 'bls12381') return null;
  let bls;
  try { ({ bls12_381: bls } = await import('@noble/curves/bls12-381.js')); } catch (e) { console.error('verify.mjs: error: cannot load @noble/curves: ' + e.message); process.exit(2); }
  const { Fp2 } = bls.fields; const B = BigInt;
  try {
    bls.G1.Point.fromAffine({ x: B(p.pi_a[0]), y: B(p.pi_a[1]) }).assertValidity();
    bls.G1.Point.fromAffine({ x: B(p.pi_c[0]), y: B(p.pi_c[1]) }).assertValidity();
    bls.G2.Point.fromAffine({ x: Fp2.create({ c0: B(p.pi_b[0][0]), c1: B(p.pi_b[0][1]) }), y: Fp2.create({ c0: B(p.pi_b[1][0]), c1: B(p.pi_b[1][1]) }) }).assertValidity();
  } catch (e) { return 'proof point not on the curve or not in the subgroup (' + e.message + ')'; }
  return null;
}
