#!/usr/bin/env node
// Semantic comparison of two snarkjs JSON files (verification_key.json, public.json, proof.json):
// same keys, same arrays, numbers compared as decimal values (so "007" == "7" would still differ: strings
// must be canonical decimals, which is checked), key order and whitespace ignored.
//   node tests/interop/compare-json.mjs A.json B.json [--ignore KEY]...
// Exit 0 equal, 1 different (first difference printed with its path), 2 error.
import { readJson, die } from './lib.mjs';

const argv = process.argv.slice(2);
const ignore = new Set(); const files = [];
for (let i = 0; i < argv.length; i++) { if (argv[i] === '--ignore') ignore.add(argv[++i]); else files.push(argv[i]); }
if (files.length !== 2) die('compare-json.mjs', 2, 'usage: compare-json.mjs A.json B.json [--ignore KEY]...');
let a, b;
try { a = readJson(files[0]); b = readJson(files[1]); } catch (e) { die('compare-json.mjs', 2, 'error: ' + e.message); }
function diff(x, y, p) {
  if (typeof x !== typeof y || Array.isArray(x) !== Array.isArray(y) || (x === null) !== (y === null)) return `${p}: type ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
  if (Array.isArray(x)) {
    if (x.length !== y.length) return `${p}: length ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) { const d = diff(x[i], y[i], `${p}[${i}]`); if (d) return d; }
    return null;
  }
  if (x && typeof x === 'object') {
    const ks = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const k of ks) {
      if (ignore.has(k)) continue;
      if (!(k in x) || !(k in y)) return `${p}.${k}: present only in ${k in x ? files[0] : files[1]}`;
      const d = diff(x[k], y[k], `${p}.${k}`); if (d) return d;
    }
    return null;
  }
  if (typeof x === 'string' && /^\d+$/.test(x) && /^\d+$/.test(y)) {
    for (const s of [x, y]) if (s.length > 1 && s[0] === '0') return `${p}: non-canonical decimal ${s}`;
  }
  return x === y ? null : `${p}: ${JSON.stringify(x)} vs ${JSON.stringify(y)}`;
}
const d = diff(a, b, '$');
if (d) { console.log('DIFFERENT: ' + d); process.exit(1); }
console.log('EQUAL'); process.exit(0);
