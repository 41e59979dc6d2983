#!/usr/bin/env bash
# Regenerates everything under data/fixtures and data/vectors from scratch with npm's snarkjs 0.7.6
# and circom2 (circom 2.2.3 as WebAssembly): three circuits for bls12381 and their bn128 (BN254) twins.
# Test-time code never runs this: the outputs are committed. Needs tests/interop/node_modules
# (scripts/setup-deps.sh or `npm install` in tests/interop); no network.
#
#   scripts/make-fixtures.sh [all|ptau|tiny|other|main|ptau-bn128|tiny-bn128|other-bn128|main-bn128|vectors|h]...
#   (default: all)
#
# Time on 2 shared x86-64 cores (measured 2026-12-02): powers of tau 2^12 for bls12381 (new, 1 contribution,
# beacon, prepare phase2) 3 min 50 s, of which `prepare phase2` ~3 min; main circuit (4091 constraints, domain
# 2^12: compile 3 s, setup + contribution + beacon 20 s, zkey verify 17 s, 4 witnesses + proof 5 s) ~45 s;
# tiny / other / tiny-bn128 (incl. its own bn128 2^3 ptau) ~13 s each; vectors 3 s; H vectors 7 s.
# bn128 (measured 2026-12-07, same machine): powers of tau 2^12 2 min 45 s (prepare phase2 2 min 15 s);
# main-bn128 23 s, other-bn128 5 s; tiny-bn128 (its own 2^3 ptau) ~13 s. All from scratch: ~9 minutes. The ptau is kept in $WORK (default build/fixtures-work, git-ignored,
# ~7 MB) and reused when present (then `all` takes ~1.5 min); CUZK_FIXTURES_FRESH=1 rebuilds it.
#
# Contributions use crypto randomness (snarkjs mixes -e entropy with random bytes), so every run yields
# different keys and proofs; the circuits, inputs, witnesses and vectors are deterministic.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
nm="$root/tests/interop/node_modules/.bin"
SNARKJS=("$nm/snarkjs")
CIRCOM=("$nm/circom2")
WORK=${CUZK_FIXTURES_WORK:-$root/build/fixtures-work}
FX="$root/data/fixtures"
VEC="$root/data/vectors"
BEACON=0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
PTAU_POWER=12          # enough for domain 2^12 (main); prepare phase2 adds the 2^13 block H needs
MAIN_NCHAIN=1782       # -> 4091 constraints = 2^12 - nPublic(4) - 1: domain exactly 2^12
# main's 8 full-width decompositions are NBITS = the scalar field's width: 255 bits for BLS12-381, 254 for
# BN254 (r < 2^254: a 255th bit would always be 0). Each decomposition is NBITS boolean constraints + 1, so
# BN254's 8 fewer bits are made up by 8 more chain steps: 1790 + 1 + 8*255 + 130 + 128 + 2 = 4091 again.
MAIN_NCHAIN_BN128=1790

[ -x "${SNARKJS[0]}" ] && [ -x "${CIRCOM[0]}" ] || { echo "make-fixtures: run 'npm install' in tests/interop first" >&2; exit 2; }
mkdir -p "$WORK" "$FX" "$VEC"
log() { printf '[make-fixtures %s] %s\n' "$(date +%T)" "$*"; }
sj() { "${SNARKJS[@]}" "$@" >>"$WORK/snarkjs.log" 2>&1 || { echo "snarkjs $* failed, see $WORK/snarkjs.log" >&2; tail -20 "$WORK/snarkjs.log" >&2; exit 1; }; }

ptau() { # curve power -> $WORK/pot${power}_${curve}_final.ptau
  local curve=$1 p=$2 f="$WORK/pot${2}_${1}"
  if [ "${CUZK_FIXTURES_FRESH:-0}" = 1 ]; then rm -f "${f}"_*.ptau; fi
  if [ -s "${f}_final.ptau" ]; then log "reusing ${f}_final.ptau"; return; fi
  log "powers of tau $curve 2^$p"
  sj powersoftau new "$curve" "$p" "${f}_0000.ptau"
  sj powersoftau contribute "${f}_0000.ptau" "${f}_0001.ptau" --name="cuzk fixture contribution" -e="cuzk $(date +%s%N) $RANDOM"
  sj powersoftau beacon "${f}_0001.ptau" "${f}_beacon.ptau" "$BEACON" 10 -n="cuzk final beacon"
  log "prepare phase2 $curve 2^$p (slow)"
  sj powersoftau prepare phase2 "${f}_beacon.ptau" "${f}_final.ptau.tmp"
  mv "${f}_final.ptau.tmp" "${f}_final.ptau"
  rm -f "${f}_0000.ptau" "${f}_0001.ptau"
}

