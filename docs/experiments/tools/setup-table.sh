#!/bin/bash
# Key-setup times on a GPU machine: gen-porep at 2^16..2^MAX with --backend cpu and cuda,
# the two keys compared byte for byte (docs/experiments/gpu-2026-12-02/README.md, "Key setup").
# Usage: docs/experiments/tools/setup-table.sh BIN_DIR OUT_DIR   (env: MAX=24 WORK=/tmp/setup-work)
set -u
B=${1:?bin dir}; O=${2:?out dir}; MAX=${MAX:-24}; W=${WORK:-/tmp/setup-work}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O" "$W"
for L in $(seq 16 2 "$MAX"); do
  for be in cuda cpu; do
    "$B/cuzk-prove" gen-porep --out "$W/s$L-$be" --log-domain "$L" --sectors 1 --partitions 1 --seed 3 \
      --backend "$be" >> "$O/setup.txt" 2>&1 || echo "gen $L $be failed" >> "$O/setup.txt"
  done
  if cmp "$W"/s$L-cpu/*.zkey "$W"/s$L-cuda/*.zkey; then echo "2^$L keys identical"; else echo "2^$L keys DIFFER"; fi \
    | tee -a "$O/setup.txt"
  rm -rf "$W/s$L-cpu" "$W/s$L-cuda"
done
grep '^key' "$O/setup.txt"
