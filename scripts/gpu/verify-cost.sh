#!/bin/bash
# The cost of verifying every proof before it is written (batch default), on a GPU machine:
# a 2^24 porep-lite batch of 10 partitions with the defaults, then the `verify` seconds of
# each `write` event against the batch's s/proof. Usage: scripts/gpu/verify-cost.sh BIN OUT [LOG=24]
set -u
B=${1:?bin dir}; O=${2:?out dir}; LOG=${3:-24}; W=/tmp/verify-cost
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O" "$W"
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
"$B/cuda_test_groth16" > "$O/verify-cuda_test_groth16.log" 2>&1; el "cuda_test_groth16 rc=$?"
"$B/cuzk-prove" gen-porep --out "$W/seed" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$O/verify-gen.txt" 2>&1 || { el "gen-porep failed"; exit 1; }
el "gen-porep done"
"$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --out "$W/out" --events "$O/verify-events.jsonl" \
  "$W"/seed/*.json > "$O/verify-batch.txt" 2>&1; rc=$?
el "batch rc=$rc: $(tail -n 1 "$O/verify-batch.txt")"
python3 - "$O/verify-events.jsonl" <<'PY' | tee "$O/verify-cost.txt"
import json, statistics, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
v = [e["verify"] for e in ev if e.get("ev") == "write" and "verify" in e]
end = [e for e in ev if e.get("ev") == "run_end"][-1]
print(f"proofs {end['proofs']}, failures {end['failures']}, wall {end['wall']:.3f} s, s/proof {end['s_per_proof']:.3f}")
if v:
    print(f"verify per proof: median {statistics.median(v)*1e3:.2f} ms, max {max(v)*1e3:.2f} ms (n={len(v)})")
    print(f"median verify / s_per_proof = {statistics.median(v)/end['s_per_proof']*100:.3f} %")
PY
"$B/cuzk-stats" summary "$O/verify-events.jsonl" > "$O/verify-summary.txt" 2>&1
exit $rc
