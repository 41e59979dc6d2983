#!/usr/bin/env bash
# cuzk-prove prepare-key: a hostile or broken .zkey, or a cache that cannot be written, is one
# line and the documented exit (2 bad key, 3 unreadable key or unwritable cache) with no entry
# left behind; a good key is prepared (exit 0), and a second call finds the valid entry.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
K=$FIX/tiny/circuit.zkey
C=$WORK/cache
mkfifo "$WORK/fifo"
expect 3 "$WORK/fifo" 'not a regular file' -- "$CUZK" prepare-key "$WORK/fifo" --key-cache "$C"
head -c 100 "$K" >"$WORK/short.zkey"
expect 2 "$WORK/short.zkey" 'truncated' -- "$CUZK" prepare-key "$WORK/short.zkey" --key-cache "$C"
expect 3 "$WORK/missing.zkey" 'No such file' -- "$CUZK" prepare-key "$WORK/missing.zkey" --key-cache "$C"
[[ ! -e $C ]] || [[ -z $(ls -A "$C") ]] || die "a refused key left something in the cache: $(ls -A "$C")"
echo x >"$WORK/file"
expect 3 "$K" 'key cache' -- "$CUZK" prepare-key "$K" --key-cache "$WORK/file/sub"
absent "$WORK/file/sub"

"$CUZK" prepare-key "$K" --key-cache "$C" >"$WORK/p1.txt" 2>&1 || die "prepare-key failed: $(cat "$WORK/p1.txt")"
grep -q "prepared into" "$WORK/p1.txt" || die "first prepare-key: $(cat "$WORK/p1.txt")"
[[ $(find "$C" -name '*.cuzkpk' | wc -l) -eq 1 ]] || die "want one cache entry: $(ls -A "$C")"
"$CUZK" prepare-key "$K" --key-cache "$C" >"$WORK/p2.txt" 2>&1 || die "second prepare-key failed: $(cat "$WORK/p2.txt")"
grep -q "already prepared" "$WORK/p2.txt" || die "second prepare-key did not find the entry: $(cat "$WORK/p2.txt")"
# A corrupt entry is rebuilt, not used.
e=$(find "$C" -name '*.cuzkpk')
printf '\x5a' | dd of="$e" bs=1 seek=5000 conv=notrunc status=none
"$CUZK" prepare-key "$K" --key-cache "$C" >"$WORK/p3.txt" 2>&1 || die "prepare-key over a corrupt entry: $(cat "$WORK/p3.txt")"
grep -q "prepared into" "$WORK/p3.txt" && grep -q "entry not used" "$WORK/p3.txt" ||
  die "a corrupt entry was not rebuilt with a note: $(cat "$WORK/p3.txt")"
note "ok"
