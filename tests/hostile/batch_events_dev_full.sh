#!/usr/bin/env bash
# Class: a failed events write passes silently. With --events /dev/full every event write
# fails: the proofs are still written (and verify), and the batch exits 3 with one line that
# names the events file and says how many lines were lost.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
[[ -c /dev/full ]] || { echo "SKIP: no /dev/full"; exit 0; }
python3 "$GEN" --fixture "$FIX/main" --sectors 1 --partitions 2 --out "$WORK/s" >/dev/null
O=$WORK/out
set +e
"$CUZK" batch --out "$O" --events /dev/full --progress off "$WORK/s/s-0001.json" >/dev/null 2>"$WORK/err"
rc=$?
set -e
[[ $rc -eq 3 ]] || die "exit $rc, want 3"
[[ $(wc -l <"$WORK/err") -eq 1 ]] || die "want one line on stderr: $(cat "$WORK/err")"
one_error_line "$WORK/err" "error: /dev/full: [0-9]* of [0-9]* event lines lost: write failed: No space left on device"
verify_sectors "$O" "$WORK/s/s-0001.json"
echo "PASS"
