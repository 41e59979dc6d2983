#!/bin/bash
# issue 18 call 16 (12-06, third session): batch-affine bucket sums (msm_affine.cuh, built
# with -DCUZK_AFFINE_EXPERIMENT=1; CUZK_MSM_AFFINE=1 picks them at run time, 0 the landed
# XYZZ accumulation) — tests with both, stage profiles, two rotated rounds beside sppark.
root=$PWD; cd .device-run && tar xJf c16.tar.xz && cd c16
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 560 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for a in 1 0; do CUZK_MSM_AFFINE=$a timeout 120 $F/cuda_test_msm > $R/a$a-cuda_test_msm.log 2>&1; echo "affine=$a cuda_test_msm rc=$? $(tail -n 2 $R/a$a-cuda_test_msm.log | tr '\n' ' ')" >> $R/tests.txt; done
el tests
for a in 1 0; do
  { for L in 22 24; do CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on timeout 60 $F/bench_cuda g1 $L 2>&1 | grep -E '^msm G1|^MSM' | tail -n 2; done
    CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on CUZK_BENCH_TABLE_BITS=22 timeout 90 $F/bench_cuda g1table 24 2>&1 | grep -E '^msm G1|^MSM|^TABLE|FAIL' | tail -n 4
    CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on timeout 60 $F/bench_cuda g2 22 2>&1 | grep -E '^msm G2|^MSM' | tail -n 2
  } > $R/profile-a$a.txt 2>&1; el "profile a$a"
done
for round in 1 2; do
  [ $(left) -lt 150 ] && break
  $F/sp_bench gpu 24 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $round"
  order="1 0"; [ $round = 2 ] && order="0 1"
  for a in $order; do
    [ $(left) -lt 60 ] && break
    { echo "== round $round"
      for L in 20 22 24; do CUZK_MSM_AFFINE=$a timeout 60 $F/bench_cuda g1 $L; done
      for L in 20 22 24; do CUZK_MSM_AFFINE=$a timeout 60 $F/bench_cuda g2 $L; done
      CUZK_MSM_AFFINE=$a CUZK_BENCH_TABLE_BITS=22 timeout 90 $F/bench_cuda g1table 24
    } >> $R/cuzk-a$a.txt 2>&1; el "a$a $round"
  done
done
for a in 1 0; do python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk-a$a.txt $R/sppark.txt > $R/atable-a$a.md 2>&1; done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/atable-a*.md $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for a in 1 0; do echo "== affine=$a"; cat $R/atable-a$a.md; sed 's/.*accumulate/accumulate/' $R/profile-a$a.txt | cut -c1-200; grep -h -E "FAIL" $R/cuzk-a$a.txt | head -3; done
