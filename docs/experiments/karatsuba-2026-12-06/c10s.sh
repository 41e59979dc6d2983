#!/bin/bash
# call 10, short form: kara's tests, then G1 2^24 / G2 2^22 for sppark, base, kara, karamul
root=$PWD; cd .device-run && tar xJf c10.tar.xz && cd c10
F=$PWD; export LD_LIBRARY_PATH=$F; R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 5; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm --format=csv > $R/device.txt 2>&1
for t in cuda_test_field cuda_test_msm; do $F/kara/$t > $R/kara-$t.log 2>&1; echo "kara $t rc=$? $(tail -n 2 $R/kara-$t.log | tr '\n' ' ')" >> $R/tests.txt; done; el tests
for round in 1 2; do
  $F/sp_bench gpu 24 22 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $round"
  for v in base kara karamul; do { echo "== round $round"; $F/$v/bench_cuda g1 24; CUZK_MSM_G2_LANES=2 $F/$v/bench_cuda g2 22; } >> $R/cuzk-$v.txt 2>&1; el "$v $round"; done
done
tar czf $OUT/r.tgz -C /tmp r; cat $R/tests.txt $R/time.txt; grep -h "G1\|G2" $R/sppark.txt | tail -8; for v in base kara karamul; do echo "== $v"; grep -h "2^2[24]\|check" $R/cuzk-$v.txt | head -8; done
