#!/bin/bash
# issue 18 call 34 (12-06, seventh session): the window table at 2^26 (77 GB at c = 22: an H200,
# needs_h200), beside sppark's G1 2^26 and cuzk's plain G1 2^26 in the same call. Binaries:
# call 32's (.device-run/c32.tar.xz, the landed tree's device code).
root=$PWD; cd .device-run && tar xJf c32.tar.xz && cd c32
F=$PWD; export LD_LIBRARY_PATH=$F
R=$OUT/r; mkdir -p $R; T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" >> $R/time.txt; }
{ nvidia-smi --query-gpu=name,memory.total,clocks.sm,clocks.max.sm,driver_version --format=csv; nproc; } > $R/device.txt 2>&1
timeout 150 $F/sp_bench gpu 26 0 0 3 g1 > $R/sppark.txt 2>&1; el "sppark"
timeout 120 $F/bench_cuda g1 26 > $R/cuzk.txt 2>&1; el "cuzk g1"
CUZK_BENCH_TABLE_BITS=22,23 timeout 240 $F/bench_cuda g1table 26 > $R/table.txt 2>&1; echo "rc=$?" >> $R/table.txt; el "table"
cat $R/time.txt $R/device.txt; grep -h "2^26" $R/sppark.txt $R/cuzk.txt $R/table.txt | cut -c1-150; tail -n 3 $R/table.txt
