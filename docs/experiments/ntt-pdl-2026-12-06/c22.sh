#!/bin/bash
# issue 18 call 22 (12-06): the landed tree (the product's NTT passes by programmatic
# dependent launch, trigger at block exit): NTT and Groth16 tests (CUDA proofs == CPU's),
# then the product's default beside sppark's NTT, twice; ncu kernel durations of one 2^20
# NTT, ours and sppark's (prepared 12-06, not run: no device time was left).
root=$PWD; cd .device-run && tar xJf c22.tar.xz && cd c22
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for b in cuda_test_ntt cuda_test_ntt_bench_variants; do timeout 40 $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
(cd $root && CUZK_SOURCE_DIR=$root timeout 40 $F/cuda_test_groth16 > $R/cuda_test_groth16.log 2>&1; echo "cuda_test_groth16 rc=$? $(tail -n 2 $R/cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
for round in 1 2; do
  timeout 15 $F/sp_bench gpu 0 0 24 5 ntt >> $R/sppark.txt 2>&1
  timeout 15 $F/bench_cuda ntt 24 >> $R/cuzk.txt 2>&1; el "round $round"
done
# where 2^20's time goes, ours and sppark's, kernel by kernel (for the next NTT step)
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
timeout 40 $NCU --clock-control none --metrics gpu__time_duration.sum --kernel-name regex:dif_tile --launch-count 6 $F/bench_cuda ntt 20 > $R/ncu-cuzk-ntt20.txt 2>&1; el "ncu cuzk rc=$?"
timeout 40 $NCU --clock-control none --metrics gpu__time_duration.sum --launch-skip 0 --launch-count 12 $F/sp_bench gpu 0 0 20 1 ntt > $R/ncu-sppark-ntt20.txt 2>&1; el "ncu sppark rc=$?"
tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; grep -E "^  2\^" $R/sppark.txt | awk '{print "sppark", $1, $2}'; grep -E "^NTT" $R/cuzk.txt | awk '{print "cuzk", $2, $3, $5}'
for f in $R/ncu-*-ntt20.txt; do echo "== $f"; grep -E "^  [a-zA-Z_].*\\(|gpu__time_duration" $f | cut -c1-100; done
