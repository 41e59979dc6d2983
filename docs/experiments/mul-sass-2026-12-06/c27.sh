#!/bin/bash
# issue 18 call 27 (12-06): the field product with aligned limb pairs (-DCUZK_FIELD_ALIGNED=1,
# "al") against the same tree without it ("old"): the CUDA tests with al, the SASS mix of the
# probe and of the MSM / NTT kernels, then G1 2^24, G2 2^22 / 2^24, NTT 2^24 (default and
# t10b3) old / al rotated, two rounds.
root=$PWD; cd .device-run && tar xJf c27.tar.xz && cd c27
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_field cuda_test_msm cuda_test_ntt cuda_test_shoup; do timeout 150 $F/al/$b > $R/al-$b.log 2>&1; echo "al $b rc=$? $(tail -n 2 $R/al-$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/al/cuda_test_groth16 > $R/al-cuda_test_groth16.log 2>&1; echo "al cuda_test_groth16 rc=$? $(tail -n 2 $R/al-cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
for p in probe probe-aligned; do $CUOBJ -sass $F/$p.cubin > /tmp/$p.sass; python3 $F/sass_mix.py /tmp/$p.sass _loop > $R/sass-$p.txt; done
for b in old al; do $CUOBJ -sass $F/$b/bench_cuda > /tmp/$b.sass 2>/dev/null
  for k in accumulate_segments dif_tileILj10ELj256ELj3ELi2ELi2 dif_tileILj10ELj256ELj3ELi2ELi0; do python3 $F/sass_mix.py /tmp/$b.sass $k; done > $R/sass-$b.txt; done
el sass
for round in 1 2; do
  if [ $round = 1 ]; then order="old al"; else order="al old"; fi
  for b in $order; do
    { timeout 60 $F/$b/bench_cuda g1 24; timeout 60 $F/$b/bench_cuda g2 22; timeout 60 $F/$b/bench_cuda g2 24
      timeout 60 $F/$b/bench_cuda ntt 24; CUZK_NTT_KERNEL=t10b3 timeout 60 $F/$b/bench_cuda ntt 24; } 2>&1 | grep -E "^(MSM|NTT)" | sed "s/^/$b r$round /" >> $R/cuzk.txt
    el "$b $round"
  done
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; for f in $R/sass-*.txt; do echo "== $f"; grep -E "^==|families" $f | cut -c1-260; done
sort -k3,5 $R/cuzk.txt | cut -c1-120
