#!/bin/bash
# issue 18 call 24 (12-06): the product on Shoup's products (default t10b3S; t10b3H with
# Montgomery inter-pass twiddles; bench t11b3sH, t10b2S): the tests with the new default, then
# two rounds of the variants alternating with sppark's NTT up to 2^27.
root=$PWD; cd .device-run && tar xJf c24.tar.xz && cd c24
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_shoup cuda_test_ntt cuda_test_ntt_bench_variants; do timeout 120 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests



for round in 1 2; do
  timeout 60 $F/sp_bench gpu 0 0 27 5 ntt >> $R/sppark.txt 2>&1; el "sppark $round"
  { echo "== round $round"; timeout 120 $F/bench_cuda ntt-variants 27 t10b3,t10b3S,t10b3H,t11b3sH,t10b2S; } >> $R/variants.txt 2>&1; el "variants $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt | cut -c1-200
grep -E "^  2\^" $R/sppark.txt | awk '{print $1, $2}' | sort -V | awk '{v[$1]=v[$1]" "$2} END {for (k in v) print "sppark", k, v[k]}' | sort -V
grep -E "^NTT +2\^" $R/variants.txt | awk '{print $2, $3, $5}' | awk '{k=$1" "$2; v[k]=v[k]" "$3} END {for (k in v) print k, v[k]}' | sort -V
