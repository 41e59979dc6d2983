#!/bin/bash
# issue 18 call 32 (12-06, sixth session): the landed tree (AB of call 31: Fq's reduction and
# square on the aligned pairs) — cuzk beside sppark at every goal size (one round), the window
# table's widths 20–23 at 2^24 and its stage profile at c = 22, then a second round and the GPU
# tests while time is left (CAP s; the session's device time was short after failed starts;
# the msm / fixed_base device code is byte for byte call 31's AB, whose tests passed there,
# and ntt.cu's that of the tree before).
# Run from the repository root with .device-run/c32.tar.xz (c32/: bench_cuda, cuda_test_field,
# cuda_test_msm, cuda_test_ntt, cuda_test_groth16, libtbb.so.12*, sp_bench).
root=$PWD; cd .device-run && tar xJf c32.tar.xz && cd c32
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
CAP=${CAP:-150}; left() { echo $(( CAP - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
round() {
  timeout 120 $F/sp_bench gpu 26 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $1"
  { echo "== round $1"
    for L in 20 22 24 26; do timeout 60 $F/bench_cuda g1 $L; done
    for L in 20 22 24; do timeout 40 $F/bench_cuda g2 $L; done
    CUZK_BENCH_TABLE_BITS=22 timeout 60 $F/bench_cuda g1table 24
  } >> $R/cuzk.txt 2>&1; el "cuzk $1"
}
round 1
l=$(left); [ $l -gt 60 ] && CUZK_BENCH_TABLE_BITS=20,21,22,23 timeout $l $F/bench_cuda g1table 24 > $R/table-widths.txt 2>&1; el "table widths"
l=$(left); [ $l -gt 30 ] && CUZK_MSM_PROFILE=on CUZK_BENCH_TABLE_BITS=22 timeout $l $F/bench_cuda g1table 24 > $R/table-profile.txt 2>&1; el "table profile"
[ $(left) -gt 90 ] && round 2
for b in cuda_test_msm cuda_test_field; do l=$(left); [ $l -gt 20 ] || break; timeout $l $F/$b > $R/$b.log 2>&1; echo "$b rc=$? $(tail -n 2 $R/$b.log | tr '\n' ' ')" >> $R/tests.txt; done
python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk.txt $R/sppark.txt > $R/anchors-table.md 2>&1
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt 2>/dev/null $R/anchors-table.md; grep -h -E "check|TABLE" $R/cuzk.txt | grep -v "check OK" | head
grep -h "^MSM" $R/table-widths.txt | cut -c1-100; grep -E "^msm|G1T|table" $R/table-profile.txt | cut -c1-400 | tail -n 6
