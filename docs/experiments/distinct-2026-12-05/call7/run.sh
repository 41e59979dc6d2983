#!/bin/bash
# issue 18 call 7: segments fitted to one wave (wave) and + bound 4 for G1 (wave4) against base (HEAD); tests; window sweeps; sppark beside
root=$PWD; cd .devnew && tar xJf c7.tar.xz && cd c7
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 15; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; uptime; } > $R/device.txt 2>&1
for v in wave wave4; do ./$v/cuda_test_msm > $R/${v}_test_msm.log 2>&1; echo "$v cuda_test_msm rc=$? $(tail -2 $R/${v}_test_msm.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root $F/wave4/cuda_test_groth16 > $R/wave4_test_groth16.log 2>&1; echo "wave4 groth16 rc=$? $(tail -2 $R/wave4_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
bin() { case $1 in base) echo ./bench_cuda;; *) echo ./$1/bench_cuda;; esac; }
for v in base wave wave4; do
  CUZK_MSM_WINDOW_G1=20 CUZK_MSM_PROFILE=1 $(bin $v) g1 24 > $R/prof_${v}_g1_24_c20.txt 2>&1
  CUZK_MSM_WINDOW_G2=18 CUZK_MSM_PROFILE=1 $(bin $v) g2 22 > $R/prof_${v}_g2_22_c18.txt 2>&1
  CUZK_BENCH_TABLE_BITS=22 $(bin $v) g1table 24 2>&1 | grep -E "TABLE|MSM" | sed "s/^/$v /" >> $R/table.txt
done; el "profiles, table"
./sp_bench gpu 26 24 20 3 g1,g2 > $R/sppark.txt 2>&1; el sp
sw() { # curve L points "cs" "variants"
  for c in $4; do for v in $5; do
    if [ $1 = g1 ]; then CUZK_BENCH_POINTS=$3 CUZK_MSM_WINDOW_G1=$c $(bin $v) g1 $2 2>&1 | grep MSM | sed "s/^/$v /" >> $R/sweep.txt
    else CUZK_BENCH_POINTS=$3 CUZK_MSM_WINDOW_G2=$c $(bin $v) g2 $2 2>&1 | grep MSM | sed "s/^/$v /" >> $R/sweep.txt; fi
  done; done; el "$1 $2"; }
sw g1 24 distinct "16 19 20 21 22" "base wave wave4"
sw g1 20 distinct "13 14 15 16 17" "base wave wave4"
sw g1 22 distinct "15 16 17 18 19" "wave wave4"
sw g2 22 distinct "15 16 17 18" "base wave"
sw g2 20 distinct "13 14 15 16" "wave"
sw g1 26 tiled "20 21 22" "wave wave4"
sw g2 24 tiled "16 18 19 20" "wave"
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/sweep.txt $R/table.txt $OUT/
