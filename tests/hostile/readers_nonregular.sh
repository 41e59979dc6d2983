#!/usr/bin/env bash
# Issue 15 item 9: inputs that never end (a FIFO with no writer, /dev/zero) fail at once
# with one line naming them: prove/export-vkey/setup exit 3 (not a regular file), verify 2,
# batch fails the sector; nothing hangs (5 s timeout) or grows (600 MB limit).
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
T=$FIX/tiny
OUT=$WORK/out
mkdir -p "$OUT"
mkfifo "$WORK/fifo"
for z in "$WORK/fifo" /dev/zero; do
  expect 3 "$z" 'not a regular file' -- "$CUZK" prove --zkey "$z" --witness "$T/w0.wtns" --proof "$OUT/p.json" --public "$OUT/pub.json"
  expect 3 "$z" 'not a regular file' -- "$CUZK" prove --zkey "$T/circuit.zkey" --witness "$z" --proof "$OUT/p.json" --public "$OUT/pub.json"
  absent "$OUT/p.json" "$OUT/pub.json"
  expect 3 "$z" 'not a regular file' -- "$CUZK" export-vkey --zkey "$z" --out "$OUT/vk.json"
  absent "$OUT/vk.json"
  expect 3 "$z" 'not a regular file' -- "$CUZK" setup --r1cs "$z" --out "$OUT/k.zkey" --backend cpu
  absent "$OUT/k.zkey"
  expect 2 "$z" 'not a regular file' -- "$CUZK" verify --vkey "$z" --public "$T/public.json" --proof "$T/proof.json"
  expect 2 "$z" 'not a regular file' -- "$CUZK" verify --vkey "$T/verification_key.json" --public "$z" --proof "$T/proof.json"
  expect 2 "$z" 'not a regular file' -- "$CUZK" verify --vkey "$T/verification_key.json" --public "$T/public.json" --proof "$z"
done
# batch: a sector file that never ends, and a sector whose witness is a FIFO. The exit code
# of batch belongs to its own tests; here: it ends, names the input, writes no proof.
rc=0
(ulimit -v "$VLIMIT" && exec timeout 5 "$CUZK" batch --out "$OUT/b1" --progress off /dev/zero) >/dev/null 2>"$WORK/err.txt" || rc=$?
[[ $rc -ne 0 && $rc -ne 124 ]] || die "batch with /dev/zero as sector file: exit $rc"
grep -q /dev/zero "$WORK/err.txt" || die "batch does not name /dev/zero: $(cat "$WORK/err.txt")"
printf '{"sector": "f1", "zkey": "%s", "partitions": [{"witness": "%s"}]}' "$T/circuit.zkey" "$WORK/fifo" >"$WORK/f1.json"
rc=0
(ulimit -v "$VLIMIT" && exec timeout 20 "$CUZK" batch --out "$OUT/b2" --progress off "$WORK/f1.json") >/dev/null 2>"$WORK/err.txt" || rc=$?
[[ $rc -ne 0 && $rc -ne 124 ]] || die "batch with a FIFO witness: exit $rc"
grep -q "$WORK/fifo" "$WORK/err.txt" || die "batch does not name the FIFO: $(cat "$WORK/err.txt")"
absent "$OUT/b2/f1.proof" "$OUT/b2/f1/p0.proof.json"
echo "PASS readers_nonregular"
