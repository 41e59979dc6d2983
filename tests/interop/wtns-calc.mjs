#!/usr/bin/env node
// snarkjs wtns calculate through the JS API: circom wasm + input JSON -> .wtns
//   node tests/interop/wtns-calc.mjs CIRCUIT.wasm INPUT.json OUT.wtns
// Exit 0 ok, 2 error (e.g. an assertion in the circuit fails for this input).
import fs from 'node:fs';
let snarkjs;
try { snarkjs = await import('snarkjs'); } catch (e) {
  console.error(process.argv[1] + ': error: cannot load snarkjs (run npm install in tests/interop): ' + e.message); process.exit(2);
}

const [wasm, input, out] = process.argv.slice(2);
if (!out) { console.error('usage: wtns-calc.mjs CIRCUIT.wasm INPUT.json OUT.wtns'); process.exit(2); }
try {
  const inp = JSON.parse(fs.readFileSync(input, 'utf8'));
  await snarkjs.wtns.calculate(inp, wasm, out);
  process.exit(0);
} catch (e) { console.error('wtns-calc.mjs: error: ' + (e && e.message ? e.message : e)); process.exit(2); }
