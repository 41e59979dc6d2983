// Shared helpers for the cuzk interop scripts (no network, no CLI).
import fs from 'node:fs';
import path from 'node:path';

// JSON exactly as the snarkjs CLI writes it (bfj.write with {space: 1}): one-space indent,
// empty arrays/objects as "[\n<indent>]", no trailing newline. Written to a temp file, then renamed.
export function toSnarkjsJson(v, ind = '') {
  const nx = ind + ' ';
  if (typeof v === 'bigint') return JSON.stringify(v.toString());
  if (Array.isArray(v)) {
    if (v.length === 0) return '[\n' + ind + ']';
    return '[\n' + v.map((x) => nx + toSnarkjsJson(x, nx)).join(',\n') + '\n' + ind + ']';
  }
  if (v !== null && typeof v === 'object') {
    const ks = Object.keys(v).filter((k) => v[k] !== undefined);
    if (ks.length === 0) return '{\n' + ind + '}';
    return '{\n' + ks.map((k) => nx + JSON.stringify(k) + ': ' + toSnarkjsJson(v[k], nx)).join(',\n') + '\n' + ind + '}';
  }
  return JSON.stringify(v);
}

export async function writeJson(file, v) {
  const tmp = path.join(path.dirname(file), '.' + path.basename(file) + '.tmp' + process.pid);
  fs.writeFileSync(tmp, toSnarkjsJson(v));
  fs.renameSync(tmp, file);
}

export function readJson(file) { return JSON.parse(fs.readFileSync(file, 'utf8')); }

export function die(script, code, msg) { console.error(script + ': ' + msg); process.exit(code); }

// The two curves of snarkjs Groth16 files, by the name snarkjs writes in "curve": base field q, scalar field r,
// and the @noble/curves module that implements them (independent of cuzk and of snarkjs's ffjavascript).
export const CURVES = {
  bls12381: { q: 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n,
              r: 52435875175126190479447740508185965837690552500527637822603658699938581184513n,
              module: '@noble/curves/bls12-381.js', exportName: 'bls12_381' },
  bn128: { q: 21888242871839275222246405745257275088696311157297823662689037894645226208583n,
           r: 21888242871839275222246405745257275088548364400416034343698204186575808495617n,
           module: '@noble/curves/bn254.js', exportName: 'bn254' },
};

// A proof, key or public input that is well-formed JSON but not a valid value (-> "invalid", not "error").
export class Invalid extends Error {}

// { name, q, r, c: the noble curve } for a snarkjs curve name; throws Error for an unknown one.
export async function nobleCurve(name) {
  const p = Object.hasOwn(CURVES, name) ? CURVES[name] : null;
  if (!p) throw new Error('unknown curve ' + JSON.stringify(name));
  const c = (await import(p.module))[p.exportName];
  if (c.fields.Fp.ORDER !== p.q || c.fields.Fr.ORDER !== p.r) throw new Error(name + ': @noble/curves has other field orders');
  return { name, q: p.q, r: p.r, c };
}

// BigInt of a canonical decimal string < max (the only spelling snarkjs writes); Invalid otherwise.
export function canonical(v, max, what) {
  if (typeof v !== 'string' || !/^(0|[1-9]\d*)$/.test(v)) throw new Invalid(`${what}: not a canonical decimal string: ${JSON.stringify(v)}`);
  const x = BigInt(v);
  if (x >= max) throw new Invalid(`${what}: ${v} >= the modulus ${max}`);
  return x;
}

// [r]P = O, by the definition (not noble's endomorphism test, which the caller also runs via assertValidity).
function hasOrderR(P, r) { return P.multiplyUnsafe(r - 1n).add(P).is0(); }

// A snarkjs JSON point ([x, y, "1"] for G1, [[x0,x1],[y0,y1],["1","0"]] for G2; infinity as [0, 1, 0]
// only where allowInfinity) -> a noble point, checked: coordinates canonical < q, affine, on the curve, and of
// order r (G2 of both curves and G1 of BLS12-381 have cofactors; BN254's G1 has none). Invalid with WHAT otherwise.
export function pointFromJson(cv, group, v, what, { allowInfinity = false } = {}) {
  const { c, q, r } = cv; const g2 = group === 'G2';
  if (!Array.isArray(v) || v.length !== 3) throw new Invalid(`${what}: not a point [x, y, z]`);
  const fe = (e, w) => {
    if (!g2) return canonical(e, q, w);
    if (!Array.isArray(e) || e.length !== 2) throw new Invalid(`${w}: not an Fq2 pair`);
    return c.fields.Fp2.create({ c0: canonical(e[0], q, w + '[0]'), c1: canonical(e[1], q, w + '[1]') });
  };
  const [x, y, z] = [fe(v[0], what + '[0]'), fe(v[1], what + '[1]'), fe(v[2], what + '[2]')];
  const F = g2 ? c.fields.Fp2 : c.fields.Fp;
  const P = c[group].Point;
  if (F.is0(z)) {
    if (allowInfinity && F.is0(x) && F.eql(y, F.ONE)) return P.ZERO;
    throw new Invalid(`${what}: z = 0 (${allowInfinity ? 'not the point at infinity [0, 1, 0]' : 'the point at infinity'})`);
  }
  if (!F.eql(z, F.ONE)) throw new Invalid(`${what}: not affine (z != 1)`);
  let pt;
  try { pt = P.fromAffine({ x, y }); pt.assertValidity(); } catch (e) { throw new Invalid(`${what}: not on the curve or not in the subgroup (${e.message})`); }
  if ((g2 || cv.name === 'bls12381') && !hasOrderR(pt, r)) throw new Invalid(`${what}: not in the subgroup of order r`);
  return pt;
}

// The proof's three points, checked as pointFromJson does (none may be the point at infinity).
export function proofPoints(cv, proof) {
  if (proof === null || typeof proof !== 'object') throw new Invalid('proof is not a JSON object');
  if (proof.protocol !== undefined && proof.protocol !== 'groth16') throw new Invalid('proof protocol is not groth16');
  if (proof.curve !== undefined && proof.curve !== cv.name) throw new Invalid(`proof curve ${JSON.stringify(proof.curve)} is not the key's ${cv.name}`);
  return { A: pointFromJson(cv, 'G1', proof.pi_a, 'pi_a'), B: pointFromJson(cv, 'G2', proof.pi_b, 'pi_b'),
           C: pointFromJson(cv, 'G1', proof.pi_c, 'pi_c') };
}
