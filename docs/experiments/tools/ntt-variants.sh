#!/bin/bash
# NTT kernels on a GPU machine: the instruction mix of each NTT kernel (SASS), the NTT
# tests (every variant against host references), the variants' timings at 2^16..2^MAX
# interleaved (bench_cuda ntt-variants), and an ncu profile of the 2^PROF forward passes of
# each kernel in PROF_KERNELS (docs/experiments/gpu-2026-12-03/README.md).
# Usage: docs/experiments/tools/ntt-variants.sh BIN_DIR OUT_DIR   (env: MAX=27 PROF=24 PROF_KERNELS='t11b2 smem')
# BIN_DIR holds bench_cuda, cuda_test_ntt, cuda_test_ntt_bench_variants (the benchmark-only
# variants, built with bench_cuda) and libtbb.so.12 (built elsewhere for sm_90).
set -u
B=${1:?bin dir}; O=${2:?out dir}; MAX=${MAX:-27}; PROF=${PROF:-24}
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O"
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv > "$O/ntt-variants.txt" 2>&1
if command -v cuobjdump >/dev/null; then
  cuobjdump -sass "$B/bench_cuda" 2>/dev/null | awk '
    /Function :/ { f = $3 }
    /^ +\/\*[0-9a-f]+\*\// && f ~ /dif_|mul_sub|pass_twiddles/ {
      op = $2; if (op ~ /^@/) op = $3; sub(/\..*/, "", op); sub(/;$/, "", op); n[f]++; c[f " " op]++ }
    END { for (k in c) { split(k, a, " "); printf "%s %6d %s (of %d)\n", a[1], c[k], a[2], n[a[1]] } }' |
    sort -k1,1 -k2,2nr | awk '{ if (++seen[$1] <= 12) print }' > "$O/ntt-sass.txt"
fi
el "sass done"
"$B/cuda_test_ntt" > "$O/ntt-test.log" 2>&1; rc=$?
el "cuda_test_ntt rc=$rc: $(tail -n 2 "$O/ntt-test.log" | tr '\n' ' ')"
"$B/cuda_test_ntt_bench_variants" > "$O/ntt-test-bench-variants.log" 2>&1; r2=$?
el "cuda_test_ntt_bench_variants rc=$r2: $(tail -n 2 "$O/ntt-test-bench-variants.log" | tr '\n' ' ')"
[ $r2 -ne 0 ] && rc=$r2
"$B/bench_cuda" ntt-variants "$MAX" >> "$O/ntt-variants.txt" 2>&1
el "bench done"
if command -v ncu >/dev/null; then
  for kv in ${PROF_KERNELS:-t11b2 smem}; do
    CUZK_NTT_KERNEL=$kv timeout 120 ncu --clock-control none -k regex:dif_ --launch-skip 0 --launch-count 6 \
      --section SpeedOfLight --section Occupancy --section WarpStateStats --section ComputeWorkloadAnalysis \
      --section MemoryWorkloadAnalysis "$B/bench_cuda" ntt1 "$PROF" > "$O/ntt-ncu-$kv.txt" 2>&1
    el "ncu $kv rc=$?"
  done
fi
exit $rc
