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
// Output is written like snarkjs writes it. Exit 0 ok, 2 error.
import { readJson, writeJson, die } from './lib.mjs';

const R = 52435875175126190479447740508185965837690552500527637822603658699938581184513n;
const Q = 4002409555221667393417789825735904156556882819939007885332058136124031650490837864442687629129015664037894272559787n;
const [mode, inp, out, arg] = process.argv.slice(2);
if (!out) die('mutate.mjs', 2, 'usage: mutate.mjs public|public-r|proof|proof-q|proof-swap|proof-neg IN OUT [ARG]');
try {
  const j = readJson(inp);
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
  } else throw new Error('unknown mode ' + mode);
  await writeJson(out, j);
} catch (e) { die('mutate.mjs', 2, 'error: ' + e.message); }
