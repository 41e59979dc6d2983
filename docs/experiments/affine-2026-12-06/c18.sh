#!/bin/bash
# issue 18 call 18 (12-06): the batch-affine sums, second version (finished buckets drop out,
# XYZZ finish below 2^17 slots, prefetched x in the prefix kernel, apply in whole-SM blocks
# in step): tests (rounds all the way down, the default, finish only), per-kernel times,
# profiles, two rotated rounds of G1 beside sppark (affine 1 / 0 in one binary).
root=$PWD; cd .device-run && tar xJf c18.tar.xz && cd c18
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 500 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
t() { CUZK_MSM_AFFINE=1 CUZK_MSM_AFFINE_MIN=$1 timeout 120 $F/cuda_test_msm > $R/min$1-cuda_test_msm.log 2>&1; echo "affine min=$1 cuda_test_msm rc=$? $(tail -n 2 $R/min$1-cuda_test_msm.log | tr '\n' ' ')" >> $R/tests.txt; }
t 1; t 131072; t 4000000000
el tests
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
CUZK_MSM_AFFINE=1 timeout 60 $NCU --clock-control none --metrics gpu__time_duration.sum --kernel-name regex:aff_ --launch-count 40 $F/bench_cuda g1 24 > $R/ncu-dur-g1-24.txt 2>&1; el "dur rc=$?"
for a in 1 0; do
  { for L in 22 24; do CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on timeout 60 $F/bench_cuda g1 $L 2>&1 | grep -E '^msm G1|^MSM' | tail -n 2; done
    CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on CUZK_BENCH_TABLE_BITS=22 timeout 90 $F/bench_cuda g1table 24 2>&1 | grep -E '^msm G1|^MSM|^TABLE|FAIL' | tail -n 4
  } > $R/profile-a$a.txt 2>&1; el "profile a$a"
done
for round in 1 2; do
  [ $(left) -lt 120 ] && break
  $F/sp_bench gpu 24 0 0 3 g1 >> $R/sppark.txt 2>&1; el "sppark $round"
  order="1 0"; [ $round = 2 ] && order="0 1"
  for a in $order; do
    [ $(left) -lt 50 ] && break
    { echo "== round $round"
      for L in 20 22 24; do CUZK_MSM_AFFINE=$a timeout 60 $F/bench_cuda g1 $L; done
      CUZK_MSM_AFFINE=$a CUZK_BENCH_TABLE_BITS=22 timeout 90 $F/bench_cuda g1table 24
    } >> $R/cuzk-a$a.txt 2>&1; el "a$a $round"
  done
done
for a in 1 0; do python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk-a$a.txt $R/sppark.txt > $R/atable-a$a.md 2>&1; done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/atable-a*.md $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for a in 1 0; do echo "== affine=$a"; cat $R/atable-a$a.md; sed 's/.*sort+ranges/sort+ranges/' $R/profile-a$a.txt | cut -c1-200; grep -h -E "FAIL" $R/cuzk-a$a.txt | head -3; done
grep -E "aff_|gpu__time_duration" $R/ncu-dur-g1-24.txt | awk '/aff_/{match($0,/aff_[a-z]+/); k=substr($0,RSTART,RLENGTH)} /gpu__time/{printf "%s %s %s | ", k, $NF, $(NF-1)}'; echo
