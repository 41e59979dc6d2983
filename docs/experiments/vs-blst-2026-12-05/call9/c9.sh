#!/bin/bash
# issue 18 call 9 (12-05 late): the final tree — GPU tests (14cfede's cases, divstep inversion under the CUDA backend), vs-anchors standing, vs-blst on the host
root=$PWD; cd .devnew && tar xJf c9.tar.xz && cd c9
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; uptime; } > $R/device.txt 2>&1
(cd $root && CUZK_SOURCE_DIR=$root $F/cuda_test_groth16 > $R/test_groth16.log 2>&1; echo "groth16 rc=$? $(tail -2 $R/test_groth16.log | tr '\n' ' ')" >> $R/tests.txt); el groth16
G1MAX=26 G2MAX=24 NTTMAX=24 REPS=3 ROUNDS=1 TABLE_SIZES=24 G2LANES=2 bash $root/docs/experiments/tools/vs-anchors.sh $F $R/anchors > $R/anchors.log 2>&1; echo "vs-anchors rc=$?" >> $R/tests.txt; el anchors
cp $R/anchors/anchors-table.md $OUT/ 2>/dev/null
ANCHORS=$F/anchors REPS=3 bash $root/scripts/vs-blst.sh $F/vb $R/vs-blst > $R/vs-blst.log 2>&1; echo "vs-blst rc=$?" >> $R/tests.txt; el vs-blst
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $OUT/; cp $R/vs-blst/table.md $OUT/vs-blst-table.md 2>/dev/null
cat $R/tests.txt $R/time.txt $R/anchors/anchors-table.md $R/vs-blst/table.md 2>/dev/null
