#!/bin/bash
# a/b/c built straight into pinned memory (this folder's README): one device call.
#   CUDA tests of NEW; the BLS12-381 2^24 porep-lite batch, OLD (main before the change) against
#   NEW, three rounds interleaved, the same seed: steady s/proof, first proof, proofs compared.
# ROUNDS (default 3) rounds; TESTS (default cuda_test_*) which of NEW's CUDA tests run.
# Usage: run.sh NEW_BIN OLD_BIN OUT   (each BIN: cuzk-prove(.gz), cuda_test_*(.gz), libtbb.so.12)
set -u
N=$(cd "${1:?new bin}" && pwd); O=$(cd "${2:?old bin}" && pwd); OUT=${3:?out}
W=/tmp/pinned-run; mkdir -p "$OUT" "$W"; rc=0
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
for f in "$N"/*.gz "$O"/*.gz; do [ -e "$f" ] && gzip -dkf "$f" && chmod +x "${f%.gz}"; done
export LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-}
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$OUT/device.txt" 2>&1
el "device: $(cat "$OUT/device.txt"); $(nproc) cpus"
if [[ ${SKIP_TESTS:-0} != 1 ]]; then
  for t in "$N"/${TESTS:-cuda_test_*}; do
    [[ $t == *.gz ]] && continue
    timeout 300 "$t" > "$OUT/$(basename "$t").log" 2>&1; r=$?
    el "$(basename "$t"): rc $r; $(grep -E '^\[doctest\] (test cases|assertions)' "$OUT/$(basename "$t").log" | tr -s ' ' | tr '\n' ' ')"
    ((r == 0)) || rc=1
  done
fi
# batch NAME BIN KC SECTOR...: one seeded CUDA batch; its events and summary line in OUT.
batch() {
  local name=$1 bin=$2 kc=$3; shift 3
  LD_LIBRARY_PATH=$bin:$N "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off --key-cache "$kc" \
    --out "$W/$name" --events "$OUT/$name.jsonl" "$@" > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)"
}
"$N/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 \
  --backend cuda > "$OUT/gen24.txt" 2>&1 || rc=1
el "gen-porep 2^24: $(tail -n 1 "$OUT/gen24.txt")"
"$N/cuzk-prove" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey > "$OUT/prepare.txt" 2>&1 || rc=1
el "prepare-key: $(tail -n 1 "$OUT/prepare.txt")"
LD_LIBRARY_PATH=$O:$N "$O/cuzk-prove" prepare-key --key-cache "$W/kc-old" "$W"/s/*.zkey > "$OUT/prepare-old.txt" 2>&1 || rc=1
for i in $(seq 1 "${ROUNDS:-3}"); do
  if ((i % 2)); then batch "old_$i" "$O" "$W/kc-old" "$W"/s/*.json; batch "new_$i" "$N" "$W/kc" "$W"/s/*.json
  else batch "new_$i" "$N" "$W/kc" "$W"/s/*.json; batch "old_$i" "$O" "$W/kc-old" "$W"/s/*.json; fi
done
for i in $(seq 1 "${ROUNDS:-3}"); do
  for f in "$W/new_$i"/*.proof; do cmp -s "$f" "$W/old_1/$(basename "$f")" || { el "PROOFS DIFFER new_$i"; rc=1; }; done
done
el "proofs compared (new_1..${ROUNDS:-3} against old_1): $(ls "$W/new_1"/*.proof | wc -l) files each"
T=$(dirname "$0")/../tools
python3 "$T/runs_summary.py" --abc --busy "$OUT" > "$OUT/runs.txt" 2>&1; cat "$OUT/runs.txt" >> "$OUT/log.txt"
el "done rc=$rc"
exit $rc
