#!/bin/bash
# issue 18 call 17 (12-06): where the batch-affine sums' time goes (call 16's binaries):
# every aff_ kernel's duration in one G1 2^24 MSM, then ncu sections on round 1's kernels.
root=$PWD; cd .device-run && tar xJf c16.tar.xz && cd c16
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
export CUZK_MSM_AFFINE=1
timeout 120 $NCU --clock-control none --metrics gpu__time_duration.sum --kernel-name regex:aff_ --launch-count 60 $F/bench_cuda g1 24 > $R/ncu-dur-g1-24.txt 2>&1; el "dur rc=$?"
SECT="--section SpeedOfLight --section Occupancy --section WarpStateStats --section MemoryWorkloadAnalysis"
MET="--metrics regex:smsp__average_warps_issue_stalled_.*_per_issue_active.ratio,sm__pipe_fmaheavy_cycles_active.avg.pct_of_peak_sustained_active,dram__bytes_read.sum,dram__bytes_write.sum"
for k in aff_prefix aff_apply aff_invert; do
  timeout 60 $NCU --clock-control none $SECT $MET --kernel-name regex:$k --launch-count 1 $F/bench_cuda g1 24 > $R/ncu-$k.txt 2>&1; el "ncu $k rc=$?"
done
tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $OUT/
cat $R/time.txt
grep -E "aff_|gpu__time_duration" $R/ncu-dur-g1-24.txt | awk '/aff_/{k=$1} /gpu__time/{print k, $NF, $(NF-1)}' | head -70
for k in aff_prefix aff_apply aff_invert; do echo "== $k"; grep -E "Duration|Memory Throughput|DRAM Throughput|Compute \(SM\)|Achieved Occupancy|Registers Per|Issue Slots Busy|Warp Cycles Per Issued|stalled_(no_instruction|barrier|math_pipe|wait|long_scoreboard|short_scoreboard|not_selected|lg_throttle|mio_throttle|branch|selected)_per|fmaheavy|dram__bytes" $R/ncu-$k.txt | awk '{print $1, $2, $NF}'; done
