#!/bin/bash
# issue 18, prepared for the next session (not run): the window widths around the model's
# picks on the faster accumulation (ca8f264's bench_cuda), two rotated rounds. Expects
# .device-run/c15.tar.xz holding c15/{bench_cuda,libtbb.so.12*,sp_bench}.
root=$PWD; cd .device-run && tar xJf c15.tar.xz && cd c15
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
sweep() {  # curve size widths...
  local m=$1 L=$2; shift 2
  for c in "$@"; do
    if [ $m = g1 ]; then CUZK_MSM_WINDOW_G1=$c $F/bench_cuda g1 $L; else CUZK_MSM_WINDOW_G2=$c $F/bench_cuda g2 $L; fi
  done
}
for round in 1 2; do
  { echo "== round $round"
    sweep g1 20 15 16 17; sweep g1 22 15 16 17; sweep g1 24 19 20 21; sweep g1 26 20 21 22
    sweep g2 20 14 15 16; sweep g2 22 15 16 17; sweep g2 24 18 19 20 21
  } >> $R/sweep.txt 2>&1; el "sweep $round"
done
$F/sp_bench gpu 26 24 0 3 g1,g2 > $R/sppark.txt 2>&1; el sppark
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/sweep.txt $OUT/
grep -E '^MSM' $R/sweep.txt | awk '{print $2, $3, $4, $5}' | sort | awk '{k=$1" "$2" "$3; v[k]=v[k]" "$4} END {for (k in v) print k, v[k]}' | sort
