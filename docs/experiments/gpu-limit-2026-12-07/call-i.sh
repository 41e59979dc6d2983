#!/usr/bin/env bash
# Call i: the upload gate (one synthesis of a key at a time while its points go up). NEW = main c0f9ffd
# (build-gpu/i), OLD = 51868fd (build-gpu/h's cuzk-prove, call h's NEW). One standalone 2^24 key (gen-porep
# --prepared, as call h), warm, rotated NEW OLD NEW OLD NEW, --seed 5, the defaults; proofs compared.
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-i.sh OUT
set -u
OUT=${1:?out}; F=/tmp/ci; W=/tmp/ciw; B=/tmp/cib; mkdir -p "$F" "$OUT" "$W" "$B"; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
save() { cp "$F/log.txt" "$OUT/log.txt"; tar -cJf "$OUT/calli.tar.xz" -C /tmp ci 2>/dev/null; }
gunzip -c build-gpu/i/cuzk-prove.gz > "$B/new"; gunzip -c build-gpu/h/cuzk-prove.gz > "$B/old"; chmod +x "$B/new" "$B/old"
cp build-gpu/h/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B
el "device $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader); $(nproc) cpus; new $(cat build-gpu/i/VERSION), old $(cat build-gpu/h/VERSION)"
"$B/new" gen-porep --prepared --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > "$F/gen.txt" 2>&1
el "gen: $(tail -n 1 "$F/gen.txt")"
i=0
for side in new old new old new; do
  i=$((i + 1)); name=$side-$i
  "$B/$side" batch --backend cuda --seed 5 --progress off --out "$W/o_$name" --events "$F/$name.jsonl" "$W/s"/*.json > "$F/$name.txt" 2>&1
  el "$name rc=$?: $(grep 'batch:' "$F/$name.txt" | tail -n 1)"
  if cmp -s <(cat "$W/o_new-1"/*/*.proof.json) <(cat "$W/o_$name"/*/*.proof.json) && [[ -n $(ls "$W/o_$name"/*/*.proof.json 2>/dev/null) ]]; then
    el "proofs of $name = new-1's ($(ls "$W/o_$name"/*/*.proof.json | wc -l))"
  else el "proofs of $name DIFFER or missing"; fi
  save
done
