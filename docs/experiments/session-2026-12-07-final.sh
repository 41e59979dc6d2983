#!/bin/bash
# The session's last device call (2026-12-07, third session), one command: CUDA tests, the
# pinned a/b/c batch against main before it (pinned-abc-2026-12-07), BN254 MSM/NTT beside
# sppark and a BN254 2^22 batch (bn254-msm-2026-12-07, STEP=b), the field products beside
# rapidsnark's (.device-ref fieldmul), and the lab's launch sweep at 2^24. Every part writes
# under /tmp/final and is tarred into OUT at the end (the device returns at most 8 files).
# Usage: run from the repo root: bash docs/experiments/session-2026-12-07-final.sh OUT
set -u
OUT=${1:?out}; F=/tmp/final; mkdir -p "$F" "$OUT"; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
left() { echo $(( ${BUDGET:-540} - ($(date +%s) - T0) )); }
ROUNDS=2 TESTS='cuda_test_[gm]*_[lb]*' timeout 160 bash docs/experiments/pinned-abc-2026-12-07/run.sh build-gpu/new build-gpu/old "$F/p" >> "$F/log.txt" 2>&1
el "pinned-abc done"
if (( $(left) > 50 )); then
  MAXLOG=24 SPPARK_ARGS="--g1 24 --g2 24 --ntt 24" STEP=b timeout $(( $(left) < 150 ? $(left) : 150 )) bash docs/experiments/bn254-msm-2026-12-07/run.sh build-gpu/new "$F/b" .device-ref >> "$F/log.txt" 2>&1
  el "bn254 bench + sppark done"
fi
if (( $(left) > 40 )); then
  FM_REPS=7 FM_BENCH_REPS=3 BENCH_FIELD=build-gpu/new/bench_field.gz STEP=fieldmul timeout 50 bash .device-ref/run.sh "$F/fm" >> "$F/log.txt" 2>&1
  el "fieldmul done"
fi
if (( $(left) > 60 )); then
  STEP=c timeout $(( $(left) < 80 ? $(left) : 80 )) bash docs/experiments/bn254-msm-2026-12-07/run.sh build-gpu/new "$F/c" >> "$F/log.txt" 2>&1
  el "bn254 2^22 batch done"
fi
if (( $(left) > 70 )); then
  CUZK_MSM_PROFILE=on timeout $(( $(left) - 15 )) build-gpu/new/bench_cuda bn254-acc 24 > "$F/acc24_profile.txt" 2>&1
  el "bn254-acc 24: $(grep -c 'check OK' "$F/acc24_profile.txt") rows OK"
fi
tar -cJf "$OUT/final.tar.xz" -C /tmp final 2>/dev/null
cp "$F/log.txt" "$OUT/log.txt"
