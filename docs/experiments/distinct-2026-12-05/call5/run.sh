#!/bin/bash
# issue 18 call 5: distinct points vs tiled bases, sppark beside; window sweeps and profiles on distinct points
root=$PWD; cd .devnew && tar xJf dist.tar.xz && cd dist
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 15; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; uptime; } > $R/device.txt 2>&1
for t in cuda_test_field cuda_test_msm; do ./$t > $R/$t.log 2>&1; echo "$t rc=$? $(tail -2 $R/$t.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root $F/cuda_test_groth16 > $R/test_groth16.log 2>&1; echo "groth16 rc=$? $(tail -2 $R/test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
CUZK_BENCH_POINTS=bogus ./bench_cuda g1 20 > $R/bogus.txt 2>&1; echo "bogus rc=$?" >> $R/tests.txt
for round in 1 2; do
  ./sp_bench gpu 26 24 20 3 g1,g2 >> $R/sppark.txt 2>&1; el "sp $round"
  echo "== round $round" >> $R/cuzk.txt
  for L in 20 22 24 26; do for P in distinct tiled; do CUZK_BENCH_POINTS=$P ./bench_cuda g1 $L 2>&1 | grep -v '^device' >> $R/cuzk.txt; done; done; el "g1 $round"
  for L in 20 22 24; do for P in distinct tiled; do CUZK_BENCH_POINTS=$P ./bench_cuda g2 $L 2>&1 | grep -v '^device' >> $R/cuzk.txt; done; done; el "g2 $round"
  if [ $round = 1 ]; then for P in distinct tiled; do CUZK_BENCH_POINTS=$P CUZK_BENCH_TABLE_BITS=22 ./bench_cuda g1table 24 >> $R/cuzk.txt 2>&1; done; el table; fi
done
python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk.txt $R/sppark.txt > $R/anchors-table.md 2>&1
cp $R/anchors-table.md $OUT/
for c in 16 17 18 19 20 21; do CUZK_MSM_WINDOW_G1=$c ./bench_cuda g1 24 2>&1 | grep MSM >> $R/win.txt; done; el "win g1 24"
for c in 15 17 18; do CUZK_MSM_WINDOW_G2=$c ./bench_cuda g2 24 2>&1 | grep MSM >> $R/win.txt; done; el "win g2 24"
for c in 21 22; do CUZK_MSM_WINDOW_G1=$c ./bench_cuda g1 26 2>&1 | grep MSM >> $R/win.txt; done; el "win g1 26"
for P in distinct tiled; do CUZK_BENCH_POINTS=$P CUZK_MSM_PROFILE=1 ./bench_cuda g1 24 > $R/prof_g1_24_$P.txt 2>&1; CUZK_BENCH_POINTS=$P CUZK_MSM_PROFILE=1 ./bench_cuda g2 22 > $R/prof_g2_22_$P.txt 2>&1; done; el profiles
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/win.txt $OUT/
