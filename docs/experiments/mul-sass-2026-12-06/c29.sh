#!/bin/bash
# issue 18 call 29 (12-06): a·b + c·d with both products on aligned pairs (mul_aligned2):
# the tests, then G1 2^24, G2 2^22 / 2^24 of call 28's landed binary (old) and this one (new),
# rotated, two rounds, and sppark's G2 once.
root=$PWD; cd .device-run && tar xJf c29.tar.xz && cd c29
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_field cuda_test_msm; do timeout 100 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
timeout 90 $F/sp_bench gpu 0 24 0 3 g2 > $R/sppark.txt 2>&1; el sppark
for round in 1 2; do
  if [ $round = 1 ]; then order="old new"; else order="new old"; fi
  for b in $order; do { timeout 40 $F/bench_$b g1 24; timeout 40 $F/bench_$b g2 22; timeout 60 $F/bench_$b g2 24; } 2>&1 | grep "^MSM" | sed "s/^/$b r$round /" >> $R/oldnew.txt; done
  el "round $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; grep -E "D distinct" $R/sppark.txt | cut -c1-90; sort -k3,5 $R/oldnew.txt | cut -c1-100
