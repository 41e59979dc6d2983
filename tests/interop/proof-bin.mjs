#!/usr/bin/env node
// 192-byte zcash-compressed Groth16 proof A(48) ‖ B(96) ‖ C(48), as Filecoin/bellperson store it,
// computed independently with @noble/curves from a snarkjs proof.json (BLS12-381 only).
//   node tests/interop/proof-bin.mjs PROOF.json OUT.bin       write it
//   node tests/interop/proof-bin.mjs --check PROOF.json BIN   exit 0 when BIN equals it, 1 when not
//   node tests/interop/proof-bin.mjs --to-json BIN OUT.json   decode a .bin back to snarkjs proof.json
// Exit 2: error (bad JSON, point not on the curve / not in the subgroup, bad length).
import fs from 'node:fs';
import { readJson, writeJson, die } from './lib.mjs';
let bls;
try { ({ bls12_381: bls } = await import('@noble/curves/bls12-381.js')); } catch (e) { die('proof-bin.mjs', 2, 'error: cannot load @noble/curves (run npm install in tests/interop): ' + e.message); }

const { Fp2 } = bls.fields;
function toBin(p) {
  const A = bls.G1.Point.fromAffine({ x: BigInt(p.pi_a[0]), y: BigInt(p.pi_a[1]) });
  const B = bls.G2.Point.fromAffine({
    x: Fp2.create({ c0: BigInt(p.pi_b[0][0]), c1: BigInt(p.pi_b[0][1]) }),
    y: Fp2.create({ c0: BigInt(p.pi_b[1][0]), c1: BigInt(p.pi_b[1][1]) }) });
  const C = bls.G1.Point.fromAffine({ x: BigInt(p.pi_c[0]), y: BigInt(p.pi_c[1]) });
  for (const [n, P] of [['pi_a', A], ['pi_b', B], ['pi_c', C]]) {
    if (p[n][2] !== '1' && !(Array.isArray(p[n][2]) && p[n][2][0] === '1' && p[n][2][1] === '0')) throw new Error(n + ' is not affine (z != 1)');
    P.assertValidity();
  }
  return Buffer.concat([A.toBytes(true), B.toBytes(true), C.toBytes(true)]);
}
const args = process.argv.slice(2);
try {
  if (args[0] === '--check') {
    const want = toBin(readJson(args[1])); const got = fs.readFileSync(args[2]);
    if (Buffer.compare(want, got) === 0) { console.log('EQUAL'); process.exit(0); }
    console.log(`DIFFERENT: expected ${want.toString('hex')}\n          got      ${got.toString('hex')}`); process.exit(1);
  } else if (args[0] === '--to-json') {
    const b = fs.readFileSync(args[1]);
    if (b.length !== 192) throw new Error(args[1] + ': length ' + b.length + ' != 192');
    const A = bls.G1.Point.fromBytes(b.subarray(0, 48)).toAffine();
    const B = bls.G2.Point.fromBytes(b.subarray(48, 144)).toAffine();
    const C = bls.G1.Point.fromBytes(b.subarray(144, 192)).toAffine();
    const s = (x) => x.toString();
    await writeJson(args[2], { pi_a: [s(A.x), s(A.y), '1'], pi_b: [[s(B.x.c0), s(B.x.c1)], [s(B.y.c0), s(B.y.c1)], ['1', '0']],
      pi_c: [s(C.x), s(C.y), '1'], protocol: 'groth16', curve: 'bls12381' });
  } else if (args.length === 2) {
    fs.writeFileSync(args[1], toBin(readJson(args[0])));
  } else die('proof-bin.mjs', 2, 'usage: proof-bin.mjs PROOF.json OUT.bin | --check PROOF.json BIN | --to-json BIN OUT.json');
  process.exit(0);
} catch (e) { die('proof-bin.mjs', 2, 'error: ' + e.message); }
