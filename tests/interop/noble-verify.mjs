#!/usr/bin/env node
// Groth16 verification with @noble/curves only: an implementation independent of cuzk and of snarkjs
// (ffjavascript), for both snarkjs curves; the curve is taken from vkey.curve (bls12381 -> noble's bls12_381,
// bn128 -> noble's bn254).
//   node tests/interop/noble-verify.mjs VKEY.json PUBLIC.json PROOF.json
// Checks: every point (proof and key) has canonical decimal coordinates < q, is affine, on its curve and of
// order r (G2 of both curves, G1 of BLS12-381; BN254's G1 has cofactor 1); public inputs are canonical decimals
// < r, as many as vkey.nPublic; then
//   e(A, B) = e(alpha, beta) * e(L, gamma) * e(C, delta),  L = IC[0] + sum_i public[i] * IC[i+1]
// as one product of four pairings equal to 1.
// Exit 0: valid ("OK"). 1: invalid (the proof or the public inputs; "INVALID: why" on stderr). 2: error
// (unreadable or malformed file, unknown curve, a key point that is not valid, noble missing).
import fs from 'node:fs';
import { CURVES, Invalid, nobleCurve, canonical, pointFromJson, proofPoints } from './lib.mjs';

const me = 'noble-verify.mjs';
const args = process.argv.slice(2);
if (args.length !== 3) { console.error(`usage: ${me} VKEY PUBLIC PROOF`); process.exit(2); }
const [vkPath, pubPath, proofPath] = args;
const fail = (code, msg) => { console.error(`${me}: ${msg}`); if (code === 1) console.log('INVALID'); process.exit(code); };

const files = {};
for (const [k, f] of [['vk', vkPath], ['pub', pubPath], ['proof', proofPath]]) {
  try { files[k] = JSON.parse(fs.readFileSync(f, 'utf8')); } catch (e) { fail(2, `error: ${f}: ${e.message}`); }
}
const { vk, pub, proof } = files;

// The key: any problem with it is an error (2), not an invalid proof.
let cv, key;
try {
  if (vk === null || typeof vk !== 'object') throw new Error('not a JSON object');
  if (vk.protocol !== 'groth16') throw new Error('protocol is not groth16');
  if (!Object.hasOwn(CURVES, vk.curve)) throw new Error('unknown curve ' + JSON.stringify(vk.curve));
  if (!Number.isSafeInteger(vk.nPublic) || vk.nPublic < 0) throw new Error('nPublic is not a non-negative integer');
  if (!Array.isArray(vk.IC) || vk.IC.length !== vk.nPublic + 1) throw new Error(`IC does not have nPublic + 1 = ${vk.nPublic + 1} points`);
  try { cv = await nobleCurve(vk.curve); } catch (e) { throw new Error(`cannot load @noble/curves for ${vk.curve} (run npm install in tests/interop): ${e.message}`); }
  key = {
    alpha: pointFromJson(cv, 'G1', vk.vk_alpha_1, 'vk_alpha_1'),
    beta: pointFromJson(cv, 'G2', vk.vk_beta_2, 'vk_beta_2'),
    gamma: pointFromJson(cv, 'G2', vk.vk_gamma_2, 'vk_gamma_2'),
    delta: pointFromJson(cv, 'G2', vk.vk_delta_2, 'vk_delta_2'),
    IC: vk.IC.map((p, i) => pointFromJson(cv, 'G1', p, `IC[${i}]`, { allowInfinity: true })),
  };
} catch (e) { fail(2, `error: ${vkPath}: ${e.message}`); }

// The public inputs and the proof: a problem with them makes the proof invalid (1).
if (!Array.isArray(pub)) fail(2, `error: ${pubPath}: not a JSON array`);
let L, A, B, C;
try {
  if (pub.length !== vk.nPublic) throw new Invalid(`${pubPath} has ${pub.length} public signals, the key has nPublic = ${vk.nPublic}`);
  const xs = pub.map((v, i) => canonical(v, cv.r, `${pubPath}: public[${i}]`));
  L = xs.reduce((acc, x, i) => acc.add(key.IC[i + 1].multiplyUnsafe(x)), key.IC[0]);
  ({ A, B, C } = proofPoints(cv, proof));
} catch (e) {
  if (e instanceof Invalid) fail(1, 'INVALID: ' + e.message);
  fail(2, `error: ${e.message}`);
}

// e(-A, B) * e(alpha, beta) * e(L, gamma) * e(C, delta) == 1. noble refuses the point at infinity in a
// pairing; e(O, Q) = 1, so such a term is left out (only L can be O here: the others were checked above).
const pairs = [{ g1: A.negate(), g2: B }, { g1: key.alpha, g2: key.beta }, { g1: L, g2: key.gamma }, { g1: C, g2: key.delta }]
  .filter((p) => !p.g1.is0());
const { Fp12 } = cv.c.fields;
if (!Fp12.eql(cv.c.pairingBatch(pairs), Fp12.ONE)) fail(1, 'INVALID: the pairing equation does not hold');
console.log('OK');
process.exit(0);
