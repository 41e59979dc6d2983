#!/bin/bash
# The witness uploaded once, canonical (this folder's README): one device call that runs
# NEW's CUDA tests, then times a 2^24 porep-lite batch (1 sector x 10 partitions, --seed 5)
# with OLD and NEW on the same prepared key, interleaved, and checks their proofs are
# byte-identical. Self-contained (no other script). Writes every step's output under OUT as
# it goes, so a run cut short still returns what it finished.
# Usage: [ROUNDS=2] [STEP=all|tests|measure] run.sh NEW_BIN OLD_BIN OUT
#   NEW_BIN: cuzk-prove and the cuda_test_* of this branch; OLD_BIN: cuzk-prove of the
#   baseline (main at 9ac2faa); each folder with libtbb.so.12 when the device lacks it.
set -u
N=$(cd "${1:?new bin}" && pwd); O=$(cd "${2:?old bin}" && pwd); OUT=${3:?out}; W=/tmp/witness-once
STEP=${STEP:-all}; ROUNDS=${ROUNDS:-2}
mkdir -p "$OUT" "$W"; rc=0
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$OUT/log.txt"; }
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$OUT/device.txt" 2>&1
el "device: $(cat "$OUT/device.txt")"

if [[ $STEP == all || $STEP == tests ]]; then
  for t in "$N"/cuda_test_*; do
    LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-} "$t" > "$OUT/$(basename "$t").log" 2>&1; r=$?
    el "$(basename "$t") rc=$r: $(tail -n 2 "$OUT/$(basename "$t").log" | tr '\n' ' ')"
    ((r == 0)) || rc=1
  done
fi
[[ $STEP == tests ]] && exit $rc

# batch NAME BIN: one seeded batch on the prepared key; its events and summary line in OUT.
batch() {
  local name=$1 bin=$2
  LD_LIBRARY_PATH=$bin:${LD_LIBRARY_PATH:-} "$bin/cuzk-prove" batch --backend cuda --seed 5 --progress off \
    --key-cache "$W/kc" --out "$W/$name" --events "$OUT/$name.jsonl" "$W"/s/*.json > "$OUT/$name.txt" 2>&1 || rc=1
  el "$name: $(grep 'batch:' "$OUT/$name.txt" | tail -n 1)"
}
# same A B: every A/*.proof byte-equal to B's.
same() {
  local f n=0
  for f in "$W/$1"/*.proof; do
    n=$((n + 1))
    cmp -s "$f" "$W/$2/$(basename "$f")" || { el "PROOFS DIFFER: $1 vs $2 $(basename "$f")"; rc=1; return; }
  done
  ((n > 0)) || { el "NO PROOFS in $1"; rc=1; return; }
  el "proofs equal: $1 vs $2 ($n sector files)"
}

LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-} "$N/cuzk-prove" gen-porep --out "$W/s" --depth 16 --log-domain 24 \
  --sectors 1 --partitions 10 --seed 11 --backend cuda > "$OUT/gen.txt" 2>&1 || rc=1
el "gen-porep 2^24: $(tail -n 1 "$OUT/gen.txt")"
LD_LIBRARY_PATH=$N:${LD_LIBRARY_PATH:-} "$N/cuzk-prove" prepare-key --key-cache "$W/kc" "$W"/s/*.zkey \
  > "$OUT/prepare.txt" 2>&1 || rc=1
el "prepare-key: $(tail -n 1 "$OUT/prepare.txt")"
for i in $(seq 1 "$ROUNDS"); do  # interleaved, OLD first in odd rounds, NEW first in even ones
  if ((i % 2)); then batch "old_$i" "$O"; batch "new_$i" "$N"; else batch "new_$i" "$N"; batch "old_$i" "$O"; fi
done
for i in $(seq 1 "$ROUNDS"); do same "new_$i" "old_1"; same "old_$i" "old_1"; done

# steady s/proof = (last write − second write) / (proofs − 2); first proof = the first write's
# time since the run's start (from the events; the batch line's s/proof as the fallback).
python3 - "$OUT" <<'PY' | tee "$OUT/summary.txt"
import glob, json, os, re, statistics, sys
rows = {}
for f in sorted(glob.glob(sys.argv[1] + "/*_[0-9]*.jsonl")):
    name = os.path.basename(f)[:-6]
    try:
        ev = [json.loads(l) for l in open(f) if l.strip()]
        w = sorted(e["t1"] for e in ev if e.get("ev") == "write")
        end = [e for e in ev if e.get("ev") == "run_end"][-1]
        rows[name] = (w[0], (w[-1] - w[1]) / (len(w) - 2), end.get("wall", float("nan")), len(w))
    except Exception as e:  # an events layout this parser does not know: the batch line instead
        txt = open(f[:-6] + ".txt").read()
        m = re.search(r"in ([0-9.]+) s, ([0-9.]+) s/proof", txt)
        rows[name] = (float("nan"), float(m.group(2)) if m else float("nan"), float(m.group(1)) if m else float("nan"), 0)
        print(f"{name}: events not parsed ({e}); s/proof from the batch line")
for name, (first, steady, wall, nw) in rows.items():
    print(f"{name}: first proof {first:.3f} s, steady {steady:.4f} s/proof, wall {wall:.2f} s, {nw} writes")
for kind in ("old", "new"):
    s = [r[1] for n, r in rows.items() if n.startswith(kind)]
    f = [r[0] for n, r in rows.items() if n.startswith(kind)]
    if s:
        print(f"{kind}: steady median {statistics.median(s):.4f} s/proof (runs {', '.join(f'{x:.4f}' for x in s)}), "
              f"first proof median {statistics.median(f):.3f} s")
o = [r[1] for n, r in rows.items() if n.startswith("old")]
n = [r[1] for n, r in rows.items() if n.startswith("new")]
if o and n:
    print(f"new/old steady: {statistics.median(n) / statistics.median(o):.4f}")
PY
exit $rc
