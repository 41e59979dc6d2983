#!/usr/bin/env bash
# BN254 known-answer test against @noble/curves: bn254-vectors.mjs writes fresh vectors
# (scalars from a new seed each run, printed), test_bn254_vectors.cpp compares cuzk's curve
# arithmetic, zkey point codec and pairing with them.
#   bn254_vectors.sh <interop_bn254_vectors executable> <source dir> [seed]
set -euo pipefail
exe=$1 src=$2 seed=${3:-$(date +%s%N)}
js=$src/tests/interop
if ! command -v node >/dev/null || [ ! -d "$js/node_modules/@noble/curves" ]; then
  echo "SKIP: node or tests/interop/node_modules missing (run scripts/setup-deps.sh)"; exit 77
fi
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
echo "vector seed: $seed (rerun: bn254_vectors.sh $exe $src $seed)"
node "$js/bn254-vectors.mjs" "$t/bn254.json" "$seed"
CUZK_BN254_VECTORS=$t/bn254.json "$exe"
