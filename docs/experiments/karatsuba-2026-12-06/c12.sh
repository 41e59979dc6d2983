#!/bin/bash
# issue 18 call 12 (12-06): the accumulation's warps in step (lock: whole-SM blocks and a
# barrier after every entry; blk: the same blocks without it) against the tree (base) and
# sppark, two rotated rounds; stage profiles; ncu stall reasons; then the table and 2^26.
root=$PWD; cd .device-run && tar xJf c12.tar.xz && cd c12
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 560 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
t() { local v=$1 b=$2; shift 2; "$@" > $R/$v-$b.log 2>&1; echo "$v $b rc=$? $(tail -n 2 $R/$v-$b.log | tr '\n' ' ')" >> $R/tests.txt; }
t lock cuda_test_msm $F/lock/cuda_test_msm
t blk cuda_test_msm $F/blk/cuda_test_msm
el tests
round() {
  $F/sp_bench gpu 24 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $1"
  for v in $2; do
    { echo "== round $1"
      for L in 20 22 24; do $F/$v/bench_cuda g1 $L; done
      for L in 20 22 24; do CUZK_MSM_G2_LANES=2 $F/$v/bench_cuda g2 $L; done
    } >> $R/cuzk-$v.txt 2>&1; el "$v $1"
  done
}
round 1 "base lock blk"
for v in base lock blk; do
  { CUZK_MSM_PROFILE=on $F/$v/bench_cuda g1 24; CUZK_MSM_PROFILE=on $F/$v/bench_cuda g2 22; } > $R/profile-$v.txt 2>&1
done; el profiles
round 2 "blk lock base"
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
SECT="--section SpeedOfLight --section Occupancy --section WarpStateStats --section SchedulerStats"
MET="--metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,sm__pipe_alu_cycles_active.avg.pct_of_peak_sustained_active"
for v in base lock; do for m in "g1 24" "g2 22"; do
  l=$(left); [ $l -lt 60 ] && break 2
  timeout 60 $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate_segments --launch-count 1 $F/$v/bench_cuda $m > "$R/ncu-$v-${m/ /-}.txt" 2>&1; el "ncu $v $m rc=$?"
done; done
for v in base lock; do l=$(left); [ $l -lt 40 ] && break; CUZK_BENCH_TABLE_BITS=22 timeout $l $F/$v/bench_cuda g1table 24 >> $R/table-$v.txt 2>&1; el "table $v"; done
for v in base lock; do l=$(left); [ $l -lt 80 ] && break; timeout $l $F/$v/bench_cuda g1 26 >> $R/g1-26-$v.txt 2>&1; el "g1 26 $v"; done
l=$(left); [ $l -gt 40 ] && timeout $l $F/sp_bench gpu 26 0 0 3 g1 > $R/sppark-26.txt 2>&1; el "sppark 26"
for v in base lock blk; do python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk-$v.txt $R/sppark.txt > $R/atable-$v.md 2>&1; done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/atable-*.md $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for v in base lock blk; do echo "== $v"; cat $R/atable-$v.md; done
for v in base lock blk; do echo "== profile $v"; grep "^msm G1" $R/profile-$v.txt | tail -n 1 | cut -c1-400; grep "^msm G2" $R/profile-$v.txt | tail -n 1 | cut -c1-400; done
for f in $R/ncu-*.txt; do echo "== $f"; grep -E "Duration|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|stalled_(no_instruction|barrier|math_pipe|wait|long_scoreboard|short_scoreboard|not_selected|dispatch|branch|selected)_per|fmaheavy" $f | awk '{print $1, $NF}'; done
grep -h -E "TABLE|MSM" $R/table-*.txt $R/g1-26-*.txt | cut -c1-120; grep -E "MSM 2\^26" $R/sppark-26.txt
