#!/usr/bin/env bash
# Call j (prepared 2026-12-07; no device was lent that evening). NEW = build-gpu/j (main at or after 2cf23b8:
# the upload gate ef2c4e8, the curve constants 23eee25), OLD = build-gpu/h (51868fd, call h's NEW). Package each
# as call h's were: `strip -o` + `gzip -9` cuzk-prove, libtbb.so.12, VERSION.
#  1. The upload gate (issue 47 item 2): one standalone 2^24 porep-lite key (gen-porep --prepared), warm, rotated
#     NEW OLD NEW OLD NEW, --seed 5, the defaults; proofs compared with NEW's first run (call i's design).
#  2. BN254 CPU prove against rapidsnark (issue 44): gen-chain keys 2^16 and 2^20, one fresh process a proof,
#     rotated OLD NEW rapidsnark (5 rounds at 2^16, 3 at 2^20); rapidsnark 81eddf1 from .device-ref (carry it);
#     every proof checked with NEW's `verify`.
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-j.sh OUT [BUDGET_S]
set -u
OUT=${1:?out}; BUDGET=${2:-540}; F=/tmp/cj; W=/tmp/cjw; B=/tmp/cjb; mkdir -p "$F" "$OUT" "$W" "$B"; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
save() { cp "$F/log.txt" "$OUT/log.txt"; tar -cJf "$OUT/callj.tar.xz" -C /tmp cj 2>/dev/null; }
gunzip -c build-gpu/j/cuzk-prove.gz > "$B/new"; gunzip -c build-gpu/h/cuzk-prove.gz > "$B/old"; chmod +x "$B/new" "$B/old"
gunzip -c .device-ref/bin/rapidsnark_prover.gz > "$B/rs" && chmod +x "$B/rs"
cp build-gpu/j/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B
el "device $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader); $(nproc) cpus; new $(cat build-gpu/j/VERSION), old $(cat build-gpu/h/VERSION)"

# --- 1. the upload gate --------------------------------------------------------------------------------
"$B/new" gen-porep --prepared --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > "$F/gen.txt" 2>&1
el "gen: $(tail -n 1 "$F/gen.txt")"
i=0
for side in new old new old new; do
  [[ $(left) -lt 150 ]] && { el "stop: $(left) s left"; break; }
  i=$((i + 1)); name=$side-$i
  "$B/$side" batch --backend cuda --seed 5 --progress off --out "$W/o_$name" --events "$F/$name.jsonl" "$W/s"/*.json > "$F/$name.txt" 2>&1
  el "$name rc=$?: $(grep 'batch:' "$F/$name.txt" | tail -n 1)"
  if [[ -n $(ls "$W/o_$name"/*/*.proof.json 2>/dev/null) ]] && cmp -s <(cat "$W/o_new-1"/*/*.proof.json) <(cat "$W/o_$name"/*/*.proof.json); then
    el "proofs of $name = new-1's ($(ls "$W/o_$name"/*/*.proof.json | wc -l))"
  else el "proofs of $name DIFFER or missing"; fi
  save
done
rm -rf "$W/s" "$W"/o_*

# --- 2. BN254 CPU prove against rapidsnark -----------------------------------------------------------
for lg in 16 20; do
  [[ $(left) -lt 90 ]] && { el "stop before 2^$lg: $(left) s left"; break; }
  "$B/new" gen-chain --out "$W/c$lg" --log-domain $lg --witnesses 1 > "$F/genchain$lg.txt" 2>&1
  K=$W/c$lg/chain-bn128-$lg.zkey; Wt=$W/c$lg/chain-bn128-$lg-w0.wtns
  "$B/new" export-vkey --zkey "$K" --out "$W/vk$lg.json" --force > /dev/null 2>&1
  rounds=5; [[ $lg == 20 ]] && rounds=3
  for r in $(seq 1 $rounds); do
    [[ $(left) -lt 40 ]] && { el "stop in 2^$lg: $(left) s left"; break; }
    for side in old new rs; do
      t0=$(date +%s.%N)
      if [[ $side == rs ]]; then "$B/rs" "$K" "$Wt" "$W/p.json" "$W/pub.json" > /dev/null 2>&1; rc=$?
      else "$B/$side" prove --zkey "$K" --witness "$Wt" --proof "$W/p.json" --public "$W/pub.json" --force --seed 3 > /dev/null 2>&1; rc=$?; fi
      t=$(awk "BEGIN{printf \"%.3f\", $(date +%s.%N) - $t0}")
      v=$("$B/new" verify --vkey "$W/vk$lg.json" --public "$W/pub.json" --proof "$W/p.json" 2>&1 | tail -n 1)
      el "prove 2^$lg round $r $side rc=$rc ${t} s; verify: $v"
    done
  done
  save
done
el "done"; save