# circuit NAME SOURCE CURVE POWER NWITNESS [sed-expr]: compile, setup, contribute, beacon, verify,
# export vkey, witnesses from $FX/NAME/input{i}.json (written by the caller), snarkjs proof for w0.
circuit() {
  local name=$1 src=$2 curve=$3 power=$4 nw=$5 sedexpr=${6:-}
  local d="$FX/$name" w="$WORK/$name"
  mkdir -p "$d" "$w"
  log "$name: compile ($curve)"
  if [ -n "$sedexpr" ]; then sed "$sedexpr" "$src" >"$d/circuit.circom"; else cp "$src" "$d/circuit.circom"; fi
  (cd "$w" && "${CIRCOM[@]}" "$d/circuit.circom" --r1cs --wasm -p "$curve" -o "$w" >"$w/circom.log" 2>&1) \
    || { cat "$w/circom.log" >&2; exit 1; }
  cp "$w/circuit.r1cs" "$d/circuit.r1cs"
  cp "$w/circuit_js/circuit.wasm" "$d/circuit.wasm"
  ptau "$curve" "$power"
  local pt="$WORK/pot${power}_${curve}_final.ptau"
  log "$name: groth16 setup + contribution + beacon"
  sj groth16 setup "$d/circuit.r1cs" "$pt" "$w/c_0000.zkey"
  sj zkey contribute "$w/c_0000.zkey" "$w/c_0001.zkey" --name="cuzk phase2 contribution" -e="cuzk $(date +%s%N) $RANDOM"
  sj zkey beacon "$w/c_0001.zkey" "$d/circuit.zkey" "$BEACON" 10 -n="cuzk phase2 beacon"
  log "$name: zkey verify"
  sj zkey verify "$d/circuit.r1cs" "$pt" "$d/circuit.zkey"
  sj zkey export verificationkey "$d/circuit.zkey" "$d/verification_key.json"
  local i
  for ((i = 0; i < nw; i++)); do
    sj wtns calculate "$d/circuit.wasm" "$d/input$i.json" "$d/w$i.wtns"
    sj wtns check "$d/circuit.r1cs" "$d/w$i.wtns"
  done
  log "$name: snarkjs prove + verify w0"
  sj groth16 prove "$d/circuit.zkey" "$d/w0.wtns" "$d/proof.json" "$d/public.json"
  sj groth16 verify "$d/verification_key.json" "$d/public.json" "$d/proof.json"
  sj r1cs info "$d/circuit.r1cs"
  node "$root/scripts/fixtures/describe.mjs" "$d" "$curve"
}

