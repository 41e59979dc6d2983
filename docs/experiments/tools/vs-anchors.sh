#!/bin/bash
# cuzk against the anchors, in one call on one GPU: our kernels' correctness tests on fresh
# random input, then sppark (../shared/anchors/sp_bench, which checks its own results) and
# cuzk's bench_cuda timed back to back, twice in alternation (A B A B), and the ratio table
# (docs/experiments/tools/anchors_table.py). A figure counts only when both sides ran in this call and
# neither side's check failed (sppark checks its own; bench_cuda checks each plain MSM over
# distinct points P_i = (a + i·d)·G against (a·Σk_i + d·Σi·k_i)·G, and each window-table MSM
# against the plain one).
# Usage: docs/experiments/tools/vs-anchors.sh BIN_DIR OUT_DIR
#   BIN_DIR: bench_cuda, cuda_test_field, cuda_test_msm, cuda_test_ntt, libtbb.so.12 (built for sm_90) and a copy of sp_bench
#   env: G1MAX=26 G2MAX=24 NTTMAX=27 REPS=5 ROUNDS=2; TABLE_SIZES="24 26" TABLE_BITS=22 (the
#   G1 MSM over a window table, bench_cuda g1table, against sppark's plain G1; TABLE_SIZES=""
#   leaves it out: a 2^26 table takes ~70 GB of the GPU's memory); G2LANES="2 1" (G2 on lane
#   pairs, the default: rows "G2"; then one thread a point, CUZK_MSM_G2_LANES=1: rows "G2L1";
#   G2LANES=2 leaves those out)
set -u
B=${1:?bin dir}; O=${2:?out dir}
G1MAX=${G1MAX:-26}; G2MAX=${G2MAX:-24}; NTTMAX=${NTTMAX:-27}; REPS=${REPS:-5}; ROUNDS=${ROUNDS:-2}
TABLE_SIZES=${TABLE_SIZES-24 26}; TABLE_BITS=${TABLE_BITS:-22}; G2LANES=${G2LANES:-2 1}
here=$(cd "$(dirname "$0")" && pwd)
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O"
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv > "$O/anchors-device.txt" 2>&1
rc=0
for t in cuda_test_field cuda_test_msm cuda_test_ntt; do
  "$B/$t" > "$O/anchors-$t.log" 2>&1; r=$?
  el "$t rc=$r: $(tail -n 2 "$O/anchors-$t.log" | tr '\n' ' ')"
  [ $r -eq 0 ] || rc=1
done
for round in $(seq 1 "$ROUNDS"); do
  "$B/sp_bench" gpu "$G1MAX" "$G2MAX" "$NTTMAX" "$REPS" >> "$O/anchors-sppark.txt" 2>&1 || rc=1
  el "sp_bench round $round done"
  {
    echo "== round $round"
    for L in $(seq 20 2 "$G1MAX"); do "$B/bench_cuda" g1 "$L" || rc=1; done
    for lanes in $G2LANES; do
      for L in $(seq 20 2 "$G2MAX"); do CUZK_MSM_G2_LANES=$lanes "$B/bench_cuda" g2 "$L" || rc=1; done
    done
    "$B/bench_cuda" ntt "$NTTMAX" || rc=1
    for L in $TABLE_SIZES; do CUZK_BENCH_TABLE_BITS=$TABLE_BITS "$B/bench_cuda" g1table "$L" || rc=1; done
  } >> "$O/anchors-cuzk.txt" 2>&1
  el "bench_cuda round $round done"
done
python3 "$here/anchors_table.py" "$O/anchors-cuzk.txt" "$O/anchors-sppark.txt" | tee "$O/anchors-table.md"
exit $rc
