# Shared by the docs/experiments/tools/*.sh device scripts (source it after `set -u`).
# el MSG: MSG prefixed with the seconds since the script started (T0).
# run_cuda_tests BIN OUT [PREFIX]: every BIN/PREFIX* (default cuda_test_), its output in
#   OUT/<name>.log and one el line each; returns 1 when any failed (`run_cuda_tests ... || rc=1`).
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
# same_proofs A B: every A/*.proof byte-equal to B's file of that name; one el line naming
#   the two runs (the folders' names) and the first file that differs; returns 1 when one does.
same_proofs() {
  local a=$1 b=$2 f
  for f in "$a"/*.proof; do
    cmp -s "$f" "$b/$(basename "$f")" || { el "PROOFS DIFFER: $(basename "$a") vs $(basename "$b") $(basename "$f")"; return 1; }
  done
  el "proofs equal: $(basename "$a") vs $(basename "$b")"
}
run_cuda_tests() {
  local bin=$1 out=$2 prefix=${3:-cuda_test_} t r fail=0
  for t in "$bin/$prefix"*; do
    "$t" > "$out/$(basename "$t").log" 2>&1; r=$?
    el "$(basename "$t") rc=$r: $(tail -n 2 "$out/$(basename "$t").log" | tr '\n' ' ')"
    ((r == 0)) || fail=1
  done
  return $fail
}
# variant_flags NAME: the batch switches of a memory-intervention variant (seed experiments,
# issue 19): a-none, b-earlyfree, b-queue, b-permit, c-all. Returns 1 for an unknown name.
# Only the lab's cuzk-prove-lab (-DCUZK_LAB=ON) takes them; the product runs c-all, always.
variant_flags() {
  case $1 in
    a-none) echo "--hold-permit off --queue-depth unbounded --early-free off" ;;
    b-earlyfree) echo "--hold-permit off --queue-depth unbounded --early-free on" ;;
    b-queue) echo "--hold-permit off --queue-depth auto --early-free off" ;;
    b-permit) echo "--hold-permit on --queue-depth unbounded --early-free off" ;;
    c-all) echo "--hold-permit on --queue-depth auto --early-free on" ;;
    *) return 1 ;;
  esac
}
# porep_prepared BIN OUT W [LOG=24]: gen-porep (depth 16, 2^LOG, one sector of 10 partitions,
#   seed 11, on the GPU) into W/s and prepare-key into W/kc, one el line each (also appended to
#   OUT/log.txt); returns 1 when either failed.
porep_prepared() {
  local bin=$1 out=$2 w=$3 log=${4:-24} fail=0
  "$bin/cuzk-prove" gen-porep --out "$w/s" --depth 16 --log-domain "$log" --sectors 1 --partitions 10 --seed 11 \
    --backend cuda > "$out/gen.txt" 2>&1 || fail=1
  el "gen: $(tail -n 1 "$out/gen.txt")" | tee -a "$out/log.txt"
  "$bin/cuzk-prove" prepare-key --key-cache "$w/kc" "$w"/s/*.zkey > "$out/prepare.txt" 2>&1 || fail=1
  el "prepare-key: $(tail -n 1 "$out/prepare.txt")" | tee -a "$out/log.txt"
  return $fail
}
