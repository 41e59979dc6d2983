#!/bin/bash
# Issue 17's measurement on one GPU machine: NEW's CUDA tests; a 2^LOG porep-lite sector of
# 10 partitions (gen-porep depth 16, seed 11); NEW parses the .zkey into a key cache once;
# then ROUNDS rounds of OLD (reads the .zkey: it has no key cache) and NEW (maps the cache,
# page cache warm), interleaved; NEW once more after dropping the cache entry's pages
# (posix_fadvise DONTNEED: the cold-cache figure without root); proofs of every run equal;
# cuzk-stats compare (OLD runs baseline, NEW runs candidate) and a per-run summary.
# With MID=BIN a third binary (an intermediate version with a key cache of its own: its
# layout may differ; MID_KEY_CACHE=DIR to share, e.g. \$W/kc for the same layout) runs in each round. Stops before any run when NEW's CUDA tests fail.
# Usage: [ROUNDS=4] [MID=BIN] docs/experiments/tools/issue17-compare.sh NEW_BIN OLD_BIN OUT [LOG=24]
set -u
N=${1:?new bin}; O=${2:?old bin}; OUT=${3:?out}; LOG=${4:-24}; W=/tmp/i17
export LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-}
mkdir -p "$OUT" "$W"; rc=0
source "$(dirname "$0")/lib.sh"
run_cuda_tests "$N" "$OUT" || { el "CUDA tests failed: no runs"; exit 1; }
[[ -d $W/s ]] || "$N/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain "$LOG" --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen: $(tail -n 1 "$OUT/gen.txt")"
run() {  # NAME BIN extra...
  local name=$1 bin=$2; shift 2; rm -rf "$W/$name"
  "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off --out "$W/$name" --events "$OUT/$name.jsonl" "$@" \
    "$W/s"/*.json > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)"
}
same() { same_proofs "$W/$1" "$W/$2" || rc=1; }
run parse "$N" --key-cache "$W/kc"
MKC=${MID_KEY_CACHE:-$W/kc_mid}
[[ -n ${MID:-} && $MKC != "$W/kc" ]] && run parse_mid "$MID" --key-cache "$MKC"
for i in $(seq 1 "${ROUNDS:-4}"); do
  run "old_$i" "$O"; [[ -n ${MID:-} ]] && run "mid_$i" "$MID" --key-cache "$MKC"; run "new_$i" "$N" --key-cache "$W/kc"
done
python3 - "$W/kc" <<'PY'
import os, sys, glob
for f in glob.glob(sys.argv[1] + "/*"):
    fd = os.open(f, os.O_RDONLY); os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED); os.close(fd)
PY
run new_cold "$N" --key-cache "$W/kc"
for r in parse old_1 new_cold; do same "new_1" "$r"; done
for i in $(seq 2 "${ROUNDS:-4}"); do same new_1 "old_$i"; same new_1 "new_$i"; done
"$N/cuzk-stats" compare --baseline "$OUT"/old_*.jsonl --candidate "$OUT"/new_[0-9]*.jsonl > "$OUT/compare.txt" 2>&1
el "compare rc=$?"
if [[ -n ${MID:-} ]]; then
  "$N/cuzk-stats" compare --baseline "$OUT"/mid_*.jsonl --candidate "$OUT"/new_[0-9]*.jsonl > "$OUT/compare-mid.txt" 2>&1
  el "compare mid rc=$?"; same new_1 mid_1
fi
"$N/cuzk-stats" summary "$OUT/new_1.jsonl" > "$OUT/summary-new_1.txt" 2>&1
"$N/cuzk-stats" summary "$OUT/old_1.jsonl" > "$OUT/summary-old_1.txt" 2>&1
python3 "$(dirname "$0")/runs_summary.py" --key load --busy "$OUT" | tee "$OUT/runs.txt"
exit $rc
