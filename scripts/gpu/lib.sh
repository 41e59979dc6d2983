# Shared by the scripts/gpu/*.sh device scripts (source it after `set -u`).
# el MSG: MSG prefixed with the seconds since the script started (T0).
# run_cuda_tests BIN OUT: every BIN/cuda_test_*, its output in OUT/<name>.log and one el line
#   each; returns 1 when any failed (callers: `run_cuda_tests ... || rc=1`).
T0=$(date +%s)
el() { echo "[$(( $(date +%s) - T0 )) s] $*"; }
run_cuda_tests() {
  local bin=$1 out=$2 t r fail=0
  for t in "$bin"/cuda_test_*; do
    "$t" > "$out/$(basename "$t").log" 2>&1; r=$?
    el "$(basename "$t") rc=$r: $(tail -n 2 "$out/$(basename "$t").log" | tr '\n' ' ')"
    ((r == 0)) || fail=1
  done
  return $fail
}
