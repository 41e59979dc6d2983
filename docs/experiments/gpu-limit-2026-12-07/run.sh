#!/usr/bin/env bash
# The GPU prover at its limit (issue 47) and BN254's 2^24 whole proofs (issue 44), on the device.
#   STEP=budget  BLS12-381 2^24 porep-lite (gen-porep depth 16, seed 11, 10 partitions), prepare-key,
#                RUNS warm batches (--seed 5); runs.txt: first proof, steady, the steady partitions'
#                budget from the gpu events (runs_summary.py --stages: span, h2d, ntt, msm_g2, msm_a/b1/c/h).
#   STEP=rs24    BN254 2^24 gen-chain key (10 witnesses), prepare-key, two warm batches, then rapidsnark
#                (REF = .device-ref) on the same key and one of the witnesses (RS_RUNS proofs, verified).
#   STEP=lab     bench_cuda bn254-acc 24 with CUZK_MSM_PROFILE=on: every BN254 launch, the segment bounds.
# Usage: STEP=... run.sh BIN OUT [REF]   (BIN: cuzk-prove(.gz), bench_cuda(.gz), cuda_test_*(.gz), libtbb.so.12)
set -u
BIN=$1; OUT=$2; REF=${3:-}
STEP=${STEP:-budget}; mkdir -p "$OUT"; rc=0; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
W=/tmp/gpu-limit; mkdir -p "$W/bin"
for f in "$BIN"/*.gz; do [[ -e $f ]] && [[ ! -x $W/bin/$(basename "${f%.gz}") ]] && gunzip -c "$f" > "$W/bin/$(basename "${f%.gz}")" && chmod +x "$W/bin/$(basename "${f%.gz}")"; done
cp -n "$BIN"/libtbb.so.12* "$W/bin/" 2>/dev/null
export LD_LIBRARY_PATH=$W/bin:${LD_LIBRARY_PATH:-}
P=$W/bin/cuzk-prove; T=$(cd "$(dirname "$0")/../tools" && pwd)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$OUT/device.txt" 2>&1
el "device: $(cat "$OUT/device.txt"); $(nproc) cpus; step $STEP"
if [[ $STEP == budget ]]; then
  "$P" gen-porep --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > "$OUT/gen24.txt" 2>&1 || rc=1
  el "gen: $(tail -n 1 "$OUT/gen24.txt")"
  "$P" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey > "$OUT/prepare24.txt" 2>&1 || rc=1
  el "prepare: $(tail -n 1 "$OUT/prepare24.txt")"
  for i in $(seq 1 "${RUNS:-2}"); do
    "$P" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/b$i" --events "$OUT/bls24_$i.jsonl" \
      "$W/s"/*.json > "$OUT/bls24_$i.txt" 2>&1 || rc=1
    el "bls24_$i: $(grep 'batch:' "$OUT/bls24_$i.txt" | tail -n 1)"
    if [[ $i -gt 1 ]]; then  # every proof of run i equal to run 1's, and there are proofs to compare
      n1=$(ls "$W/b1"/*/*.proof.json 2>/dev/null | wc -l); ni=$(ls "$W/b$i"/*/*.proof.json 2>/dev/null | wc -l)
      if (( n1 > 0 && n1 == ni )) && cmp -s <(cat "$W/b1"/*/*.proof.json) <(cat "$W/b$i"/*/*.proof.json); then
        el "proofs of run $i = run 1's ($ni)"
      else
        el "proofs of run $i DIFFER or missing ($n1 / $ni files)"; rc=1
      fi
    fi
  done
  python3 "$T/runs_summary.py" --busy --stages --glob 'bls24_*.jsonl' "$OUT" | tee -a "$OUT/log.txt"
  rm -rf "$W/s" "$W/kc" "$W"/b[0-9]*
fi
if [[ $STEP == rs24 ]]; then
  K=$W/c24
  "$P" gen-chain --curve bn128 --log-domain 24 --witnesses 10 --out "$K" > "$OUT/genchain24.txt" 2>&1 || rc=1
  el "gen-chain: $(head -n 1 "$OUT/genchain24.txt")"
  "$P" export-vkey --zkey "$K/chain-bn128-24.zkey" --out "$K/chain-bn128-24.vkey.json" || rc=1
  "$P" prepare-key --key-cache "$W/kc254" "$K/chain-bn128-24.zkey" > "$OUT/prepare_bn24.txt" 2>&1 || rc=1
  el "prepare: $(tail -n 1 "$OUT/prepare_bn24.txt")"
  for i in 1 2; do
    "$P" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc254" --out "$W/r$i" --events "$OUT/bn24_$i.jsonl" \
      "$K/chain-bn128-24.json" > "$OUT/bn24_$i.txt" 2>&1 || rc=1
    el "bn24_$i: $(grep 'batch:' "$OUT/bn24_$i.txt" | tail -n 1)"
  done
  "$P" verify --vkey "$K/chain-bn128-24.vkey.json" --public "$W/r1/chain-bn128-24/p3.public.json" \
    --proof "$W/r1/chain-bn128-24/p3.proof.json" >> "$OUT/log.txt" 2>&1 && el "cuzk proof p3 verified" || rc=1
  cp "$W/r1/chain-bn128-24/p3.proof.json" "$OUT/cuzk_24.proof.json"; cp "$W/r1/chain-bn128-24/p3.public.json" "$OUT/cuzk_24.public.json"
  cp "$K/chain-bn128-24.vkey.json" "$OUT/vkey_24.json"
  python3 "$T/runs_summary.py" --busy --stages --glob 'bn24_*.jsonl' "$OUT" | tee -a "$OUT/log.txt"
  if [[ -n $REF ]]; then
    STEP=rapidsnark RS_RUNS=${RS_RUNS:-1} RS_TIMEOUT=${RS_TIMEOUT:-240} bash "$REF/run.sh" "$OUT/rs24" "$K/chain-bn128-24.zkey" \
      "$K/chain-bn128-24-w3.wtns" > "$OUT/ref_rs24.txt" 2>&1
    el "rapidsnark 2^24: $(grep -E 'rapidsnark' "$OUT/rs24/summary.txt" | tail -n 2 | tr '\n' ' ')"
  fi
  rm -rf "$K" "$W/kc254" "$W"/r[0-9]*
fi
if [[ $STEP == lab ]]; then
  CUZK_MSM_PROFILE=on timeout "${LAB_TIMEOUT:-90}" "$W/bin/bench_cuda" bn254-acc 24 > "$OUT/acc24_profile.txt" 2>&1 || rc=1
  el "bn254-acc 24: $(grep -c 'check OK' "$OUT/acc24_profile.txt") rows OK, $(grep -c 'check FAIL' "$OUT/acc24_profile.txt") FAIL"
fi
el "done rc=$rc"
exit $rc
