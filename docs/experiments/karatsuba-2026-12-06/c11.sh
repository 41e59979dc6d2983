#!/bin/bash
# issue 18 call 11 (12-06): the Karatsuba Fq product (kara: every product; karamul: operator*
# only) and G1's segment additions inlined (seginl) against the tree (base) and sppark, two
# alternated rounds in one call; stage profiles; ncu on base's G1 accumulation if time is left.
root=$PWD; cd .device-run && tar xJf c11.tar.xz && cd c11
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 560 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
t() { local v=$1 b=$2; shift 2; "$@" > $R/$v-$b.log 2>&1; echo "$v $b rc=$? $(tail -n 2 $R/$v-$b.log | tr '\n' ' ')" >> $R/tests.txt; }
# 1. correctness of the variants
t kara cuda_test_field $F/kara/cuda_test_field
t karamul cuda_test_field $F/karamul/cuda_test_field
t kara cuda_test_msm $F/kara/cuda_test_msm
t seginl cuda_test_msm $F/seginl/cuda_test_msm
(cd $root && CUZK_SOURCE_DIR=$root t kara cuda_test_groth16 $F/kara/cuda_test_groth16)
el tests
# 2. timing rounds: sppark, then the four builds, in rotated order
round() {
  $F/sp_bench gpu 24 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $1"
  for v in $2; do
    { echo "== round $1"
      for L in 20 22 24; do $F/$v/bench_cuda g1 $L; done
      for L in 20 22 24; do CUZK_MSM_G2_LANES=2 $F/$v/bench_cuda g2 $L; done
    } >> $R/cuzk-$v.txt 2>&1; el "$v $1"
  done
}
round 1 "base kara karamul seginl"
# 3. stage profiles at G1 2^24 (c = 20) and G2 2^22
for v in base kara karamul seginl; do
  { CUZK_MSM_PROFILE=on $F/$v/bench_cuda g1 24; CUZK_MSM_PROFILE=on $F/$v/bench_cuda g2 22; } > $R/profile-$v.txt 2>&1
done; el profiles
round 2 "seginl karamul kara base"
# 4. the c = 22 table at 2^24, base and kara
for v in base kara; do CUZK_BENCH_TABLE_BITS=22 $F/$v/bench_cuda g1table 24 >> $R/table-$v.txt 2>&1; done; el table
# 5. SASS opcode mix of the accumulation kernels; ncu on base's G1 accumulation (clocks left alone)
for v in base kara; do
  cuobjdump --dump-sass $F/$v/bench_cuda > $R/$v.sass 2>/dev/null
  python3 $F/sass_mix.py $R/$v.sass accumulate_segments > $R/$v-sass-mix.txt 2>&1; rm -f $R/$v.sass
done; el sass
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
SECT="--section SpeedOfLight --section ComputeWorkloadAnalysis --section Occupancy --section WarpStateStats --section SchedulerStats --section InstructionStats"
MET="--metrics regex:sm__pipe_.*_cycles_active.avg.pct_of_peak_sustained_active,regex:sm__inst_executed_pipe_.*.avg.pct_of_peak_sustained_active,sm__cycles_elapsed.avg.per_second"
for v in base kara; do
  l=$(left); [ $l -lt 40 ] && break
  timeout $l $NCU --clock-control none $SECT $MET --kernel-name regex:accumulate_segments --launch-count 1 $F/$v/bench_cuda g1 24 > $R/ncu-$v-g1-24.txt 2>&1; el "ncu $v g1 rc=$?"
done
for v in base kara karamul seginl; do python3 $root/docs/experiments/tools/anchors_table.py $R/cuzk-$v.txt $R/sppark.txt > $R/atable-$v.md 2>&1; done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $R/atable-*.md $R/*sass-mix.txt $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for v in base kara karamul seginl; do echo "== $v"; cat $R/atable-$v.md; done
for v in base kara karamul seginl; do echo "== profile $v"; grep "^msm G1" $R/profile-$v.txt | tail -n 1 | cut -c1-400; grep "^msm G2" $R/profile-$v.txt | tail -n 1 | cut -c1-400; done
grep -h -E "pipe_(fma|fmaheavy|alu|fmalite)_cycles|Issue Slots Busy|Achieved Occupancy|Registers Per|No Eligible|Duration|Executed Ipc A" $R/ncu-*.txt | head -40
