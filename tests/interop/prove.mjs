#!/usr/bin/env node
// snarkjs groth16 prove through the JS API (for comparison runs and timing).
//   node tests/interop/prove.mjs ZKEY WTNS PROOF.json PUBLIC.json
// Prints "snarkjs prove: <ms> ms" on stdout. Exit 0 ok, 2 error (snarkjs threw: bad witness, wrong curve, ...).
import { writeJson } from './lib.mjs';
let snarkjs;
try { snarkjs = await import('snarkjs'); } catch (e) {
  console.error(process.argv[1] + ': error: cannot load snarkjs (run npm install in tests/interop): ' + e.message); process.exit(2);
}

const [zkey, wtns, proofOut, pubOut] = process.argv.slice(2);
if (!pubOut) { console.error('usage: prove.mjs ZKEY WTNS PROOF PUBLIC'); process.exit(2); }
try {
  const t0 = performance.now();
  const { proof, publicSignals } = await snarkjs.groth16.prove(zkey, wtns);
  const ms = performance.now() - t0;
  await writeJson(proofOut, proof);
  await writeJson(pubOut, publicSignals);
  console.log(`snarkjs prove: ${ms.toFixed(1)} ms`);
  process.exit(0);
} catch (e) { console.error('prove.mjs: error: ' + (e && e.message ? e.message : e)); process.exit(2); }
