#!/bin/bash
# issue 18 call 35 (12-06, seventh session): G1's in-step accumulation with the next entry's key
# and value loaded a turn ahead and its point prefetched into L1 (CUZK_ACC_PREFETCH=1, pf/)
# against the landed tree (c32/: the same device code as HEAD with the switch off), alternated
# twice: G1 2^22, 2^24, the c = 22 table at 2^24; then pf's table profile and cuda_test_msm.
# Run from the repository root with .device-run/c32.tar.xz and .device-run/pf.tar.xz.
cd .device-run && tar xJf c32.tar.xz && tar xJf pf.tar.xz && cp c32/libtbb.so.12* pf/ && cd ..
R=$OUT/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv > $R/device.txt 2>&1
one() {  # $1 build, $2 round
  F=$PWD/.device-run/$1
  { echo "== $1 round $2"
    LD_LIBRARY_PATH=$F timeout 60 $F/bench_cuda g1 22
    LD_LIBRARY_PATH=$F timeout 60 $F/bench_cuda g1 24
    CUZK_BENCH_TABLE_BITS=22 LD_LIBRARY_PATH=$F timeout 60 $F/bench_cuda g1table 24
  } >> $R/$1.txt 2>&1; el "$1 $2"
}
one c32 1; one pf 1; one pf 2; one c32 2
F=$PWD/.device-run/pf
CUZK_MSM_PROFILE=on CUZK_BENCH_TABLE_BITS=22 LD_LIBRARY_PATH=$F timeout 60 $F/bench_cuda g1table 24 > $R/pf-table-profile.txt 2>&1; el "profile"
LD_LIBRARY_PATH=$F timeout 90 $F/cuda_test_msm > $R/pf-cuda_test_msm.log 2>&1; echo "pf cuda_test_msm rc=$? $(tail -n 2 $R/pf-cuda_test_msm.log | tr '\n' ' ')" > $R/tests.txt; el "test"
cat $R/time.txt $R/tests.txt; grep -h "^MSM\|==\|FAIL" $R/c32.txt $R/pf.txt | cut -c1-60; grep "^msm" $R/pf-table-profile.txt | cut -c60-300 | tail -n 3
