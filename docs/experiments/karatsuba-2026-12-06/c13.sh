#!/bin/bash
# issue 18 call 13 (12-06): the landed tree (G1's accumulation in step, G2's pairs in blocks
# of 384, Karatsuba out): the GPU tests, then cuzk beside sppark at every goal size.
root=$PWD; cd .device-run && tar xJf c13.tar.xz && cd c13
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 380 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_msm cuda_test_field cuda_test_ntt; do $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
for round in 1 2; do
  [ $round = 2 ] && [ $(left) -lt 170 ] && break
  $F/sp_bench gpu 26 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $round"
  { echo "== round $round"
    for L in 20 22 24 26; do $F/bench_cuda g1 $L; done
    for L in 20 22 24; do $F/bench_cuda g2 $L; done
    CUZK_BENCH_TABLE_BITS=22 $F/bench_cuda g1table 24
  } >> $R/cuzk.txt 2>&1; el "cuzk $round"
done
python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk.txt $R/sppark.txt > $R/anchors-table.md 2>&1
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/anchors-table.md $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt $R/anchors-table.md; grep -h -E "check|TABLE" $R/cuzk.txt | grep -v "check OK" | head
