#!/bin/bash
# One device-machine session: SASS summary, the cuda tests, then the benchmark.
# Usage (from the repo root on the GPU machine): cuda/bench/run_gpu.sh <bin-dir> [max_log] [what]
# <bin-dir> holds the test/bench binaries and libtbb.so.12 (built elsewhere with
# -DCMAKE_CUDA_ARCHITECTURES=90 -DCUZK_LAB=ON: bench_cuda and the *_lab tests are the lab's).
# Logs go to $OUT (or ./gpu-out).
set -u
BIN=${1:?bin dir}; MAXLOG=${2:-24}; WHAT=${3:-all}
OUT=${OUT:-gpu-out}; mkdir -p "$OUT"
export LD_LIBRARY_PATH=$BIN:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,driver_version --format=csv | tee "$OUT/device.txt"
if command -v cuobjdump >/dev/null && [ -x "$BIN/bench_cuda" ]; then
  cuobjdump -sass "$BIN/bench_cuda" > /tmp/sass.txt 2>/dev/null
  awk '/Function :/{f=$3} /^ +\/\*[0-9a-f]+\*\//{n[f]++; if ($2 ~ /^IMAD/) m[f]++} END{for (k in n) printf "%6d instr %6d IMAD* %s\n", n[k], m[k], k}' /tmp/sass.txt | sort -k5 > "$OUT/sass_summary.txt"
  grep -E "dif_pass|accumulate|classify" "$OUT/sass_summary.txt"
fi
rc=0
for t in "$BIN"/cuda_test_*; do
  [ -x "$t" ] || continue
  echo "== $(basename $t)"
  start=$(date +%s)
  "$t" 2>&1 | tail -n 25 > "$OUT/$(basename $t).log"; r=${PIPESTATUS[0]}
  tail -n 4 "$OUT/$(basename $t).log"; echo "   rc=$r  $(( $(date +%s) - start )) s"
  [ $r -ne 0 ] && rc=1
done
if [ -x "$BIN/bench_cuda" ] && [ "$WHAT" != none ]; then
  "$BIN/bench_cuda" "$WHAT" "$MAXLOG" 2>&1 | tee "$OUT/bench.txt"
fi
exit $rc
