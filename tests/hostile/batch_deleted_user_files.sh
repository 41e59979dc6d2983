#!/usr/bin/env bash
# Class: batch deletes files it did not create. The start-up clean-up removes only temp files
# of its own exact shape (.cuzk-tmp.<pid>.<token>.<n>) whose owner process is gone: a user's
# notes.tmp.txt, the finished outputs of a sector named s.tmp.1, a live run's temp file, a
# temp-shaped symlink or folder all survive a second run, byte for byte.
CUZK=$1 SRC=$2
source "$SRC/tests/batch/lib.sh"
python3 "$GEN" --fixture "$FIX/main" --sectors 2 --partitions 1 --out "$WORK/s" >/dev/null
sed 's/"s-0001"/"s.tmp.1"/' "$WORK/s/s-0001.json" >"$WORK/s/stmp.json"
O=$WORK/out
"$CUZK" batch --out "$O" --progress off "$WORK/s/stmp.json" >/dev/null || die "first run exited $?"
[[ -f $O/s.tmp.1.proof ]] || die "no s.tmp.1.proof"

echo "mine" >"$O/notes.tmp.txt"
mkdir -p "$O/s-0001" && echo "mine too" >"$O/s-0001/notes.tmp.txt"
echo "legacy" >"$O/x.json.tmp.1.0"
echo "user" >"$WORK/target.txt"
dead=$(sh -c 'echo $$')  # a process that has exited
live=$$                  # this shell: alive during the run
echo live >"$O/.cuzk-tmp.$live.0123456789abcdef.0"
echo odd >"$O/.cuzk-tmp.$dead.0123456789abcdef.1.proof"
ln -s "$WORK/target.txt" "$O/.cuzk-tmp.$dead.0123456789abcdef.2"
mkdir "$O/.cuzk-tmp.$dead.0123456789abcdef.3"
echo dead >"$O/.cuzk-tmp.$dead.0123456789abcdef.4"
echo dead >"$O/s-0001/.cuzk-tmp.$dead.fedcba9876543210.0"
snapshot "$O" | grep -v "events.jsonl" | grep -v "\.cuzk-tmp\.$dead\.[0-9a-f]*\.[04] " >"$WORK/before"

"$CUZK" batch --out "$O" --progress off --resume "$WORK/s/stmp.json" "$WORK/s/s-0001.json" "$WORK/s/s-0002.json" \
  >/dev/null 2>"$WORK/err" || die "second run exited $?: $(cat "$WORK/err")"
snapshot "$O" >"$WORK/after"
while IFS= read -r line; do
  grep -qxF -- "$line" "$WORK/after" || die "changed or deleted: $line"
done <"$WORK/before"
[[ ! -e $O/.cuzk-tmp.$dead.0123456789abcdef.4 ]] || die "the dead run's temp file in DIR was not removed"
[[ ! -e $O/s-0001/.cuzk-tmp.$dead.fedcba9876543210.0 ]] || die "the dead run's temp file in DIR/s-0001 was not removed"
[[ -d $O/.cuzk-tmp.$dead.0123456789abcdef.3 && -L $O/.cuzk-tmp.$dead.0123456789abcdef.2 ]] || die "folder/symlink removed"
[[ $(cat "$WORK/target.txt") == user ]] || die "the symlink's target changed"
verify_sectors "$O" "$WORK/s/stmp.json" "$WORK/s/s-0001.json" "$WORK/s/s-0002.json"
echo "PASS"
