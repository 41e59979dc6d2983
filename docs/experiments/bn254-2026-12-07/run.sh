#!/bin/bash
# BN254 on the GPU, first device run (this folder's README): one device call.
#   STEP=a: NEW's CUDA tests (the BN254 MSM/NTT/Groth16 ones included); bench_cuda for BN254
#           and BLS12-381 (device-resident MSM/NTT, checked); the reference timings beside them
#           when REF (a folder git ignores, see ../../../../shared/anchors/README.md) has them;
#           whole BN254 proofs at 2^20 and 2^22: gen-chain keys, `cuzk-prove batch --backend
#           cuda` (10 proofs, --seed 5) against the reference prover on the same key and witness;
#           the CPU prover (`cuzk-prove prove`, one proof a process) at 2^16 and 2^20 likewise.
#   STEP=b: bench_cuda for BLS12-381; the BN254 2^22 batch with its key cold and then warm (from
#           the prepared-key cache); the BLS12-381 2^24 porep-lite batch, OLD against NEW,
#           interleaved (no slower); the synthesis benchmark.
#   STEP=c: bench_cuda for BLS12-381 beside sppark's, and the synthesis benchmark (call b lost both).
#   STEP=d: BN254 2^22 witness sectors, OLD (before 91a0741's prefaulting) against NEW, interleaved.
#   STEP=e: the BN254 G1/G2 MSM window sweep at 2^24 (bench_cuda with CUZK_MSM_WINDOW_G1/_G2 = c).
# Usage: STEP=a|b run.sh NEW_BIN OLD_BIN OUT [REF]
#   NEW_BIN: cuzk-prove, bench_cuda, bench_circuit, cuda_test_* (each may be .gz), libtbb.so.12
#   OLD_BIN: cuzk-prove of main before this change (for STEP=b)
# Every step writes its output under OUT as it goes (a run cut short returns what it finished).
set -u
N=$(cd "${1:?new bin}" && pwd); O=$(cd "${2:?old bin}" && pwd); OUT=${3:?out}; REF=${4:-}
STEP=${STEP:-a}; W=/tmp/bn254-run; mkdir -p "$OUT" "$W"; rc=0
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
for f in "$N"/*.gz "$O"/*.gz; do [ -e "$f" ] && gzip -dkf "$f" && chmod +x "${f%.gz}"; done
export LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$OUT/device.txt" 2>&1
el "device: $(cat "$OUT/device.txt"); $(nproc) cpus; step $STEP"

# batch NAME BIN SECTOR...: one seeded CUDA batch; its events and summary line in OUT.
batch() {
  local name=$1 bin=$2; shift 2
  LD_LIBRARY_PATH=$bin:$N "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" \
    --out "$W/$name" --events "$OUT/$name.jsonl" "$@" > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)"
}

if [[ $STEP == a ]]; then
  for t in "$N"/cuda_test_*; do
    [[ $t == *.gz ]] && continue
    "$t" > "$OUT/$(basename "$t").log" 2>&1; r=$?
    el "$(basename "$t") rc=$r: $(tail -n 2 "$OUT/$(basename "$t").log" | tr '\n' ' ')"
    ((r == 0)) || rc=1
  done
  "$N/bench_cuda" bn254 26 > "$OUT/bench_bn254.txt" 2>&1 || rc=1
  el "bench_cuda bn254: $(grep -cE 'check OK|forward' "$OUT/bench_bn254.txt") rows"
  if [[ -n $REF && -x $REF/run.sh ]]; then
    STEP=sppark SPPARK_TIMEOUT=200 bash "$REF/run.sh" "$OUT/ref" > "$OUT/ref_sppark.txt" 2>&1
    el "sppark: $(grep -c ' ok' "$OUT/ref/summary.txt") ok, $(grep -c FAILED "$OUT/ref/summary.txt") failed"
  fi
  for L in 16 20 22; do
    "$N/cuzk-prove" gen-chain --curve bn128 --log-domain $L --witnesses 10 --out "$W/c$L" > "$OUT/gen_$L.txt" 2>&1 || rc=1
    el "gen-chain 2^$L: $(head -n 1 "$OUT/gen_$L.txt")"
    "$N/cuzk-prove" export-vkey --zkey "$W/c$L/chain-bn128-$L.zkey" --out "$W/c$L/chain-bn128-$L.vkey.json" || rc=1
    batch "bn254_$L" "$N" "$W/c$L/chain-bn128-$L.json"
    "$N/cuzk-prove" verify --vkey "$W/c$L/chain-bn128-$L.vkey.json" --public "$W/bn254_$L/chain-bn128-$L/p3.public.json" \
      --proof "$W/bn254_$L/chain-bn128-$L/p3.proof.json" >> "$OUT/log.txt" 2>&1 || rc=1
    cp "$W/bn254_$L/chain-bn128-$L/p3.proof.json" "$OUT/cuzk_$L.proof.json" 2>/dev/null
    cp "$W/bn254_$L/chain-bn128-$L/p3.public.json" "$OUT/cuzk_$L.public.json" 2>/dev/null
    cp "$W/c$L/chain-bn128-$L.vkey.json" "$OUT/vkey_$L.json" 2>/dev/null
    if ((L <= 20)); then  # the CPU prover, one proof a process (as rapidsnark runs), timed whole
      for r in 1 2 3; do
        t0=$(date +%s.%N)
        "$N/cuzk-prove" prove --zkey "$W/c$L/chain-bn128-$L.zkey" --witness "$W/c$L/chain-bn128-$L-w3.wtns" \
          --proof "$W/cpu_$L.proof.json" --public "$W/cpu_$L.public.json" --force > "$OUT/cpu_prove_$L.txt" 2>&1 || rc=1
        el "cuzk-prove prove (CPU) 2^$L run $r: $(awk "BEGIN{printf \"%.3f\", $(date +%s.%N) - $t0}") s"
      done
    fi
    if [[ -n $REF && -x $REF/run.sh ]]; then
      STEP=rapidsnark RS_RUNS=3 RS_TIMEOUT=120 bash "$REF/run.sh" "$OUT/rs$L" "$W/c$L/chain-bn128-$L.zkey" \
        "$W/c$L/chain-bn128-$L-w3.wtns" > "$OUT/ref_rs_$L.txt" 2>&1
      el "rapidsnark 2^$L: $(grep -E 'rapidsnark' "$OUT/rs$L/summary.txt" | tail -n 2 | tr '\n' ' ')"
    fi
  done
fi

if [[ $STEP == b ]]; then
  "$N/bench_cuda" all 26 > "$OUT/bench_bls.txt" 2>&1 || rc=1
  el "bench_cuda bls12-381: $(grep -c 'check OK' "$OUT/bench_bls.txt") MSM rows checked"
  # BN254 2^22 again, twice: the first prepares the key, the second maps it (a warm start).
  "$N/cuzk-prove" gen-chain --curve bn128 --log-domain 22 --witnesses 10 --out "$W/c22" > "$OUT/gen_22b.txt" 2>&1 || rc=1
  batch bn254_22_cold "$N" "$W/c22/chain-bn128-22.json"
  batch bn254_22_warm "$N" "$W/c22/chain-bn128-22.json"
  "$N/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 \
    --backend cuda > "$OUT/gen24.txt" 2>&1 || rc=1
  el "gen-porep 2^24: $(tail -n 1 "$OUT/gen24.txt")"
  "$N/cuzk-prove" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey > "$OUT/prepare.txt" 2>&1 || rc=1
  el "prepare-key: $(tail -n 1 "$OUT/prepare.txt")"
  "$O/cuzk-prove" prepare-key --key-cache "$W/kc-old" "$W"/s/*.zkey > "$OUT/prepare-old.txt" 2>&1 || rc=1
  for i in 1 2 3; do
    if ((i % 2)); then
      LD_LIBRARY_PATH=$O:$N "$O/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc-old" \
        --out "$W/old_$i" --events "$OUT/old_$i.jsonl" "$W"/s/*.json > "$OUT/old_$i.txt" 2>&1 || rc=1
      el "old_$i: $(grep 'batch:' "$OUT/old_$i.txt" | tail -n 1)"
      batch "new_$i" "$N" "$W"/s/*.json
    else
      batch "new_$i" "$N" "$W"/s/*.json
      LD_LIBRARY_PATH=$O:$N "$O/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc-old" \
        --out "$W/old_$i" --events "$OUT/old_$i.jsonl" "$W"/s/*.json > "$OUT/old_$i.txt" 2>&1 || rc=1
      el "old_$i: $(grep 'batch:' "$OUT/old_$i.txt" | tail -n 1)"
    fi
  done
  for i in 1 2 3; do
    for f in "$W/new_$i"/*.proof; do cmp -s "$f" "$W/old_1/$(basename "$f")" || { el "PROOFS DIFFER new_$i"; rc=1; }; done
  done
  el "proofs compared (new_1..3 against old_1)"
  "$N/bench_circuit" --benchmark_filter='BM_ProveDomain/24/' --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true > "$OUT/bench_circuit.txt" 2>&1 || rc=1
  el "bench_circuit: $(grep -E 'median' "$OUT/bench_circuit.txt" | head -n 2 | tr '\n' ' ')"
fi
if [[ $STEP == c ]]; then  # what call b could not run: BLS12-381's bench beside sppark's; synthesis
  "$N/bench_cuda" all 26 > "$OUT/bench_bls.txt" 2>&1 || rc=1
  el "bench_cuda bls12-381: $(grep -c 'check OK' "$OUT/bench_bls.txt") MSM rows checked"
  if [[ -n $REF && -x $REF/run.sh ]]; then
    STEP=sppark CURVES=bls12_381 SPPARK_TIMEOUT=200 bash "$REF/run.sh" "$OUT/ref" > "$OUT/ref_sppark.txt" 2>&1
    el "sppark: $(grep -c ' ok' "$OUT/ref/summary.txt") ok, $(grep -c FAILED "$OUT/ref/summary.txt") failed"
  fi
  "$N/bench_circuit" --benchmark_filter='BM_ProveDomain/24/|BM_Prove/128/' --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true > "$OUT/bench_circuit.txt" 2>&1 || rc=1
  el "bench_circuit: $(grep -E 'median' "$OUT/bench_circuit.txt" | tr -s ' ' | tr '\n' ';')"
fi
if [[ $STEP == d ]]; then  # witness-sector synthesis before/after 91a0741 (OLD_BIN = before), BN254 2^22
  "$N/cuzk-prove" gen-chain --curve bn128 --log-domain 22 --witnesses 10 --out "$W/c22" > "$OUT/gen_22.txt" 2>&1 || rc=1
  "$N/cuzk-prove" prepare-key --key-cache "$W/kc" "$W/c22/chain-bn128-22.zkey" > "$OUT/prepare_22.txt" 2>&1 || rc=1
  el "gen-chain + prepare-key 2^22: $(tail -n 1 "$OUT/prepare_22.txt")"
  for i in 1 2; do
    if ((i % 2)); then batch "before_$i" "$O" "$W/c22/chain-bn128-22.json"; batch "after_$i" "$N" "$W/c22/chain-bn128-22.json"
    else batch "after_$i" "$N" "$W/c22/chain-bn128-22.json"; batch "before_$i" "$O" "$W/c22/chain-bn128-22.json"; fi
  done
  for i in 1 2; do
    for f in "$W/after_$i"/*.proof; do cmp -s "$f" "$W/before_1/$(basename "$f")" || { el "PROOFS DIFFER after_$i"; rc=1; }; done
  done
  el "proofs compared (after_1..2 against before_1)"
fi
if [[ $STEP == e ]]; then  # BN254 MSM window sweep at 2^24 (the model picks c = 20 for G1 and G2 there)
  for c in 20 16 17 18 19 21 22; do
    CUZK_MSM_WINDOW_G1=$c CUZK_MSM_WINDOW_G2=$c timeout 120 "$N/bench_cuda" bn254 24 > "$OUT/sweep_c$c.txt" 2>&1 || rc=1
    el "c=$c: $(grep -E 'MSM  BN254 G[12] 2\^24' "$OUT/sweep_c$c.txt" | tr -s ' ' | cut -c1-60 | tr '\n' ';')"
  done
fi
exit $rc
