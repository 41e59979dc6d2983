#!/usr/bin/env node
// snarkjs zkey export verificationkey through the JS API.
//   node tests/interop/export-vkey.mjs ZKEY OUT.json
// Writes the same JSON as the snarkjs CLI (bfj, space 1). Exit 0 ok, 2 error.
import fs from 'node:fs';
import { writeJson } from './lib.mjs';
let snarkjs;
try { snarkjs = await import('snarkjs'); } catch (e) {
  console.error(process.argv[1] + ': error: cannot load snarkjs (run npm install in tests/interop): ' + e.message); process.exit(2);
}

const [zkey, out] = process.argv.slice(2);
if (!out) { console.error('usage: export-vkey.mjs ZKEY OUT'); process.exit(2); }
try {
  if (!fs.existsSync(zkey)) throw new Error(zkey + ': no such file');
  const vk = await snarkjs.zKey.exportVerificationKey(zkey);
  await writeJson(out, vk);
  process.exit(0);
} catch (e) { console.error('export-vkey.mjs: error: ' + (e && e.message ? e.message : e)); process.exit(2); }
