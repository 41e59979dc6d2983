#!/bin/bash
# issue 18 call 28 (12-06): the landed tree (Shoup NTT default, Fq product on aligned pairs):
# cuda_test_groth16 and cuda_test_shoup, then docs/experiments/tools/vs-anchors.sh (its own tests, sppark
# and bench_cuda alternating, two rounds, G1 / G2 to 2^24, NTT to 2^27, the c = 22 table at
# 2^24), then G1 / G2 2^24 of the tree before the aligned product (bench_old) against the
# landed one, rotated.
root=$PWD; cd .device-run && tar xJf c28.tar.xz && cd c28
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
timeout 60 $F/cuda_test_shoup > $R/cuda_test_shoup.log 2>&1; echo "cuda_test_shoup rc=$? $(tail -n 2 $R/cuda_test_shoup.log | tr '\n' ' ')" >> $R/tests.txt
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
G1MAX=24 G2MAX=24 NTTMAX=27 TABLE_SIZES=24 G2LANES=2 ROUNDS=2 timeout 420 bash $root/docs/experiments/tools/vs-anchors.sh $F $R > $R/vs-anchors.log 2>&1; echo "vs-anchors rc=$?" >> $R/tests.txt
el vs-anchors
for round in 1 2; do
  if [ $round = 1 ]; then order="bench_old bench_cuda"; else order="bench_cuda bench_old"; fi
  for b in $order; do { timeout 40 $F/$b g1 24; timeout 60 $F/$b g2 24; } 2>&1 | grep "^MSM" | sed "s/^/$b r$round /" >> $R/oldnew.txt; done
  el "oldnew $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; grep -E "rc=" $R/vs-anchors.log | cut -c1-160; cat $R/anchors-table.md; sort -k3,5 $R/oldnew.txt | cut -c1-100
