#!/bin/bash
# issue 18 call 31 (prepared 12-06, fifth session; run in the sixth, raw output in call31/): the Fq Montgomery reduction on
# the aligned accumulators. Four bench_cuda builds: old = HEAD's field.cuh (call 30's binary),
# and from aligned-reduce.patch: A (-DCUZK_EXP_INTERLEAVED=0 -DCUZK_EXP_SQR_ALIGNED=0: rows
# then rounds, products and sums of products only), AB (-DCUZK_EXP_INTERLEAVED=0: the square
# too), C (-DCUZK_EXP_SQR_ALIGNED=0: round i right after row i). The tests of A, AB and C
# first, then G1 2^24, the c = 22 table at 2^24 and G2 2^24, rotated over two rounds, and
# sppark's G1 / G2 2^24 once. ~300 s.
# Run from the repository root with .device-run/c31.tar.xz (see README.md here for the layout).
root=$PWD; cd .device-run && tar xJf c31.tar.xz && cd c31
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; rm -rf $R; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
for v in A AB C; do
  for b in cuda_test_field cuda_test_msm; do timeout 100 $F/$v/$b > $R/$v-$b.log 2>&1; echo "$v $b rc=$? $(tail -n 2 $R/$v-$b.log | tr '\n' ' ')" >> $R/tests.txt; done
  (cd $root && CUZK_SOURCE_DIR=$root timeout 60 $F/$v/cuda_test_groth16 > $R/$v-cuda_test_groth16.log 2>&1; echo "$v cuda_test_groth16 rc=$? $(tail -n 2 $R/$v-cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
done
el tests
timeout 90 $F/sp_bench gpu 24 24 0 3 g1,g2 > $R/sppark.txt 2>&1; el sppark
for round in 1 2; do
  if [ $round = 1 ]; then order="old A AB C"; else order="C AB A old"; fi
  for v in $order; do
    { timeout 40 $F/$v/bench_cuda g1 24; CUZK_BENCH_TABLE_BITS=22 timeout 120 $F/$v/bench_cuda g1table 24; timeout 60 $F/$v/bench_cuda g2 24; } 2>&1 | grep "^MSM" | sed "s/^/$v r$round /" >> $R/variants.txt
  done
  el "round $round"
done
# Added 12-06 (sixth session) after the timed rounds, so it cannot disturb them: ncu on G1
# 2^24's accumulate_segments for each build (FMA-heavy pipe, issue, stalls), while time is left.
left() { echo $(( 560 - ($(date +%s) - T0) )); }
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
SECT="--section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats"
MET="--metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active,smsp__inst_executed.sum"
for v in old AB A C; do
  l=$(left); [ $l -lt 45 ] && break
  timeout 45 $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate_segments --launch-count 1 $F/$v/bench_cuda g1 24 > $R/ncu-$v.txt 2>&1; el "ncu $v rc=$?"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r
cat $R/tests.txt $R/time.txt; grep -E "distinct" $R/sppark.txt | cut -c1-90; sort -k3,5 $R/variants.txt | cut -c1-110
for f in $R/ncu-*.txt; do echo "== $f"; grep -E "Duration|Issue Slots Busy|Warp Cycles Per Issued|Achieved Occupancy|stalled_(math_pipe|wait|long_scoreboard|short_scoreboard|not_selected|dispatch|no_instruction)_per|fmaheavy|smsp__inst_executed.sum" $f | awk '{print $1, $NF}'; done
