#!/bin/bash
# issue 18 call 14 (12-06): G1's segment kernel in blocks of 384 (v1) and in step (v2) against
# the landed kernel (v0), one binary (CUZK_SEG_VARIANT), two rotated rounds (G1 2^22, 2^24), profiles; cut to fit ~285 s of device time left.
root=$PWD; cd .device-run && tar xJf c14.tar.xz && cd c14
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for v in 1 2; do CUZK_SEG_VARIANT=$v $F/cuda_test_msm > $R/v$v-cuda_test_msm.log 2>&1; echo "v$v cuda_test_msm rc=$? $(tail -n 2 $R/v$v-cuda_test_msm.log | tr '\n' ' ')" >> $R/tests.txt; done
el tests
for round in 1 2; do
  order="0 1 2"; [ $round = 2 ] && order="2 1 0"
  for v in $order; do
    { echo "== round $round"
      for L in 22 24; do CUZK_SEG_VARIANT=$v $F/bench_cuda g1 $L; done
      CUZK_SEG_VARIANT=$v CUZK_MSM_PROFILE=on $F/bench_cuda g1 24 2>&1 | grep '^msm G1' | tail -n 1
    } >> $R/cuzk-v$v.txt 2>&1; el "v$v $round"
  done
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for v in 0 1 2; do echo "== v$v"; grep -E "^MSM" $R/cuzk-v$v.txt | cut -c1-40; grep '^msm' $R/cuzk-v$v.txt | sed 's/.*accumulate/accumulate/'; grep -E 'check FAIL' $R/cuzk-v$v.txt; done
