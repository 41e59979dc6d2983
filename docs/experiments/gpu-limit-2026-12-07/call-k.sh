#!/usr/bin/env bash
# Call k (2026-12-07/08): calls f and j in one device call, on build-gpu/j (main at b9c1106).
#  - On a card with > 100 GB of memory (an H200): call-f.sh with LOGS=26 first (10 × 2^26, issue 47 item 5);
#    its 2^24 side is call j part 1's NEW runs, in the same call.
#  - Then call-j.sh with what is left of the budget (the gate, warm 2^24; BN254 CPU prove against rapidsnark).
#  - Then the CUDA tests, each with a 60 s timeout, while time is left.
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-k.sh OUT [BUDGET_S=570]
set -u
OUT=${1:?out}; BUDGET=${2:-570}; T0=$(date +%s); D=$(dirname "$0")
left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
MEM=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -n 1)
if (( MEM > 100000 )); then LOGS=26 bash "$D/call-f.sh" "$OUT/f" build-gpu/j; fi
bash "$D/call-j.sh" "$OUT/j" $(( $(left) - 60 ))
B=/tmp/cjt; mkdir -p "$B"; cp build-gpu/j/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B
for t in cuda_test_groth16 cuda_test_groth16_lent cuda_test_resident_upload cuda_test_msm_bn254 cuda_test_field \
         cuda_test_fr_mul cuda_test_shoup cuda_test_ntt cuda_test_ntt_bn254 cuda_test_msm cuda_test_setup; do
  (( $(left) > 20 )) || { echo "$t skipped: $(left) s left" >> "$OUT/tests.txt"; continue; }
  gunzip -c "build-gpu/j/$t.gz" > "$B/$t"; chmod +x "$B/$t"
  timeout $(( $(left) < 60 ? $(left) : 60 )) "$B/$t" > "$OUT/$t.log" 2>&1
  echo "$t rc=$? $(grep -E '^\[doctest\] (test cases|assertions)' "$OUT/$t.log" | tr '\n' ' ')" >> "$OUT/tests.txt"
done
cat "$OUT/tests.txt"
