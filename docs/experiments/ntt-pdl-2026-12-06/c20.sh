#!/bin/bash
# issue 18 call 20 (12-06): NTT passes by programmatic dependent launch (t10b3p / t11b3sp
# beside the product's t10b3 / t11b3s, one binary), the tests of the tree as it stands, and
# sppark's NTT in the same call, three alternating rounds.
root=$PWD; cd .device-run && tar xJf c20.tar.xz && cd c20
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 420 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_ntt cuda_test_ntt_bench_variants cuda_test_msm cuda_test_field; do timeout 200 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 200 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
for round in 1 2 3; do
  [ $(left) -lt 60 ] && break
  timeout 60 $F/sp_bench gpu 0 0 24 5 ntt >> $R/sppark.txt 2>&1; el "sppark $round"
  { echo "== round $round"; timeout 120 $F/bench_cuda ntt-variants 24; } >> $R/variants.txt 2>&1; el "variants $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt
grep -E "NTT" $R/sppark.txt | head -12
grep -E "^NTT +2\^[0-9]+ +(t10b3|t11b3s|t10b3p|t11b3sp|default) " $R/variants.txt | awk '{print $2, $3, $5}' | sort | awk '{k=$1" "$2; v[k]=v[k]" "$3} END {for (k in v) print k, v[k]}' | sort -V
