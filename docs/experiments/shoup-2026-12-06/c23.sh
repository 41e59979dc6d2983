#!/bin/bash
# issue 18 call 23 (12-06): Shoup's products in the NTT (t10b3S / t11b3sS) beside the
# product's t10b3 / t11b3s in one binary, the tests first (cuda_test_shoup: the product and
# its factor tables against the host), SASS IMAD counts per kernel, then two rounds of the
# four variants alternating with sppark's NTT up to 2^27.
root=$PWD; cd .device-run && tar xJf c23.tar.xz && cd c23
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_shoup cuda_test_ntt cuda_test_ntt_bench_variants; do timeout 120 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
CUOBJ=$(command -v cuobjdump || echo /usr/local/cuda/bin/cuobjdump)
$CUOBJ -sass $F/bench_cuda 2>/dev/null | awk '/Function : /{f=($3 ~ /dif_tile/)?$3:""} f&&/ IMAD/{n[f]++} f&&/\/\*[0-9a-f]{4}\*\/ /{t[f]++} END{for (k in n) print k, "IMAD", n[k], "instr", t[k]}' | sort > $R/sass-imad.txt
el sass
for round in 1 2; do
  timeout 60 $F/sp_bench gpu 0 0 27 5 ntt >> $R/sppark.txt 2>&1; el "sppark $round"
  { echo "== round $round"; timeout 120 $F/bench_cuda ntt-variants 27 t10b3,t11b3s,t10b3S,t11b3sS; } >> $R/variants.txt 2>&1; el "variants $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt $R/sass-imad.txt | cut -c1-200
grep -E "^  2\^" $R/sppark.txt | awk '{print $1, $2}' | sort -V | awk '{v[$1]=v[$1]" "$2} END {for (k in v) print "sppark", k, v[k]}' | sort -V
grep -E "^NTT +2\^" $R/variants.txt | awk '{print $2, $3, $5}' | awk '{k=$1" "$2; v[k]=v[k]" "$3} END {for (k in v) print k, v[k]}' | sort -V
