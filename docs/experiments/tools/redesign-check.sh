#!/bin/bash
# One GPU call that checks a pipeline/backend redesign against the previous main (issue 16):
# the CUDA tests of NEW; a seeded 2^20 porep-lite batch with NEW (defaults, and with
# --g2-overlap off --ntt-kernel smem --msm-window-g1 14) and OLD, whose proofs must be equal;
# then 2^24 (10 partitions): NEW parses the .zkey into a key cache, then OLD and NEW map it
# twice each, interleaved; proofs equal, and a summary of wall, steady s/proof and verify.
# Usage: [ROUNDS=2] docs/experiments/tools/redesign-check.sh NEW_BIN OLD_BIN OUT
set -u
N=${1:?new bin}; O=${2:?old bin}; OUT=${3:?out}; W=/tmp/redesign
export LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
source "$(dirname "$0")/lib.sh"
run_cuda_tests "$N" "$OUT" || rc=1
run() {  # NAME BIN SEEDDIR KEYCACHE extra...
  local name=$1 bin=$2 seed=$3 kc=$4; shift 4
  "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off ${kc:+--key-cache "$kc"} --out "$W/$name" \
    --events "$OUT/$name.jsonl" "$@" "$seed"/*.json > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(tail -n 1 "$OUT/$name.txt")"
}
same() { for f in "$W/$1"/*.proof; do cmp -s "$f" "$W/$2/$(basename "$f")" || { el "PROOFS DIFFER: $1 vs $2 $(basename "$f")"; rc=1; return; }; done; el "proofs equal: $1 vs $2 ($(ls "$W/$1"/*.proof | wc -l) sector files)"; }
"$N/cuzk-prove" gen-porep --out "$W/s20" --depth 8 --log-domain 20 --sectors 1 --partitions 4 --seed 11 --backend cuda > "$OUT/gen20.txt" 2>&1 || rc=1
run new20 "$N" "$W/s20" ""; run old20 "$O" "$W/s20" ""
run new20b "$N" "$W/s20" "" --g2-overlap off --ntt-kernel smem --msm-window-g1 14
same new20 old20; same new20b old20
grep -m1 '"run_start"' "$OUT/new20.jsonl" | python3 -c 'import json,sys; print("run_start gpus:", json.load(sys.stdin).get("gpus"))'
"$N/cuzk-prove" gen-porep --out "$W/s24" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > "$OUT/gen24.txt" 2>&1 || rc=1
el "gen 2^24 done"
run new24a "$N" "$W/s24" "$W/kc"
for i in $(seq 1 "${ROUNDS:-2}"); do run old24_$i "$O" "$W/s24" "$W/kc"; run new24_$i "$N" "$W/s24" "$W/kc"; done
same new24_1 old24_1; same new24a old24_1
python3 - "$OUT" <<'PY' | tee "$OUT/redesign-summary.txt"
import json, statistics, sys, glob, os
for f in sorted(glob.glob(sys.argv[1] + "/*24*.jsonl")):
    ev = [json.loads(l) for l in open(f)]
    w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
    v = [e["verify"] for e in ev if e.get("ev") == "write" and "verify" in e]
    lw = [e.get("lock_wait", 0) for e in ev if e.get("ev") == "gpu"]
    kl = [e for e in ev if e.get("ev") == "key_load"]
    end = [e for e in ev if e.get("ev") == "run_end"][-1]
    st = (w[-1] - w[1]) / (len(w) - 2) if len(w) > 2 else float("nan")
    print(f"{os.path.basename(f)}: key {kl[0]['source'] if kl else '?'} {kl[0]['t1']-kl[0]['t0']:.2f} s; first proof {w[0]:.2f} s; "
          f"wall {end['wall']:.2f} s; s/proof {end['s_per_proof']:.3f}; steady {st:.3f}; verify median {statistics.median(v)*1e3:.2f} ms "
          f"({statistics.median(v)/st*100:.2f} % of steady); lock_wait median {statistics.median(lw) if lw else 0:.3f} s; "
          f"peak RSS {end['peak_rss']/2**30:.1f} GiB; proofs {end['proofs']} failures {end['failures']}")
PY
"$N/cuzk-stats" compare --baseline "$OUT/old24_1.jsonl" --candidate "$OUT/new24_1.jsonl" > "$OUT/compare-1.txt" 2>&1
[[ -f $OUT/old24_2.jsonl ]] && "$N/cuzk-stats" compare --baseline "$OUT/old24_2.jsonl" --candidate "$OUT/new24_2.jsonl" > "$OUT/compare-2.txt" 2>&1
exit $rc
