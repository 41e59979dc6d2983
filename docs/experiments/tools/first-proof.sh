#!/bin/bash
# The first proof of a 2^LOG batch on a prepared key (issue 17), in as little device time as
# possible: the CUDA tests, gen-porep (depth 16, 10 partitions, seed 11), prepare-key, then
# RUNS batches on the warm cache; every run's proofs must equal the first's. Writes each
# step's output under OUT as it goes (a run cut short still returns what it finished).
# Usage: [RUNS=2] docs/experiments/tools/first-proof.sh BIN OUT [LOG=24]
set -u
B=${1:?bin}; OUT=${2:?out}; LOG=${3:-24}; W=/tmp/fp
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
for t in "$B"/cuda_test_*; do
  "$t" > "$OUT/$(basename "$t").log" 2>&1; r=$?; el "$(basename "$t") rc=$r: $(tail -n 2 "$OUT/$(basename "$t").log" | tr '\n' ' ')"
  ((r == 0)) || rc=1
done
"$B/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen: $(tail -n 1 "$OUT/gen.txt")"
"$B/cuzk-prove" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey > "$OUT/prepare.txt" 2>&1 || rc=1
el "prepare-key: $(tail -n 1 "$OUT/prepare.txt")"
for i in $(seq 1 "${RUNS:-2}"); do
  "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/r$i" \
    --events "$OUT/r$i.jsonl" "$W/s"/*.json > "$OUT/r$i.txt" 2>&1 || rc=1
  el "r$i: $(grep 'batch:' "$OUT/r$i.txt" | tail -n 1)"
  python3 - "$OUT/r$i.jsonl" <<'PY' | tee -a "$OUT/log.txt"
import json, statistics, sys
ev = [json.loads(l) for l in open(sys.argv[1])]
w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
g = [e for e in ev if e.get("ev") == "gpu"]
ku = [e for e in ev if e.get("ev") == "key_upload"]
kl = [e for e in ev if e.get("ev") == "key_load"]
end = [e for e in ev if e.get("ev") == "run_end"][-1]
st = (w[-1] - w[1]) / (len(w) - 2)
print(f"  key_load {kl[0]['t1']-kl[0]['t0']:.2f} s, key_upload {ku[0]['t0']:.2f}-{ku[0]['t1']:.2f} s, first proof {w[0]:.2f} s, "
      f"wall {end['wall']:.2f} s, s/proof {end['s_per_proof']:.3f}, steady {st:.3f}, gpu median {statistics.median(e['t1']-e['t0'] for e in g):.3f} s, "
      f"RssAnon {end.get('peak_rss_anon',0)/2**30:.2f} GiB, proofs {end['proofs']} failures {end['failures']}")
PY
  ((i > 1)) && for f in "$W/r$i"/*.proof; do cmp -s "$f" "$W/r1/$(basename "$f")" || { el "PROOFS DIFFER r$i $(basename "$f")"; rc=1; }; done
done
exit $rc
