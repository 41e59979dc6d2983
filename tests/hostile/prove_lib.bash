# Shared by tests/hostile/prove_*.sh (not a test itself): CUZK=$1 (cuzk-prove), SRC=$2 (source tree).
set -uo pipefail
CUZK=$1 SRC=$2
FIX="$SRC/data/fixtures/tiny"
WORK=$(mktemp -d)
LOG=$(mktemp -d)
trap 'chmod -R u+w "$WORK" 2>/dev/null; rm -rf "$WORK" "$LOG"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
# expect CODE NAME -- cmd...: runs cmd, asserts the exit code and that stderr is one line naming NAME.
expect() {
  local code=$1 name=$2; shift 3
  "$@" >"$LOG/out" 2>"$LOG/err"
  local rc=$?
  [[ $rc -eq $code ]] || die "exit $rc, want $code: $* ($(cat "$LOG/err"))"
  [[ $(wc -l <"$LOG/err") -eq 1 ]] || die "stderr is not one line: $(cat "$LOG/err")"
  grep -qF -- "$name" "$LOG/err" || die "stderr does not name $name: $(cat "$LOG/err")"
  [[ $(grep -oF -- "$name" "$LOG/err" | wc -l) -eq 1 ]] || die "stderr names $name more than once: $(cat "$LOG/err")"
}
prove() { "$CUZK" prove --zkey "$FIX/circuit.zkey" --witness "$FIX/w0.wtns" --seed 1 "$@"; }
