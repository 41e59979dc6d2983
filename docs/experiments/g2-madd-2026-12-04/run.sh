#!/bin/bash
# call 6: G2 madd reorder (nl) vs main (n): CUDA tests, then bench_cuda g2/g1 alternated
set -u; cd "$(dirname "$0")"; D=$PWD; rm -rf n nl; tar xJf n.tar.xz; tar xJf nl.tar.xz
R=$(cd .. && pwd); source "$R/docs/experiments/tools/lib.sh"; export LD_LIBRARY_PATH=$D/n
O=$OUT/g2; mkdir -p $O; cd "$R"
for t in cuda_test_msm cuda_test_groth16; do timeout 60 $D/nl/$t > $O/$t.log 2>&1; el "nl $t rc=$?: $(tail -n 2 $O/$t.log | tr '\n' ' ')"; done
for r in 1 2; do for v in n nl; do
  { echo "== $v round $r"; for L in 20 22 24; do timeout 40 $D/$v/bench_cuda g2 $L; done; timeout 30 $D/$v/bench_cuda g1 24; timeout 30 $D/$v/bench_cuda g1 22; } >> $O/bench-$v.txt 2>&1
  el "$v round $r: $(grep -h 'MSM' $O/bench-$v.txt | tail -n 5 | awk '{print $2, $3, $5}' | tr '\n' ';')"
done; done
cd $OUT && tar czf g2.tgz g2; ls -la
