#!/usr/bin/env node
// Checks that a JSON file has exactly the shape snarkjs writes (for our writers' output).
//   node tests/interop/check-format.mjs proof|public|vkey FILE [--curve bls12381|bn128]
// proof : keys pi_a, pi_b, pi_c, protocol "groth16", curve; affine ("1" / ["1","0"]); canonical decimals < q.
// public: array of canonical decimal strings < r.
// vkey  : protocol, curve, nPublic, vk_alpha_1, vk_beta_2, vk_gamma_2, vk_delta_2, vk_alphabeta_12, IC[nPublic+1].
// Exit 0 ok, 1 format problem (printed), 2 error (unreadable / not JSON).
import { readJson, die, CURVES } from './lib.mjs';

const [kind, file, ...rest] = process.argv.slice(2);
if (!file) die('check-format.mjs', 2, 'usage: check-format.mjs proof|public|vkey FILE [--curve C]');
let j; try { j = readJson(file); } catch (e) { die('check-format.mjs', 2, 'error: ' + e.message); }
const ci = rest.indexOf('--curve');
const errs = [];
const curveName = ci >= 0 ? rest[ci + 1] : (j && j.curve) || 'bls12381';
const cp = Object.hasOwn(CURVES, curveName) ? CURVES[curveName] : null; if (!cp) die('check-format.mjs', 1, file + ': unknown curve ' + curveName);
const num = (v, max, p) => {
  if (typeof v !== 'string' || !/^(0|[1-9]\d*)$/.test(v)) { errs.push(`${p}: not a canonical decimal string: ${JSON.stringify(v)}`); return; }
  if (BigInt(v) >= max) errs.push(`${p}: ${v} >= modulus`);
};
const g1 = (v, p, z = true) => { if (!Array.isArray(v) || v.length !== 3) return errs.push(`${p}: not [x, y, z]`); num(v[0], cp.q, p + '[0]'); num(v[1], cp.q, p + '[1]'); if (z && v[2] !== '1') errs.push(`${p}[2]: z is ${JSON.stringify(v[2])}, want "1"`); };
const f2 = (v, p) => { if (!Array.isArray(v) || v.length !== 2) return errs.push(`${p}: not an Fq2 pair`); num(v[0], cp.q, p + '[0]'); num(v[1], cp.q, p + '[1]'); };
const g2 = (v, p) => { if (!Array.isArray(v) || v.length !== 3) return errs.push(`${p}: not [x, y, z]`); f2(v[0], p + '[0]'); f2(v[1], p + '[1]'); if (JSON.stringify(v[2]) !== '["1","0"]') errs.push(`${p}[2]: z is ${JSON.stringify(v[2])}, want ["1","0"]`); };
const keys = (want) => { const got = Object.keys(j); for (const k of want) if (!got.includes(k)) errs.push(`missing key ${k}`); for (const k of got) if (!want.includes(k)) errs.push(`unexpected key ${k}`); };
if (kind === 'proof') {
  keys(['pi_a', 'pi_b', 'pi_c', 'protocol', 'curve']);
  g1(j.pi_a, 'pi_a'); g2(j.pi_b, 'pi_b'); g1(j.pi_c, 'pi_c');
  if (j.protocol !== 'groth16') errs.push('protocol is not "groth16"');
  if (j.curve !== curveName) errs.push(`curve is ${JSON.stringify(j.curve)}`);
} else if (kind === 'public') {
  if (!Array.isArray(j)) errs.push('not an array'); else j.forEach((v, i) => num(v, cp.r, `[${i}]`));
} else if (kind === 'vkey') {
  keys(['protocol', 'curve', 'nPublic', 'vk_alpha_1', 'vk_beta_2', 'vk_gamma_2', 'vk_delta_2', 'vk_alphabeta_12', 'IC']);
  if (j.protocol !== 'groth16') errs.push('protocol is not "groth16"');
  if (!Number.isInteger(j.nPublic)) errs.push('nPublic is not an integer');
  g1(j.vk_alpha_1, 'vk_alpha_1'); g2(j.vk_beta_2, 'vk_beta_2'); g2(j.vk_gamma_2, 'vk_gamma_2'); g2(j.vk_delta_2, 'vk_delta_2');
  const ab = j.vk_alphabeta_12;
  if (!Array.isArray(ab) || ab.length !== 2) errs.push('vk_alphabeta_12: not 2 x 3 x 2');
  else ab.forEach((a, i) => { if (!Array.isArray(a) || a.length !== 3) errs.push(`vk_alphabeta_12[${i}]: not 3 x 2`); else a.forEach((b, k) => f2(b, `vk_alphabeta_12[${i}][${k}]`)); });
  if (!Array.isArray(j.IC) || j.IC.length !== j.nPublic + 1) errs.push(`IC: want nPublic+1 = ${j.nPublic + 1} points`);
  else j.IC.forEach((v, i) => g1(v, `IC[${i}]`));
} else die('check-format.mjs', 2, 'unknown kind ' + kind);
if (errs.length) { console.log(file + ': ' + errs.join('\n' + file + ': ')); process.exit(1); }
console.log('OK'); process.exit(0);
