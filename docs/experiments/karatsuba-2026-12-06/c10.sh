#!/bin/bash
# issue 18 call 10 (12-06): where G1's accumulation spends its cycles (ncu, SASS mix), and the
# Karatsuba Fq product (kara) against the tree (base) and sppark, alternated, one call.
root=$PWD; cd .device-run && tar xJf c10.tar.xz && cd c10
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
# 1. correctness of the variant (and base's field test as a control)
for v in kara karamul base; do
  for t in cuda_test_field cuda_test_msm; do
    [ $v = base ] && [ $t = cuda_test_msm ] && continue
    $F/$v/$t > $R/$v-$t.log 2>&1; echo "$v $t rc=$? $(tail -n 2 $R/$v-$t.log | tr '\n' ' ')" >> $R/tests.txt
  done
done
(cd $root && CUZK_SOURCE_DIR=$root $F/kara/cuda_test_groth16 > $R/kara-cuda_test_groth16.log 2>&1; echo "kara groth16 rc=$? $(tail -n 2 $R/kara-cuda_test_groth16.log | tr '\n' ' ')" >> $R/tests.txt)
el tests
# 4. timing: sppark, then base, kara, karamul; round 1 before the ncu runs, round 2 after
timing_round() {
  $F/sp_bench gpu 26 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $1"
  for v in base kara karamul; do
    { echo "== round $1"
      for L in 20 22 24 26; do $F/$v/bench_cuda g1 $L; done
      for L in 20 22 24; do CUZK_MSM_G2_LANES=2 $F/$v/bench_cuda g2 $L; done
      CUZK_BENCH_TABLE_BITS=22 $F/$v/bench_cuda g1table 24
    } >> $R/cuzk-$v.txt 2>&1; el "$v $1"
  done
}
timing_round 1
# 3. ncu: one launch each (clocks left alone)
SECT="--section SpeedOfLight --section ComputeWorkloadAnalysis --section Occupancy --section WarpStateStats --section SchedulerStats --section InstructionStats"
MET="--metrics regex:sm__pipe_.*_cycles_active.avg.pct_of_peak_sustained_active,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second"
for v in base kara; do
  timeout 240 $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate_segments --launch-count 1 $F/$v/bench_cuda g1 24 > $R/ncu-$v-g1-24.txt 2>&1; el "ncu $v g1 rc=$?"
done
timing_round 2
# 2. SASS opcode mix of the accumulation kernels
for v in base kara karamul; do
  cuobjdump --dump-sass $F/$v/bench_cuda > $R/$v.sass 2>/dev/null
  python3 $F/sass_mix.py $R/$v.sass accumulate_segments > $R/$v-sass-mix.txt 2>&1
done
rm -f $R/*.sass
el sass
for v in base kara; do
  CUZK_MSM_G2_LANES=2 timeout 240 $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate_segments --launch-count 1 $F/$v/bench_cuda g2 22 > $R/ncu-$v-g2-22.txt 2>&1; el "ncu $v g2 rc=$?"
done
timeout 200 $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate --launch-count 1 $F/sp_bench gpu 24 0 0 1 g1 > $R/ncu-sppark-g1.txt 2>&1; el "ncu sppark rc=$?"
for v in base kara karamul; do python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk-$v.txt $R/sppark.txt > $R/table-$v.md 2>&1; done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/table-*.md $R/*sass-mix.txt $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for v in base kara karamul; do echo "== $v"; cat $R/table-$v.md; done
grep -h -E "pipe_(fma|fmaheavy|alu|fmalite)_cycles|Issue Slots Busy|Achieved Occupancy|Registers Per|No Eligible|Duration|Executed Ipc A" $R/ncu-*.txt | head -60
