# Shared helpers of the batch tests: source after setting CUZK (cuzk-prove) and SRC (repo root).
set -euo pipefail
FIX=$SRC/data/fixtures
GEN=$SRC/scripts/gen-sectors.py
CHECK=$SRC/tests/batch/check_events.py
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-batch-test.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

die() { echo "FAIL: $*" >&2; exit 1; }
note() { echo "-- $*"; }

# verify_sector OUT SECTOR_FILE...: every p<i>.proof.json of each sector verifies with our
# verifier against the sector's key, and DIR/<sector>.proof holds 192 bytes per partition.
verify_sectors() {
  local out=$1; shift
  local f id zkey n i vk
  for f in "$@"; do
    read -r id zkey n < <(python3 -c '
import json, os, sys
d = json.load(open(sys.argv[1]))
print(d["sector"], os.path.normpath(os.path.join(os.path.dirname(sys.argv[1]), d["zkey"])), len(d["partitions"]))' "$f")
    vk=$WORK/vk-$(echo "$zkey" | md5sum | cut -c1-8).json
    [[ -f $vk ]] || "$CUZK" export-vkey --zkey "$zkey" --out "$vk" >/dev/null
    for ((i = 0; i < n; i++)); do
      "$CUZK" verify --vkey "$vk" --public "$out/$id/p$i.public.json" --proof "$out/$id/p$i.proof.json" >/dev/null ||
        die "$out/$id/p$i.proof.json does not verify"
    done
    [[ $(stat -c %s "$out/$id.proof") -eq $((192 * n)) ]] || die "$out/$id.proof is not $((192 * n)) bytes"
  done
}

# json_get JSON KEY: a field of a one-line JSON object.
json_get() { python3 -c 'import json,sys; print(json.loads(sys.argv[1])[sys.argv[2]])' "$1" "$2"; }

# last_run EVENTS: the lines of the last run in an events file (a log of runs, schema 2).
last_run() {
  python3 -c '
import json, sys
lines = [l for l in open(sys.argv[1]) if l.strip()]
runs = [json.loads(l)["run"] for l in lines]
order = []
for r in runs:
    if r not in order: order.append(r)
sys.stdout.write("".join(l for l, r in zip(lines, runs) if order and r == order[-1]))' "$1"
}

# snapshot DIR: every file and symlink under DIR (hidden ones too) with its content digest, sorted;
# compare two snapshots to show that nothing was written, replaced or deleted.
snapshot() {
  (cd "$1" && find . \( -type f -o -type l \) -print0 | sort -z | while IFS= read -r -d '' f; do
    if [[ -L $f ]]; then echo "$f -> $(readlink "$f")"; else echo "$f $(md5sum <"$f" | cut -c1-32)"; fi
  done)
}

# one_error_line FILE PATTERN: FILE (stderr of a run) holds exactly one line matching PATTERN.
one_error_line() {
  local n
  n=$(grep -c -- "$2" "$1" || true)
  [[ $n -eq 1 ]] || die "want exactly one stderr line matching '$2', got $n: $(cat "$1")"
}

# batch_refused PATTERN ARGS...: `cuzk-prove batch --out $WORK/out ARGS` (stdin closed, 20 s at
# most) exits 2 with exactly one stderr line (in $WORK/err) matching PATTERN, and creates neither
# $WORK/out nor $WORK/ev.jsonl.
batch_refused() {
  local pat=$1 rc
  shift
  set +e
  timeout 20 "$CUZK" batch --out "$WORK/out" "$@" </dev/null >/dev/null 2>"$WORK/err"
  rc=$?
  set -e
  [[ $rc -eq 2 ]] || die "$*: exit $rc, want 2: $(cat "$WORK/err")"
  [[ $(wc -l <"$WORK/err") -eq 1 ]] || die "$*: want one line on stderr: $(cat "$WORK/err")"
  grep -q -- "$pat" "$WORK/err" || die "$*: the line does not match '$pat': $(cat "$WORK/err")"
  [[ ! -e $WORK/out && ! -e $WORK/ev.jsonl ]] || die "$*: something was created"
}
