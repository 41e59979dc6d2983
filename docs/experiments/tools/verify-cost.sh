#!/bin/bash
# The cost of verifying every proof before it is written (batch default), on a GPU machine:
# a 2^LOG porep-lite batch of 10 partitions with the defaults, run RUNS times (default 3) with a
# key cache (run 1 parses the .zkey and writes the cache entry; later runs map it), then the
# `verify` seconds of each `write` event against the run's s/proof and steady-state s/proof.
# Verification runs on the write worker's thread, off the GPU's critical path.
# Usage: [RUNS=3] docs/experiments/tools/verify-cost.sh BIN OUT [LOG=24]
set -u
B=${1:?bin dir}; O=${2:?out dir}; LOG=${3:-24}; W=/tmp/verify-cost
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O" "$W"
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
"$B/cuda_test_groth16" > "$O/verify-cuda_test_groth16.log" 2>&1; el "cuda_test_groth16 rc=$?"
"$B/cuzk-prove" gen-porep --out "$W/seed" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$O/verify-gen.txt" 2>&1 || { el "gen-porep failed"; exit 1; }
el "gen-porep done"
rc=0
for r in $(seq 1 "${RUNS:-3}"); do
  "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/out$r" \
    --events "$O/verify-run$r.jsonl" "$W"/seed/*.json > "$O/verify-run$r.txt" 2>&1 || rc=1
  el "run $r rc=$rc: $(tail -n 1 "$O/verify-run$r.txt")"
done
python3 - "$O" "${RUNS:-3}" <<'PY' | tee "$O/verify-cost.txt"
import json, statistics, sys
for r in range(1, int(sys.argv[2]) + 1):
    ev = [json.loads(l) for l in open(f"{sys.argv[1]}/verify-run{r}.jsonl")]
    v = [e["verify"] for e in ev if e.get("ev") == "write" and "verify" in e]
    w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
    kl = [e for e in ev if e.get("ev") == "key_load"]
    end = [e for e in ev if e.get("ev") == "run_end"][-1]
    steady = (w[-1] - w[1]) / (len(w) - 2) if len(w) > 2 else float("nan")
    src = kl[0]["source"] if kl else "?"
    print(f"run {r} (key {src}): proofs {end['proofs']}, failures {end['failures']}, wall {end['wall']:.3f} s, "
          f"s/proof {end['s_per_proof']:.3f}, steady {steady:.3f} s/proof")
    if v:
        m = statistics.median(v)
        print(f"  verify per proof: median {m*1e3:.2f} ms, max {max(v)*1e3:.2f} ms (n={len(v)}); "
              f"median / s_per_proof = {m/end['s_per_proof']*100:.3f} %, median / steady = {m/steady*100:.3f} %")
PY
"$B/cuzk-stats" summary "$O"/verify-run*.jsonl > "$O/verify-summary.txt" 2>&1
exit $rc