do_tiny() {
  mkdir -p "$FX/tiny"
  echo '{"x": "3", "y": "11"}' >"$FX/tiny/input0.json"
  echo '{"x": "5", "y": "7"}' >"$FX/tiny/input1.json"
  circuit tiny "$root/scripts/fixtures/tiny.circom" bls12381 "$PTAU_POWER" 2
}
do_tiny_bn128() {
  mkdir -p "$FX/tiny-bn128"
  echo '{"x": "3", "y": "11"}' >"$FX/tiny-bn128/input0.json"
  echo '{"x": "5", "y": "7"}' >"$FX/tiny-bn128/input1.json"
  circuit tiny-bn128 "$root/scripts/fixtures/tiny.circom" bn128 3 2
}
do_other_bn128() {
  mkdir -p "$FX/other-bn128"
  echo '{"p": "61", "q": "53", "n": "3233"}' >"$FX/other-bn128/input0.json"
  circuit other-bn128 "$root/scripts/fixtures/other.circom" bn128 "$PTAU_POWER" 1
}
do_other() {
  mkdir -p "$FX/other"
  echo '{"p": "61", "q": "53", "n": "3233"}' >"$FX/other/input0.json"
  circuit other "$root/scripts/fixtures/other.circom" bls12381 "$PTAU_POWER" 1
}
do_main() {
  mkdir -p "$FX/main"
  # x, y public; k[0], k[1] private 64-bit words. Deterministic, distinct.
  echo '{"x": "1", "y": "2", "k": ["12345678901234567890", "98765432109876543"]}' >"$FX/main/input0.json"
  echo '{"x": "7", "y": "0", "k": ["18446744073709551615", "1"]}' >"$FX/main/input1.json"
  echo '{"x": "52435875175126190479447740508185965837690552500527637822603658699938581184512", "y": "3", "k": ["6148914691236517205", "12297829382473034410"]}' >"$FX/main/input2.json"
  echo '{"x": "31415926535897932384626433832795028841971693993751058209749445923", "y": "27182818284590452353602874713526624977572470936999595749669676277", "k": ["11400714819323198485", "0"]}' >"$FX/main/input3.json"
  circuit main "$root/scripts/fixtures/main.circom" bls12381 "$PTAU_POWER" 4 "s/NCHAIN/$MAIN_NCHAIN/;s/NBITS/255/g"
}
do_main_bn128() {
  local d="$FX/main-bn128"
  mkdir -p "$d"
  # main's inputs with BN254's edges: w2 x = r - 1 for BN254's r; w3 x, y ~ 2^205 (< r: kept as in main).
  echo '{"x": "1", "y": "2", "k": ["12345678901234567890", "98765432109876543"]}' >"$d/input0.json"
  echo '{"x": "7", "y": "0", "k": ["18446744073709551615", "1"]}' >"$d/input1.json"
  echo '{"x": "21888242871839275222246405745257275088548364400416034343698204186575808495616", "y": "3", "k": ["6148914691236517205", "12297829382473034410"]}' >"$d/input2.json"
  echo '{"x": "31415926535897932384626433832795028841971693993751058209749445923", "y": "27182818284590452353602874713526624977572470936999595749669676277", "k": ["11400714819323198485", "0"]}' >"$d/input3.json"
  circuit main-bn128 "$root/scripts/fixtures/main.circom" bn128 "$PTAU_POWER" 4 \
    "s/NCHAIN/$MAIN_NCHAIN_BN128/;s/NBITS/254/g;s/(BLS12-381 scalar field)/(BN254 scalar field)/;s/(255-bit)/(254-bit)/;s/D\*256/D*255/"
}
do_vectors() {
  log "vectors (@noble/curves)"
  node "$root/scripts/fixtures/make-vectors.mjs" "$VEC"
}
do_h() {
  log "snarkjs H reference vectors"
  mkdir -p "$VEC/snarkjs-h"
  node "$root/scripts/fixtures/ref-h.mjs" "$FX/tiny/circuit.zkey" "$FX/tiny/w0.wtns" "$VEC/snarkjs-h/tiny-w0.json" --full \
    --proof 1 2 "$VEC/snarkjs-h/tiny-w0-proof-r1-s2.json" "$VEC/snarkjs-h/tiny-w0-public.json"
  node "$root/scripts/fixtures/ref-h.mjs" "$FX/tiny/circuit.zkey" "$FX/tiny/w1.wtns" "$VEC/snarkjs-h/tiny-w1.json" --full
  node "$root/scripts/fixtures/ref-h.mjs" "$FX/main/circuit.zkey" "$FX/main/w0.wtns" "$VEC/snarkjs-h/main-w0.json"
}

targets=("$@"); [ ${#targets[@]} -eq 0 ] && targets=(all)
t0=$(date +%s)
for t in "${targets[@]}"; do
  case $t in
    all) ptau bls12381 "$PTAU_POWER"; do_tiny; do_tiny_bn128; do_other; do_main
         ptau bn128 "$PTAU_POWER"; do_other_bn128; do_main_bn128; do_vectors; do_h ;;
    ptau) ptau bls12381 "$PTAU_POWER" ;; ptau-bn128) ptau bn128 "$PTAU_POWER" ;;
    tiny) do_tiny ;; other) do_other ;; main) do_main ;;
    tiny-bn128) do_tiny_bn128 ;; other-bn128) do_other_bn128 ;; main-bn128) do_main_bn128 ;;
    vectors) do_vectors ;; h) do_h ;;
    *) echo "make-fixtures: unknown target $t" >&2; exit 2 ;;
  esac
done
log "done in $(( $(date +%s) - t0 )) s"
