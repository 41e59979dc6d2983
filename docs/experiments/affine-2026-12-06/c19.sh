#!/bin/bash
# issue 18 call 19 (12-06): the affine sums with the bucket search (call 18's linear walk
# over dropped buckets fixed): tests, profiles and per-kernel times at G1 2^24 and the table;
# then the window widths around the model's picks on the landed path (never re-swept since
# the accumulation got faster): G2 2^22 / 2^24, G1 2^22 / 2^24, two rotated rounds, sppark.
root=$PWD; cd .device-run && tar xJf c19.tar.xz && cd c19
F=$PWD; export LD_LIBRARY_PATH=$F
R=/tmp/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
left() { echo $(( 520 - ($(date +%s) - T0) )); }
( while sleep 10; do tar czf $OUT/r.tgz.part -C /tmp r && mv $OUT/r.tgz.part $OUT/r.tgz; done ) &
saver=$!
{ nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv; nproc; grep -m1 'model name' /proc/cpuinfo; } > $R/device.txt 2>&1
t() { CUZK_MSM_AFFINE=1 CUZK_MSM_AFFINE_MIN=$1 timeout 120 $F/cuda_test_msm > $R/min$1-cuda_test_msm.log 2>&1; echo "affine min=$1 cuda_test_msm rc=$? $(tail -n 2 $R/min$1-cuda_test_msm.log | tr '\n' ' ')" >> $R/tests.txt; }
t 1; t 131072
el tests
NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
CUZK_MSM_AFFINE=1 timeout 60 $NCU --clock-control none --metrics gpu__time_duration.sum --kernel-name regex:aff_ --launch-count 40 $F/bench_cuda g1 24 > $R/ncu-dur-g1-24.txt 2>&1; el "dur rc=$?"
for a in 1 0; do
  { CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on timeout 60 $F/bench_cuda g1 24 2>&1 | grep -E '^msm G1|^MSM' | tail -n 3
    CUZK_MSM_AFFINE=$a CUZK_MSM_PROFILE=on CUZK_BENCH_TABLE_BITS=22 timeout 90 $F/bench_cuda g1table 24 2>&1 | grep -E '^msm G1|^MSM|^TABLE|FAIL' | tail -n 4
  } > $R/profile-a$a.txt 2>&1; el "profile a$a"
done
sweep() {  # curve size widths...
  local m=$1 L=$2; shift 2
  for c in "$@"; do
    if [ $m = g1 ]; then CUZK_MSM_WINDOW_G1=$c timeout 60 $F/bench_cuda g1 $L; else CUZK_MSM_WINDOW_G2=$c timeout 60 $F/bench_cuda g2 $L; fi
  done
}
for round in 1 2; do
  [ $(left) -lt 110 ] && break
  $F/sp_bench gpu 24 24 0 3 g1,g2 >> $R/sppark.txt 2>&1; el "sppark $round"
  { echo "== round $round"
    if [ $round = 1 ]; then sweep g2 24 19 20 21; sweep g2 22 15 16 17; sweep g1 24 19 20 21; sweep g1 22 15 16 17
    else sweep g1 22 17 16 15; sweep g1 24 21 20 19; sweep g2 22 17 16 15; sweep g2 24 21 20 19; fi
  } >> $R/sweep.txt 2>&1; el "sweep $round"
done
kill $saver; tar czf $OUT/r.tgz -C /tmp r; cp $R/time.txt $R/tests.txt $OUT/ 2>/dev/null
cat $R/tests.txt $R/time.txt; for a in 1 0; do echo "== affine=$a"; sed 's/.*sort+ranges/sort+ranges/' $R/profile-a$a.txt | cut -c1-200; done
grep -E "aff_|gpu__time_duration" $R/ncu-dur-g1-24.txt | awk '/aff_/{match($0,/aff_[a-z]+/); k=substr($0,RSTART,RLENGTH)} /gpu__time/{printf "%s %s %s | ", k, $NF, $(NF-1)}'; echo
grep -E '^MSM' $R/sweep.txt | awk '{print $2, $3, $4, $5}' | sort | awk '{k=$1" "$2" "$3; v[k]=v[k]" "$4} END {for (k in v) print k, v[k]}' | sort
grep -E "^MSM|check" $R/sppark.txt | head -20; grep -c "check FAIL" $R/sweep.txt
