#!/usr/bin/env bash
# Issue 47 item 5 on an H200: 10 × 2^24 and then 10 × 2^26 (LOGS: the sizes, default "24 26"; an H100 takes "24 25") porep-lite partitions in one call, each key
# written by gen-porep --prepared straight as a standalone prepared key (no .zkey: a 2^26 .zkey beside its
# prepared copy does not fit the host's 64 GiB disk), `batch --backend cuda --seed 5` with the defaults.
# GPU memory sampled by nvidia-smi every 0.5 s; the host's memory and disk before each step.
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-f.sh OUT [BIN=build-gpu/s]
set -u
OUT=${1:?out}; BIN=${2:-build-gpu/s}; F=/tmp/cf; W=/tmp/scale; mkdir -p "$F" "$OUT" "$W" /tmp/bs; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
for f in "$BIN"/*.gz; do gunzip -c "$f" > "/tmp/bs/$(basename "${f%.gz}")"; chmod +x "/tmp/bs/$(basename "${f%.gz}")"; done
cp "$BIN"/libtbb.so.12 /tmp/bs/; export LD_LIBRARY_PATH=/tmp/bs; P=/tmp/bs/cuzk-prove
T=$(cd "$(dirname "$0")/../tools" && pwd)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$F/device.txt" 2>&1
el "device $(cat "$F/device.txt"); $(nproc) cpus; $(free -g | awk '/Mem:/{print $2" GiB RAM"}'); disk $(df -h /tmp | awk 'NR==2{print $4" free"}'); cuzk $(cat "$BIN/VERSION")"
nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader -lms 500 > "$F/gpumem.csv" 2>/dev/null &
SMI=$!
for L in ${LOGS:-24 26}; do
  t0=$(date +%s)
  "$P" gen-porep --prepared --out "$W/s$L" --depth 16 --log-domain "$L" --sectors 1 --partitions 10 --seed 11 \
    --backend cuda > "$F/gen$L.txt" 2>&1 || el "gen 2^$L FAILED"
  el "gen 2^$L in $(( $(date +%s) - t0 )) s: $(head -n 1 "$F/gen$L.txt"); key $(ls -l "$W/s$L"/*.cuzkpk 2>/dev/null | awk '{print $5" bytes"}'); disk $(df -h /tmp | awk 'NR==2{print $4" free"}')"
  echo "batch 2^$L start $(date +%T.%N)" >> "$F/gpumem.csv.marks"
  "$P" batch --backend cuda --seed 5 --progress off --out "$W/b$L" --events "$F/scale_$L.jsonl" "$W/s$L"/*.json \
    > "$F/batch$L.txt" 2>&1 || el "batch 2^$L rc=$?"
  echo "batch 2^$L end $(date +%T.%N)" >> "$F/gpumem.csv.marks"
  el "batch 2^$L: $(grep 'batch:' "$F/batch$L.txt" | tail -n 1)"
  grep -v "batch:" "$F/batch$L.txt" | tail -n 3 >> "$F/log.txt"
  python3 "$T/runs_summary.py" --busy --stages --glob "scale_$L.jsonl" "$F" | tee -a "$F/log.txt"
  rm -rf "$W/s$L" "$W/b$L"
  cp "$F/log.txt" "$OUT/log.txt"; tar -cJf "$OUT/callf.tar.xz" -C /tmp cf 2>/dev/null  # what is done so far, should the call be cut
done
kill $SMI 2>/dev/null
el "gpu memory peak $(awk -F', ' '{gsub(/ MiB/,"",$2); if ($2+0 > m) m = $2+0} END {print m" MiB"}' "$F/gpumem.csv")"
tar -cJf "$OUT/callf.tar.xz" -C /tmp cf 2>/dev/null
cp "$F/log.txt" "$OUT/log.txt"
