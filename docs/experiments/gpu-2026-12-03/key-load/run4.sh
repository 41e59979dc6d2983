#!/bin/bash
# device call: final check of the default NTT (tests, timing) and 2^24 batches with it
set -u
T0=$(date +%s); B=$PWD/.devbin; export LD_LIBRARY_PATH=$B; R=/tmp/r4; mkdir -p $R
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
nvidia-smi --query-gpu=name,clocks.sm,clocks.max.sm,clocks.mem,driver_version --format=csv > $R/device.txt 2>&1
"$B/cuda_test_ntt" > $R/test-ntt.log 2>&1; el "ntt test rc=$? $(tail -n 2 $R/test-ntt.log | tr '\n' ' ')"
"$B/cuda_test_groth16" > $R/test-groth16.log 2>&1; el "groth16 test rc=$? $(tail -n 2 $R/test-groth16.log | tr '\n' ' ')"
"$B/bench_cuda" ntt 27 > $R/ntt-default.txt 2>&1; el "bench rc=$?"; grep forward $R/ntt-default.txt
W=/tmp/w
"$B/cuzk-prove" gen-porep --out $W/seed --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > $R/gen.txt 2>&1
el "gen rc=$?"
"$B/bench_zkey" --benchmark_filter=construct --benchmark_min_time=0.3 > $R/bench-zkey-construct.txt 2>&1; el "construct rc=$?"
grep -E "^construct" $R/bench-zkey-construct.txt
CUZK_BENCH_ZKEY=$(ls $W/seed/*.zkey) "$B/bench_zkey" --benchmark_filter=read_zkey > $R/bench-zkey-read.txt 2>&1; el "read_zkey rc=$?"
grep -E "^read_zkey" $R/bench-zkey-read.txt
for r in 1 2 3 4; do
  k=""; [ $r = 4 ] && k=smem; P=cuzk-prove; [ $r = 3 ] && P=cuzk-prove-old
  CUZK_NTT_KERNEL=$k timeout 120 "$B/$P" batch --backend cuda --verify --synth-workers 4 --workers-per-device 2 --seed 5 \
    --out $W/out$r --events $R/default-run$r.jsonl $W/seed/porep-*.json > $R/default-run$r.txt 2>&1
  el "run$r ($P, kernel ${k:-default}) rc=$? $(tail -1 $R/default-run$r.txt)"
  (cd $W/out$r && find . -type f | sort | xargs sha256sum) > $R/hash-run$r.txt
done
for r in 2 3 4; do cmp -s <(grep -E "proof|public" $R/hash-run1.txt) <(grep -E "proof|public" $R/hash-run$r.txt) && el "run$r proofs == run1" || el "run$r proofs DIFFER from run1"; done
grep -cE "proof|public" $R/hash-run1.txt; tar czf $OUT/r4.tgz -C /tmp r4
