# shellcheck shell=bash
# Sourced by the interop test scripts after setting js=<source>/tests/interop: skips (exit 77) without node or
# tests/interop/node_modules, makes a temp folder $t (removed on exit), and counts checks:
#   ok TEXT / bad TEXT; expect CODE DESCRIPTION -- command... (the command's exit status must be CODE; its
#   output is shown when not); finish (prints the counts; its status is the script's result).
: "${js:?harness.sh: set js to tests/interop first}"
if ! command -v node >/dev/null || [ ! -d "$js/node_modules/snarkjs" ] || [ ! -d "$js/node_modules/@noble/curves" ]; then
  echo "SKIP: node or tests/interop/node_modules missing (run scripts/setup-deps.sh)"; exit 77
fi
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
pass=0; failn=0
ok()  { pass=$((pass+1)); echo "ok   $*"; }
bad() { failn=$((failn+1)); echo "FAIL $*"; }
expect() {
  local want=$1 what=$2; shift 3
  "$@" >"$t/out" 2>&1; local got=$?
  if [ "$got" = "$want" ]; then ok "$what"; else bad "$what (exit $got, wanted $want)"; sed 's/^/     /' "$t/out"; fi
}
finish() { echo "$pass passed, $failn failed"; [ "$failn" = 0 ]; }
