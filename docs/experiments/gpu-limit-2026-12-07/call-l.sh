#!/usr/bin/env bash
# Call l (2026-12-08): synthesis pacing (issue 47 items 1-2). PACE = build-gpu/p (22b32cb: rule 2 of
# synthesis_gate.hpp), GATE = build-gpu/j (b9c1106: the upload gate alone, call k's NEW), OLD = build-gpu/h
# (51868fd). One standalone 2^24 porep-lite key (gen-porep --prepared), warm, rotated PACE GATE OLD three
# times, then PACE with --synth-workers 1 (never side by side: the reference); --seed 5, the defaults;
# every run's proofs compared with the first's. Everything returns as one tar (call k lost files to the
# device's count limit).
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-l.sh OUT [BUDGET_S]
set -u
OUT=${1:?out}; BUDGET=${2:-500}; F=/tmp/cl; W=/tmp/clw; B=/tmp/clb; mkdir -p "$F" "$OUT" "$W" "$B"; T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
left() { echo $(( BUDGET - ($(date +%s) - T0) )); }
save() { tar -cJf "$OUT/calll.tar.xz" -C /tmp cl 2>/dev/null; }
for s in p j h; do gunzip -c build-gpu/$s/cuzk-prove.gz > "$B/$s"; chmod +x "$B/$s"; done
cp build-gpu/p/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B
el "device $(nvidia-smi --query-gpu=name,memory.total --format=csv,noheader); $(nproc) cpus; $(grep -m1 'model name' /proc/cpuinfo); p $(cat build-gpu/p/VERSION) j $(cat build-gpu/j/VERSION) h $(cat build-gpu/h/VERSION)"
"$B/p" gen-porep --prepared --out "$W/s" --depth 16 --log-domain 24 --sectors 1 --partitions 10 --seed 11 --backend cuda > "$F/gen.txt" 2>&1
el "gen: $(tail -n 1 "$F/gen.txt")"
i=0
for side in p j h p j h p j h p1; do
  [[ $(left) -lt 30 ]] && { el "stop: $(left) s left"; break; }
  i=$((i + 1)); name=$side-$i; bin=${side%1}; extra=(); [[ $side == p1 ]] && extra=(--synth-workers 1)
  "$B/$bin" batch --backend cuda --seed 5 --progress off "${extra[@]}" --out "$W/o_$name" --events "$F/$name.jsonl" "$W/s"/*.json > "$F/$name.txt" 2>&1
  el "$name rc=$?: $(grep 'batch:' "$F/$name.txt" | tail -n 1)"
  if [[ -n $(ls "$W/o_$name"/*/*.proof.json 2>/dev/null) ]] && cmp -s <(cat "$W/o_p-1"/*/*.proof.json) <(cat "$W/o_$name"/*/*.proof.json); then
    el "proofs of $name = p-1's ($(ls "$W/o_$name"/*/*.proof.json | wc -l))"
  else el "proofs of $name DIFFER or missing"; fi
  save
done
rm -rf "$W"; el "done"; save
