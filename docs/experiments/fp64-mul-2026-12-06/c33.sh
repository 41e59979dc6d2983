#!/bin/bash
# issue 18 call 33 (12-06, seventh session): Fq products a second, integer against FP64 limb
# products (fq_fp64.cuh) against both in one thread (fp64_bench: check first, then chains),
# then madd-2008-s with chosen products on FP64 (madd_bench), then call 32 as prepared (the landed tree beside sppark at every goal size) with CAP s.
# Run from the repository root with .device-run/fp64_bench, madd_bench, madd_bench_fips (-DMADD_FIPS) and .device-run/c32.tar.xz.
mkdir -p $OUT
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,driver_version --format=csv > $OUT/fp64-device.txt 2>&1
timeout 90 .device-run/fp64_bench > $OUT/fp64.txt 2>&1; echo "fp64_bench rc=$?" >> $OUT/fp64.txt
timeout 120 .device-run/madd_bench > $OUT/madd.txt 2>&1; echo "madd_bench rc=$?" >> $OUT/madd.txt
timeout 120 .device-run/madd_bench_fips > $OUT/madd-fips.txt 2>&1; echo "madd_bench_fips rc=$?" >> $OUT/madd-fips.txt
cat $OUT/fp64.txt $OUT/madd.txt $OUT/madd-fips.txt
bash docs/experiments/reduce-aligned-2026-12-06/c32.sh
