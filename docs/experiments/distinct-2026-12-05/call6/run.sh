#!/bin/bash
# issue 18 call 6: window sweeps for base (2^15 segment threads) and seg17 (2^17), seg17's tests, profiles at c = 20
root=$PWD; cd .devnew && tar xJf c6.tar.xz && cd c6
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 15; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; uptime; } > $R/device.txt 2>&1
./seg17/cuda_test_msm > $R/seg17_test_msm.log 2>&1; echo "seg17 cuda_test_msm rc=$? $(tail -2 $R/seg17_test_msm.log | tr '\n' ' ')" >> $R/tests.txt
el tests
for v in base seg17; do b=./bench_cuda; [ $v = seg17 ] && b=./seg17/bench_cuda
  CUZK_MSM_WINDOW_G1=20 CUZK_MSM_PROFILE=1 $b g1 24 > $R/prof_${v}_g1_24_c20.txt 2>&1
  CUZK_MSM_WINDOW_G2=18 CUZK_MSM_PROFILE=1 $b g2 22 > $R/prof_${v}_g2_22_c18.txt 2>&1
done; el profiles
sw() { # curve L points "cs"
  for c in $4; do for v in base seg17; do b=./bench_cuda; [ $v = seg17 ] && b=./seg17/bench_cuda
    if [ $1 = g1 ]; then CUZK_BENCH_POINTS=$3 CUZK_MSM_WINDOW_G1=$c $b g1 $2 2>&1 | grep MSM | sed "s/^/$v /" >> $R/sweep.txt
    else CUZK_BENCH_POINTS=$3 CUZK_MSM_WINDOW_G2=$c $b g2 $2 2>&1 | grep MSM | sed "s/^/$v /" >> $R/sweep.txt; fi
  done; done; el "$1 $2"; }
sw g1 24 distinct "16 18 19 20 21 22"
sw g1 22 distinct "14 15 16 17 18"
sw g1 20 distinct "13 14 15 16"
sw g2 22 distinct "15 16 17 18"
sw g2 20 distinct "12 13 14 15"
sw g1 26 tiled "20 21 22"
sw g2 24 tiled "16 18 19 20"
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/sweep.txt $OUT/
