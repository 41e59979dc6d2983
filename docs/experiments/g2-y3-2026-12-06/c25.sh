#!/bin/bash
# issue 18 call 25 (12-06): G2's Y3 = A·B − C·D under one reduction a lane: the tests with
# it, the SASS mix of the pair accumulation before / after, then G2 (and G1 2^24 as a
# control) old / new rotated beside sppark's G2, two rounds.
root=$PWD; cd .device-run && tar xJf c25.tar.xz && cd c25
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_field cuda_test_msm; do timeout 150 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for b in old new; do $CUOBJ -sass $F/bench_$b > /tmp/$b.sass 2>/dev/null; python3 $F/sass_mix.py /tmp/$b.sass accumulate_segments_pairs > $R/sass-$b.txt 2>&1; done
el sass
for round in 1 2; do
  timeout 90 $F/sp_bench gpu 0 24 0 3 g2 >> $R/sppark.txt 2>&1; el "sppark $round"
  if [ $round = 1 ]; then order="old new"; else order="new old"; fi
  for b in $order; do
    for L in 20 22 24; do timeout 60 $F/bench_$b g2 $L | sed "s/^MSM/MSM $b/" >> $R/cuzk.txt 2>&1; done
    timeout 60 $F/bench_$b g1 24 | sed "s/^MSM/MSM $b/" >> $R/cuzk.txt 2>&1
    el "$b $round"
  done
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; cut -c1-400 $R/sass-*.txt
grep -E "G2|g2|2\^" $R/sppark.txt | head -20
grep -E "^MSM" $R/cuzk.txt
