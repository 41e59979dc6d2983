#!/usr/bin/env bash
# One device call after the merges of pk47, cab47 and keyread47: the new CUDA tests, then
# key-read.sh (RUNS=1: old = build-gpu/o, main at de70f9e; new = build-gpu/n, main after the
# merges; warm and cold, proofs compared, the disk's rate), the steady budget of the warm runs,
# and BN254's 2^24 whole proofs beside rapidsnark (run.sh STEP=rs24) when the call has time left.
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-e.sh OUT
set -u
OUT=${1:?out}; F=/tmp/ce; mkdir -p "$F" "$OUT"; T0=$(date +%s)
left() { echo $(( ${BUDGET:-580} - ($(date +%s) - T0) )); }
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
unpack() { mkdir -p "$2"; for f in "$1"/*.gz; do gunzip -c "$f" > "$2/$(basename "${f%.gz}")"; chmod +x "$2/$(basename "${f%.gz}")"; done; cp "$1"/libtbb.so.12 "$2/"; }
unpack build-gpu/n /tmp/ba; unpack build-gpu/o /tmp/bb
export LD_LIBRARY_PATH=/tmp/ba
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$F/device.txt" 2>&1
el "device $(cat "$F/device.txt"); $(nproc) cpus; new $(cat build-gpu/n/VERSION), old $(cat build-gpu/o/VERSION)"
timeout 60 /tmp/ba/cuda_test_fr_mul > "$F/cuda_test_fr_mul.log" 2>&1; el "cuda_test_fr_mul rc=$?: $(tail -n 2 "$F/cuda_test_fr_mul.log" | tr '\n' ' ')"
RUNS=1 timeout 330 bash docs/experiments/tools/key-read.sh /tmp/bb /tmp/ba "$F/kr" > "$F/kr.log" 2>&1
el "key-read rc=$?"; cat "$F/kr/log.txt" "$F/kr/runs.txt" >> "$F/log.txt" 2>/dev/null
python3 docs/experiments/tools/runs_summary.py --busy --stages --abc --glob '*-*-*.jsonl' "$F/kr" >> "$F/log.txt" 2>&1
if (( $(left) > 320 )); then
  STEP=rs24 RS_TIMEOUT=200 timeout $(( $(left) - 10 )) bash docs/experiments/gpu-limit-2026-12-07/run.sh build-gpu/n "$F/rs24" .device-ref > /dev/null 2>&1
  el "rs24 done"; cat "$F/rs24/log.txt" >> "$F/log.txt" 2>/dev/null
else
  el "rs24 skipped: $(left) s left"
fi
tar -cJf "$OUT/calle.tar.xz" -C /tmp ce 2>/dev/null
cp "$F/log.txt" "$OUT/log.txt"
