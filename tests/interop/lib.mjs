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
