#!/usr/bin/env node
// Make a tampered copy of a public.json or proof.json (for "verifier rejects" tests).
//   node tests/interop/mutate.mjs public IN OUT INDEX            public[INDEX] += 1 (mod nothing: may reach r)
//   node tests/interop/mutate.mjs public-r IN OUT INDEX          public[INDEX] += r (same value mod r, but >= r)
//   node tests/interop/mutate.mjs proof IN OUT FIELD             FIELD = pi_a.x | pi_a.y | pi_b.x.c0 | pi_b.x.c1 |
//                                                                pi_b.y.c0 | pi_b.y.c1 | pi_c.x | pi_c.y : coordinate += 1
//                                                                (the point is then off the curve)
//   node tests/interop/mutate.mjs proof-q IN OUT FIELD           coordinate += q: same point mod q, but non-canonical.
//                                                                NOTE: snarkjs 0.7.6 ACCEPTS this (reduces mod q);
//                                                                a strict verifier (range check) rejects it.
//   node tests/interop/mutate.mjs proof-swap IN OUT              swap pi_a and pi_c (both on the curve, wrong proof)
//   node tests/interop/mutate.mjs proof-neg IN OUT               pi_a -> -pi_a (y -> q - y; on the curve, wrong proof)
//   node tests/interop/mutate.mjs proof-b-torsion IN OUT         pi_b -> a point on the G2 curve outside the order-r
//                                                                subgroup (via @noble/curves)
//   node tests/interop/mutate.mjs proof-a-torsion IN OUT         pi_a -> a point on the G1 curve outside the subgroup
//                                                                (bls12381 only: BN254's G1 has cofactor 1)
//   ... [--curve bls12381|bn128]: r and q of that curve; default: the proof's "curve", else bls12381.
// Output is written like snarkjs writes it. Exit 0 ok, 2 error.
import { readJson, writeJson, die, CURVES, nobleCurve } from './lib.mjs';

const argv = process.argv.slice(2);
const ci = argv.indexOf('--curve');
const curveArg = ci >= 0 ? argv.splice(ci, 2)[1] : undefined;
const [mode, inp, out, arg] = argv;
if (!out) die('mutate.mjs', 2, 'usage: mutate.mjs public|public-r|proof|proof-q|proof-swap|proof-neg|proof-b-torsion|proof-a-torsion IN OUT [ARG] [--curve C]');
try {
  const j = readJson(inp);
  const curve = curveArg || (j && typeof j.curve === 'string' ? j.curve : 'bls12381');
  if (!Object.hasOwn(CURVES, curve)) throw new Error('unknown curve ' + curve);
  const { r: R, q: Q } = CURVES[curve];
  if (mode === 'public' || mode === 'public-r') {
    const i = Number(arg);
    if (!(i >= 0 && i < j.length)) throw new Error('index out of range');
    j[i] = (BigInt(j[i]) + (mode === 'public' ? 1n : R)).toString();
  } else if (mode === 'proof' || mode === 'proof-q') {
    const add = mode === 'proof' ? 1n : Q;
    const m = /^(pi_[abc])\.([xy])(?:\.(c[01]))?$/.exec(arg || '');
    if (!m) throw new Error('bad FIELD ' + arg);
    const [, pt, xy, c] = m; const ci = xy === 'x' ? 0 : 1;
    if (pt === 'pi_b') { if (!c) throw new Error('pi_b needs .c0/.c1'); const k = c === 'c0' ? 0 : 1; j.pi_b[ci][k] = (BigInt(j.pi_b[ci][k]) + add).toString(); }
    else { if (c) throw new Error(pt + ' has no .c0/.c1'); j[pt][ci] = (BigInt(j[pt][ci]) + add).toString(); }
  } else if (mode === 'proof-swap') {
    [j.pi_a, j.pi_c] = [j.pi_c, j.pi_a];
  } else if (mode === 'proof-neg') {
    j.pi_a[1] = ((Q - BigInt(j.pi_a[1])) % Q).toString();
  } else if (mode === 'proof-b-torsion' || mode === 'proof-a-torsion') {
    const g2 = mode === 'proof-b-torsion';
    if (!g2 && curve !== 'bls12381') throw new Error(curve + ': G1 has cofactor 1, every point on the curve is in the subgroup');
    const P = await outsideSubgroup(await nobleCurve(curve), g2 ? 'G2' : 'G1');
    if (g2) j.pi_b = [[P.x.c0, P.x.c1], [P.y.c0, P.y.c1], [1n, 0n]].map((c) => c.map(String));
    else j.pi_a = [P.x, P.y, 1n].map(String);
  } else throw new Error('unknown mode ' + mode);
  await writeJson(out, j);
} catch (e) { die('mutate.mjs', 2, 'error: ' + e.message); }

// The first point (x = 1, 2, ... in Fq, or 1 + k*u in Fq2) on the curve y^2 = x^3 + b whose order is not r.
async function outsideSubgroup({ c, r }, group) {
  const P = c[group].Point; const F = P.Fp; const { b } = P.CURVE();
  for (let k = 1n; k < 1000n; k++) {
    const x = group === 'G2' ? F.create({ c0: 1n, c1: k }) : F.create(k);
    let y; try { y = F.sqrt(F.add(F.mul(F.sqr(x), x), b)); } catch { continue; }
    if (y === undefined) continue;
    const pt = P.fromAffine({ x, y });
    if (!pt.multiplyUnsafe(r - 1n).add(pt).is0()) return { x, y };
  }
  throw new Error('no point outside the subgroup found');
}
