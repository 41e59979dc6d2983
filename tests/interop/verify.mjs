#!/usr/bin/env node
// snarkjs groth16 verify through the JS API (no network, no CLI).
//   node tests/interop/verify.mjs VKEY.json PUBLIC.json PROOF.json
// Exit 0: valid. 1: invalid (snarkjs returns false: bad pairing, public input >= r,
// point not on the curve). 2: error (missing/unparsable file, malformed JSON, unknown curve,
// snarkjs threw). The curve is taken from vkey.curve, like `snarkjs groth16 verify`.
// Note: snarkjs itself does not check public.length == vkey.nPublic; we do (-> exit 1), since
// a shorter public.json would otherwise be verified against a prefix of IC.
//   --strict (after the files): additionally reject (exit 1) what snarkjs 0.7.6 lets through: proof
//   coordinates that are not canonical decimals < q (snarkjs reduces x+q mod q and accepts), and proof points
//   outside the prime-order subgroup (snarkjs only checks the curve equation), both curves, via @noble/curves
//   (lib.mjs proofPoints, shared with noble-verify.mjs).
import fs from 'node:fs';
import { CURVES, Invalid, nobleCurve, proofPoints } from './lib.mjs';
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
  if (!Object.hasOwn(CURVES, vk.curve)) return 'unknown curve ' + vk.curve;
  let cv;
  try { cv = await nobleCurve(vk.curve); } catch (e) { console.error('verify.mjs: error: cannot load @noble/curves: ' + e.message); process.exit(2); }
  try { proofPoints(cv, p); } catch (e) { if (e instanceof Invalid) return e.message; throw e; }
  return null;
}
