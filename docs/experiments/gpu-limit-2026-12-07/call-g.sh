#!/usr/bin/env bash
# Call g: main at 7ebe221 (build-gpu/g; e9dc0b8 + the gpu event's key_wait) on whatever card comes.
# 1. The CUDA tests of the fixes made after call e (the resident upload's test fix, the residency asked
#    through the key's own mapping, pack_point shared) and the lent-set / groth16 suites.
# 2. Issue 47 items 2, 3, 5 on standalone prepared keys (gen-porep --prepared, no .zkey):
#    2^24: warm with the defaults, warm with --synth-workers 1 (does one synthesis at a time let the key's
#    upload go faster?), the disk's direct rate (dd), cold (the key's pages dropped with posix_fadvise);
#    every run's proofs byte-identical. Then LOGS' larger size (2^26 on an H200, 2^25 on an H100).
# 3. The lab: bench_cuda bn254-acc 24 with CUZK_MSM_PROFILE=on (G2's window segments at 1, 2, 4 blocks).
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-g.sh OUT [BIN=build-gpu/g]
set -u
OUT=${1:?out}; BIN=${2:-build-gpu/g}; F=/tmp/cg; W=/tmp/cgw; B=/tmp/cgb; mkdir -p "$F" "$OUT" "$W" "$B"; T0=$(date +%s)
left() { echo $(( ${BUDGET:-585} - ($(date +%s) - T0) )); }
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
save() { cp "$F/log.txt" "$OUT/log.txt"; tar -cJf "$OUT/callg.tar.xz" -C /tmp cg 2>/dev/null; }
for f in "$BIN"/*.gz; do gunzip -c "$f" > "$B/$(basename "${f%.gz}")"; chmod +x "$B/$(basename "${f%.gz}")"; done
cp "$BIN"/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B; P=$B/cuzk-prove
T=$(cd "$(dirname "$0")/../tools" && pwd)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$F/device.txt" 2>&1
MEM=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -n 1)
el "device $(cat "$F/device.txt"); $(nproc) cpus; $(free -g | awk '/Mem:/{print $2" GiB RAM"}'); disk $(df -h /tmp | awk 'NR==2{print $4" free"}'); cuzk $(cat "$BIN/VERSION")"
if [[ -z ${LOGS:-} ]]; then if (( MEM > 120000 )); then LOGS="24 26"; else LOGS="24 25"; fi; fi
cat > "$W/cache.py" <<'EOF'
import os, sys
fd = os.open(sys.argv[2], os.O_RDONLY)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)  # the file's clean pages leave the page cache
EOF
for t in cuda_test_resident_upload cuda_test_fr_mul cuda_test_groth16 cuda_test_groth16_lent; do
  timeout 120 "$B/$t" > "$F/$t.log" 2>&1; el "$t rc=$?: $(grep -E '^\[doctest\] (test cases|assertions)' "$F/$t.log" | tr '\n' ' ')"
done
save
nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader -lms 500 > "$F/gpumem.csv" 2>/dev/null &
SMI=$!
batch() {  # batch NAME KEYDIR [extra args]
  local name=$1 dir=$2; shift 2
  echo "$name start $(date +%T.%N)" >> "$F/gpumem.marks"
  "$P" batch --backend cuda --seed 5 --progress off --out "$W/o_$name" --events "$F/$name.jsonl" "$@" "$dir"/*.json \
    > "$F/$name.txt" 2>&1; local rc=$?
  echo "$name end $(date +%T.%N)" >> "$F/gpumem.marks"
  el "$name rc=$rc: $(grep 'batch:' "$F/$name.txt" | tail -n 1)"
}
same() {  # same A B: every proof of run B equal to run A's
  local na nb; na=$(ls "$W/o_$1"/*/*.proof.json 2>/dev/null | wc -l); nb=$(ls "$W/o_$2"/*/*.proof.json 2>/dev/null | wc -l)
  if (( na > 0 && na == nb )) && cmp -s <(cat "$W/o_$1"/*/*.proof.json) <(cat "$W/o_$2"/*/*.proof.json); then el "proofs of $2 = $1's ($nb)"
  else el "proofs of $2 DIFFER from $1's or missing ($na / $nb)"; fi
}
for L in $LOGS; do
  if [[ $L != 24 ]] && (( $(left) < 330 )); then el "2^$L skipped: $(left) s left"; continue; fi
  t0=$(date +%s)
  "$P" gen-porep --prepared --out "$W/s$L" --depth 16 --log-domain "$L" --sectors 1 --partitions 10 --seed 11 \
    --backend cuda > "$F/gen$L.txt" 2>&1 || el "gen 2^$L FAILED: $(tail -n 2 "$F/gen$L.txt" | tr '\n' ' ')"
  KEY=$(ls "$W/s$L"/*.cuzkpk 2>/dev/null | head -n 1)
  el "gen 2^$L in $(( $(date +%s) - t0 )) s; key $(ls -l "$KEY" 2>/dev/null | awk '{print $5" bytes"}'); disk $(df -h /tmp | awk 'NR==2{print $4" free"}')"
  batch "w$L" "$W/s$L"
  if [[ $L == 24 ]]; then
    batch "w${L}s1" "$W/s$L" --synth-workers 1; same "w$L" "w${L}s1"
    python3 "$W/cache.py" drop "$KEY"
    el "dd iflag=direct bs=64M: $(dd if="$KEY" of=/dev/null iflag=direct bs=64M 2>&1 | tail -n 1)"
    python3 "$W/cache.py" drop "$KEY"
    batch "c$L" "$W/s$L"; same "w$L" "c$L"
  fi
  python3 "$T/runs_summary.py" --busy --stages --glob "?$L*.jsonl" "$F" >> "$F/log.txt" 2>&1
  rm -rf "$W/s$L" "$W"/o_*"$L"*
  save
  if [[ $L == 24 ]] && (( $(left) > 120 )); then
    CUZK_MSM_PROFILE=on timeout 100 "$B/bench_cuda" bn254-acc 24 > "$F/acc24_profile.txt" 2>&1
    el "bn254-acc 24 rc=$?: $(grep -c 'check OK' "$F/acc24_profile.txt") rows OK, $(grep -c 'check FAIL' "$F/acc24_profile.txt") FAIL"
    save
  fi
done
kill $SMI 2>/dev/null
el "gpu memory peak $(awk -F', ' '{gsub(/ MiB/,"",$2); if ($2+0 > m) m = $2+0} END {print m" MiB"}' "$F/gpumem.csv")"
save
