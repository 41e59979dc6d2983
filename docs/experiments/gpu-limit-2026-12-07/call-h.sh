#!/usr/bin/env bash
# Call h: NEW = main 51868fd (build-gpu/h: a prepared key's point arrays checked after its load, each
# uploaded once its check passed; key_check events) against OLD = 7ebe221 (build-gpu/go, its cuzk-prove: the same
# but the checks before the load returns), on whatever card comes.
# 1. (run after 2.) NEW's CUDA tests (the fixes made after call e: the resident upload's test fix, the residency
#    asked through the key's own mapping, pack_point shared; the lent-set / groth16 suites).
# 2. Issue 47 items 2, 3, 5 on a standalone prepared key (gen-porep --prepared, no .zkey), 2^24:
#    warm OLD, NEW, NEW with --synth-workers 1 (does less synthesis beside it let the key's upload go
#    faster?), NEW, OLD; the disk's direct rate (dd); cold (the key's pages dropped with
#    posix_fadvise) NEW, OLD, NEW; every run's proofs byte-identical. Then LOGS' larger size with NEW
#    (2^26 on an H200, 2^25 on an H100).
# 3. fieldmul (build-gpu/fm: git-ignored, rapidsnark 81eddf1's field asm against main e9dc0b8's ff and fr44's,
#    one process, every result checked against GMP) on one pinned core.
# 4. The lab (NEW's bench_cuda): bn254-acc 24 with CUZK_MSM_PROFILE=on (G2's window segments at 1, 2, 4 blocks).
# Usage (repo root, on the device): bash docs/experiments/gpu-limit-2026-12-07/call-h.sh OUT
set -u
OUT=${1:?out}; F=/tmp/ch; W=/tmp/chw; B=/tmp/chb; BO=/tmp/cho; mkdir -p "$F" "$OUT" "$W" "$B" "$BO"; T0=$(date +%s)
left() { echo $(( ${BUDGET:-585} - ($(date +%s) - T0) )); }
el() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a "$F/log.txt"; }
save() { cp "$F/log.txt" "$OUT/log.txt"; tar -cJf "$OUT/callh.tar.xz" -C /tmp ch 2>/dev/null; }
for f in build-gpu/h/*.gz; do gunzip -c "$f" > "$B/$(basename "${f%.gz}")"; chmod +x "$B/$(basename "${f%.gz}")"; done
gunzip -c build-gpu/go/cuzk-prove.gz > "$BO/cuzk-prove"; chmod +x "$BO/cuzk-prove"
cp build-gpu/h/libtbb.so.12 "$B/"; export LD_LIBRARY_PATH=$B; P=$B/cuzk-prove; PO=$BO/cuzk-prove
T=$(cd "$(dirname "$0")/../tools" && pwd)
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$F/device.txt" 2>&1
MEM=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -n 1)
el "device $(cat "$F/device.txt"); $(nproc) cpus; $(free -g | awk '/Mem:/{print $2" GiB RAM"}'); disk $(df -h /tmp | awk 'NR==2{print $4" free"}'); new $(cat build-gpu/h/VERSION), old $(cat build-gpu/go/VERSION)"
if [[ -z ${LOGS:-} ]]; then if (( MEM > 120000 )); then LOGS="24 26"; else LOGS="24 25"; fi; fi
cat > "$W/cache.py" <<'EOF'
import os, sys
fd = os.open(sys.argv[2], os.O_RDONLY)
os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)  # the file's clean pages leave the page cache
EOF
run_tests() {  # after the 2^24 runs: the measurement first, should the call be cut
  for t in cuda_test_resident_upload cuda_test_groth16_lent cuda_test_fr_mul cuda_test_groth16; do
    (( $(left) > 60 )) || { el "$t skipped: $(left) s left"; continue; }
    timeout 90 "$B/$t" > "$F/$t.log" 2>&1; el "$t rc=$?: $(grep -E '^\[doctest\] (test cases|assertions)' "$F/$t.log" | tr '\n' ' ')"
  done
  save
}
nvidia-smi --query-gpu=timestamp,memory.used --format=csv,noheader -lms 500 > "$F/gpumem.csv" 2>/dev/null &
SMI=$!
batch() {  # batch PROVER NAME KEYDIR [extra args]
  local prover=$1 name=$2 dir=$3; shift 3
  echo "$name start $(date +%T.%N)" >> "$F/gpumem.marks"
  "$prover" batch --backend cuda --seed 5 --progress off --out "$W/o_$name" --events "$F/$name.jsonl" "$@" "$dir"/*.json \
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
  batch "$P" "w$L" "$W/s$L"
  if [[ $L == 24 ]]; then
    batch "$PO" "old-w$L-1" "$W/s$L"; same "w$L" "old-w$L-1"
    batch "$P" "w$L-s1" "$W/s$L" --synth-workers 1; same "w$L" "w$L-s1"
    batch "$P" "w$L-2" "$W/s$L"; same "w$L" "w$L-2"
    batch "$PO" "old-w$L-2" "$W/s$L"; same "w$L" "old-w$L-2"
    python3 "$W/cache.py" drop "$KEY"
    el "dd iflag=direct bs=64M: $(dd if="$KEY" of=/dev/null iflag=direct bs=64M 2>&1 | tail -n 1)"
    for c in "$P c$L-1" "$PO old-c$L-1" "$P c$L-2"; do
      set -- $c; python3 "$W/cache.py" drop "$KEY"; batch "$1" "$2" "$W/s$L"; same "w$L" "$2"
    done
  fi
  python3 "$T/runs_summary.py" --busy --stages --glob "*$L*.jsonl" "$F" >> "$F/log.txt" 2>&1
  rm -rf "$W/s$L" "$W"/o_*"$L"*
  save
  if [[ $L == 24 ]] && [[ -f build-gpu/fm/fieldmul.gz ]]; then  # fr44 against main e9dc0b8 and rapidsnark, one pinned core
    gunzip -c build-gpu/fm/fieldmul.gz > "$B/fieldmul"; chmod +x "$B/fieldmul"
    timeout 120 taskset -c 1 "$B/fieldmul" --reps 11 > "$F/fieldmul.txt" 2>&1
    el "fieldmul rc=$?: $(grep -c ' ok ' "$F/fieldmul.txt") ok rows; $(grep ratio "$F/fieldmul.txt" | tr '\n' ';')"
    save
  fi
  [[ $L == 24 ]] && run_tests
  if [[ $L == 24 ]] && (( $(left) > 120 )); then
    CUZK_MSM_PROFILE=on timeout 100 "$B/bench_cuda" bn254-acc 24 > "$F/acc24_profile.txt" 2>&1
    el "bn254-acc 24 rc=$?: $(grep -c 'check OK' "$F/acc24_profile.txt") rows OK, $(grep -c 'check FAIL' "$F/acc24_profile.txt") FAIL"
    save
  fi
done
kill $SMI 2>/dev/null
el "gpu memory peak $(awk -F', ' '{gsub(/ MiB/,"",$2); if ($2+0 > m) m = $2+0} END {print m" MiB"}' "$F/gpumem.csv")"
save
