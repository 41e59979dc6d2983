#!/bin/bash
# Prepared keys on a GPU machine (issue 17, lever 1): a 2^LOG porep-lite batch of 10 partitions
# run four times with the key cache: run 1 parses and checks the .zkey and writes the cache entry,
# runs 2 and 3 map the entry (page cache warm), run 4 maps it after its pages were dropped from
# the page cache (posix_fadvise DONTNEED: the cold-cache figure without root). Proofs of runs
# 1 and 2 (same --seed) must be identical; every proof is verified by the batch.
# Usage: [RUNS="1 2"] docs/experiments/tools/key-cache.sh BIN OUT [LOG=24]
set -u
B=${1:?bin dir}; O=${2:?out dir}; LOG=${3:-24}; W=/tmp/key-cache
export LD_LIBRARY_PATH=$B:${LD_LIBRARY_PATH:-}
mkdir -p "$O" "$W"
T0=$(date +%s); el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
for t in cuda_test_groth16 cuda_test_msm cuda_test_setup; do
  [[ -x $B/$t ]] && { "$B/$t" > "$O/$t.log" 2>&1; el "$t rc=$?"; }
done
"$B/cuzk-prove" gen-porep --out "$W/seed" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$O/gen.txt" 2>&1 || { el "gen-porep failed"; cat "$O/gen.txt"; exit 1; }
el "gen-porep done: $(du -sh "$W/seed" | cut -f1)"
rc=0
for r in ${RUNS:-1 2 3 4}; do
  if [[ $r == 4 ]]; then
    python3 - "$W/kc" <<'PY'
import os, sys
for f in os.listdir(sys.argv[1]):
    fd = os.open(os.path.join(sys.argv[1], f), os.O_RDONLY)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
PY
  fi
  "$B/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$W/kc" --out "$W/out$r" \
    --events "$O/run$r.jsonl" "$W"/seed/*.json > "$O/run$r.txt" 2>&1 || rc=1
  el "run $r: $(tail -n 1 "$O/run$r.txt")"
done
ls -la "$W/kc" > "$O/cache-ls.txt"
cmp -s "$W"/out1/*.proof "$W"/out2/*.proof && el "run 1 and run 2 proofs identical" || { el "PROOFS DIFFER"; rc=1; }
python3 - "$O" <<'PY' | tee "$O/key-cache.txt"
import json, sys, statistics
for r in [int(x) for x in __import__("os").environ.get("RUNS", "1 2 3 4").split()]:
    ev = [json.loads(l) for l in open(f"{sys.argv[1]}/run{r}.jsonl")]
    kl = [e for e in ev if e["ev"] == "key_load"]
    up = [e for e in ev if e["ev"] == "key_upload"]
    w = sorted(e["t1"] for e in ev if e["ev"] == "write")
    syn = [e["t1"] - e["t0"] for e in ev if e["ev"] == "synth"]
    end = [e for e in ev if e["ev"] == "run_end"][-1]
    k = kl[0]
    steady = (w[-1] - w[1]) / (len(w) - 2) if len(w) > 2 else float("nan")
    print(f"run {r}: key_load {k['t1']-k['t0']:.2f} s source={k['source']} bytes={k['bytes']/1e9:.2f} GB"
          f"{' wrote' if k.get('cache_written') else ''}; key_upload {sum(e['t1']-e['t0'] for e in up):.2f} s; "
          f"synth median {statistics.median(syn):.3f} s max {max(syn):.3f} s; first proof {w[0]:.2f} s; "
          f"wall {end['wall']:.2f} s; s/proof {end['s_per_proof']:.3f}; steady {steady:.3f} s/proof; "
          f"peak RSS {end['peak_rss']/2**30:.1f} GiB; proofs {end['proofs']} failures {end['failures']}")
PY
for r in 1 2; do "$B/cuzk-stats" summary "$O/run$r.jsonl" > "$O/summary$r.txt" 2>&1; done
exit $rc
