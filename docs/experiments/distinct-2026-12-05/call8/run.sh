#!/bin/bash
# issue 18 call 8: the landed code — tests, the refitted model's widths below 2^20 against the old model's, defaults beside sppark
root=$PWD; cd .devnew && tar xJf c8.tar.xz && cd c8
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
./cuda_test_msm > $R/test_msm.log 2>&1; echo "cuda_test_msm rc=$? $(tail -2 $R/test_msm.log | tr '\n' ' ')" >> $R/tests.txt; el tests
for r in 1 2; do for m in g1 g2; do
  ./bench_cuda $m 16 | grep MSM | sed "s/^/new /" >> $R/small.txt
  CUZK_MSM_WINDOW_G1=10 CUZK_MSM_WINDOW_G2=10 ./bench_cuda $m 16 | grep MSM | sed "s/^/old /" >> $R/small.txt
  ./bench_cuda $m 18 | grep MSM | sed "s/^/new /" >> $R/small.txt
  CUZK_MSM_WINDOW_G1=12 CUZK_MSM_WINDOW_G2=12 ./bench_cuda $m 18 | grep MSM | sed "s/^/old /" >> $R/small.txt
done; done; el small
./sp_bench gpu 24 24 20 3 g1,g2 > $R/sppark.txt 2>&1; el sp
for L in 20 22 24; do ./bench_cuda g1 $L >> $R/cuzk.txt 2>&1; done
for L in 20 22 24; do ./bench_cuda g2 $L >> $R/cuzk.txt 2>&1; done; el defaults
python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk.txt $R/sppark.txt > $R/anchors-table.md 2>&1
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/small.txt $R/anchors-table.md $OUT/
