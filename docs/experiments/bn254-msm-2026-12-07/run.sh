#!/usr/bin/env bash
# BN254 MSM on the device: where its time goes and which bucket-accumulation launch suits it.
#   STEP=a: bench_cuda bn254-acc at 2^24 (with the per-step profile, then without), 2^22 and
#           2^26 (as far as its time allows): every launch the lab has for BN254's G1 and G2 (the product's first), checked.
#   STEP=b: the product after the change: bench_cuda bn254 MAXLOG (26) beside sppark FEATURE_BN254
#           (REF; SPPARK_ARGS as REF's run.sh takes them).
#   STEP=c: the BN254 2^22 gen-chain batch (10 witness partitions, --seed 5), twice on the prepared key.
# Usage: STEP=a|b run.sh BIN OUT [REF]   (BIN: bench_cuda(.gz), cuzk-prove(.gz), libtbb.so.12)
set -u
BIN=$1; OUT=$2; REF=${3:-}
STEP=${STEP:-a}; mkdir -p "$OUT"; rc=0
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$OUT/device.txt" 2>&1
el "device: $(cat "$OUT/device.txt"); $(nproc) cpus; step $STEP"
W=/tmp/bn254-msm; mkdir -p "$W"
for f in "$BIN"/*.gz; do [[ -e $f ]] && gunzip -c "$f" > "$W/$(basename "${f%.gz}")" && chmod +x "$W/$(basename "${f%.gz}")"; done
cp -n "$BIN"/libtbb.so.12* "$W/" 2>/dev/null
export LD_LIBRARY_PATH=$W:${LD_LIBRARY_PATH:-}
B=$W/bench_cuda
if [[ $STEP == a ]]; then
  CUZK_MSM_PROFILE=on timeout 80 "$B" bn254-acc 24 > "$OUT/acc24_profile.txt" 2>&1 || rc=1
  el "profiled 2^24: $(grep -c 'check OK' "$OUT/acc24_profile.txt") rows OK, $(grep -c 'check FAIL' "$OUT/acc24_profile.txt") FAIL"
  for L in ${SIZES:-24 22 26}; do
    timeout $((L == 26 ? 110 : 80)) "$B" bn254-acc $L > "$OUT/acc${L}.txt" 2>&1 || rc=1
    el "2^$L: $(grep -c 'check OK' "$OUT/acc${L}.txt") rows OK"; grep MSM "$OUT/acc${L}.txt" | awk '{print $2, $3, $4, $6}' | tee -a "$OUT/log.txt"
  done
fi
if [[ $STEP == b ]]; then
  timeout 200 "$B" bn254 "${MAXLOG:-26}" > "$OUT/bench_bn254.txt" 2>&1 || rc=1
  el "bench_cuda bn254: $(grep -c 'check OK' "$OUT/bench_bn254.txt") MSM rows OK"
  if [[ -n $REF ]]; then
    STEP=sppark CURVES=bn254 SPPARK_TIMEOUT=100 bash "$REF/run.sh" "$OUT/ref" > "$OUT/ref_sppark.txt" 2>&1
    el "sppark: $(tail -3 "$OUT/ref_sppark.txt" | tr '\n' ';')"
  fi
fi
if [[ $STEP == c ]]; then  # BN254 2^22 gen-chain batch (witness sectors), the key prepared, then warm
  K=$W/c22
  "$W/cuzk-prove" gen-chain --curve bn128 --log-domain 22 --witnesses 10 --out "$K" > "$OUT/gen22.txt" 2>&1 || rc=1
  "$W/cuzk-prove" prepare-key --key-cache "$W/kc" "$K/chain-bn128-22.zkey" > "$OUT/prepare22.txt" 2>&1 || rc=1
  el "gen-chain + prepare 2^22: $(tail -n 1 "$OUT/prepare22.txt")"
  for i in 1 2; do
    "$W/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/b22_$i" \
      --events "$OUT/bn254_22_$i.jsonl" "$K/chain-bn128-22.json" > "$OUT/bn254_22_$i.txt" 2>&1 || rc=1
    el "bn254_22_$i: $(grep 'batch:' "$OUT/bn254_22_$i.txt" | tail -n 1)"
  done
  T=$(dirname "$0")/../tools
  python3 "$T/runs_summary.py" --busy --glob 'bn254_22_*.jsonl' "$OUT" >> "$OUT/log.txt" 2>&1
fi
el "done rc=$rc"
exit $rc
