#!/usr/bin/env node
// BN254 ("bn128") reference vectors from @noble/curves, an implementation independent of
// cuzk, for tests/interop/test_bn254_vectors.cpp (run by bn254_vectors.sh at test time).
//
//   node tests/interop/bn254-vectors.mjs OUT.json SEED
//
// SEED (any string) picks the scalars: SHA-256 of SEED and a label, reduced mod r, so each
// run tests fresh points and a failing run is reproduced with its seed. Output: decimal
// canonical coordinates (snarkjs JSON style); Fq12 as 12 decimals c0.c0.c0, c0.c0.c1, ...,
// c1.c2.c1 over Fq2 = Fq[u]/(u²+1), Fq6 = Fq2[v]/(v³−(9+u)), Fq12 = Fq6[w]/(w²−v); and each
// point as a .zkey stores it (affine x‖y, each coordinate 32 bytes little-endian Montgomery,
// R = 2^256 mod q, G2 as x.c0‖x.c1‖y.c0‖y.c1), hex.
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import path from 'node:path';
import url from 'node:url';
import { die, writeJson } from './lib.mjs';

const here = path.dirname(url.fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, 'package.json'));
const { bn254 } = await import(url.pathToFileURL(require.resolve('@noble/curves/bn254.js')));

const [out, seed] = process.argv.slice(2);
if (!out || seed === undefined) die('bn254-vectors.mjs', 2, 'usage: bn254-vectors.mjs OUT.json SEED');

const G1 = bn254.G1.Point, G2 = bn254.G2.Point;
const q = bn254.fields.Fp.ORDER, r = bn254.fields.Fr.ORDER;
const R = (1n << 256n) % q;
const dec = (x) => x.toString(10);
function scalar(label) {
  const h = (i) => createHash('sha256').update(`cuzk-bn254/${seed}/${label}/${i}`).digest('hex');
  return BigInt('0x' + h(0) + h(1)) % r;
}
const le32 = (x) => Buffer.from(x.toString(16).padStart(64, '0'), 'hex').reverse().toString('hex');
const mont = (x) => le32((x * R) % q);
function g1(P) {
  if (P.is0()) return { infinity: true, x: '0', y: '0', zkey: '00'.repeat(64) };
  const a = P.toAffine();
  return { infinity: false, x: dec(a.x), y: dec(a.y), zkey: mont(a.x) + mont(a.y) };
}
function g2(P) {
  if (P.is0()) return { infinity: true, x: { c0: '0', c1: '0' }, y: { c0: '0', c1: '0' }, zkey: '00'.repeat(128) };
  const a = P.toAffine();
  return {
    infinity: false,
    x: { c0: dec(a.x.c0), c1: dec(a.x.c1) },
    y: { c0: dec(a.y.c0), c1: dec(a.y.c1) },
    zkey: mont(a.x.c0) + mont(a.x.c1) + mont(a.y.c0) + mont(a.y.c1),
  };
}
function fp12(f) {
  const o = [];
  for (const a of [f.c0, f.c1]) for (const b of [a.c0, a.c1, a.c2]) for (const c of [b.c0, b.c1]) o.push(dec(c));
  return o;
}
const mul = (P, k) => (k === 0n ? P.constructor.ZERO : P.multiply(k));

const cases = [];
const fixed = [['1', 1n, 1n], ['2,3', 2n, 3n], ['1,r-1', 1n, r - 1n]];
for (let i = 0; i < 5; ++i) fixed.push([`random ${i}`, scalar(`a${i}`), scalar(`b${i}`)]);
for (const [name, a, b] of fixed) {
  const P = mul(G1.BASE, a), Q = mul(G2.BASE, b);
  cases.push({ name, a: dec(a), b: dec(b), P: g1(P), Q: g2(Q), e: fp12(bn254.pairing(P, Q)) });
}
// A product of pairings (Groth16-shaped): noble's batch over four pairs, one final exponentiation.
const ks = [0, 1, 2, 3].map((i) => [scalar(`pa${i}`), scalar(`pb${i}`)]);
const pairs = ks.map(([a, b]) => ({ g1: mul(G1.BASE, a), g2: mul(G2.BASE, b) }));
const product = {
  P: pairs.map((x) => g1(x.g1)),
  Q: pairs.map((x) => g2(x.g2)),
  e: fp12(bn254.pairingBatch(pairs)),
};
await writeJson(out, {
  description: 'BN254 pairings by @noble/curves (tests/interop/package.json pins the version)',
  seed,
  q: dec(q),
  r: dec(r),
  generators: { g1: g1(G1.BASE), g2: g2(G2.BASE) },
  cases,
  product,
});
