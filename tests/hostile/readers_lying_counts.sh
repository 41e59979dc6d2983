#!/usr/bin/env bash
# Issue 45, item 3: counts that lie. Every integer read from a binary header or from JSON is
# range-checked in the type it is held in, and against the file's size where the format
# implies one: exit 2 (batch: the sector refused, exit 1), one line naming the file and the
# field, under a 600 MB address-space limit (nothing sized by the lie is allocated), nothing
# written.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
T=$FIX/tiny
OUT=$WORK/out
mkdir -p "$OUT"

# .r1cs header (section 1): n8(4) prime(32), then nWires at 36. Section 3 (wire2label) holds
# nWires u64s, so the file's size bounds nWires: 2^32-1 is refused, not allocated (was exit 4).
for n in 4294967295 7 5; do
  cp "$T/circuit.r1cs" "$WORK/wires-$n.r1cs" && bin_u32 "$WORK/wires-$n.r1cs" 1 36 "$n"
done
expect 2 "$WORK/wires-4294967295.r1cs" 'nWires = 4294967295 needs 34359738360' -- \
  "$CUZK" setup --r1cs "$WORK/wires-4294967295.r1cs" --out "$OUT/k.zkey" --seed 1
absent "$OUT/k.zkey"
expect 2 "$WORK/wires-7.r1cs" 'section 3 \(wire2label\).*nWires = 7' -- \
  "$CUZK" setup --r1cs "$WORK/wires-7.r1cs" --out "$OUT/k.zkey" --seed 1
absent "$OUT/k.zkey"
# prove --r1cs reads the same header
expect 2 "$WORK/wires-4294967295.r1cs" 'nWires' -- "$CUZK" prove --zkey "$T/circuit.zkey" --witness "$T/w0.wtns" \
  --r1cs "$WORK/wires-4294967295.r1cs" --proof "$OUT/p.json" --public "$OUT/pub.json"
absent "$OUT/p.json" "$OUT/pub.json"
# A file without section 3: nWires is bounded by nothing, refused.
python3 - "$T/circuit.r1cs" "$WORK/no-labels.r1cs" <<'PY'
import struct, sys
b = open(sys.argv[1], "rb").read()
out, at, n = [], 12, struct.unpack_from("<I", b, 8)[0]
for _ in range(n):
    sid, size = struct.unpack_from("<IQ", b, at)
    if sid != 3: out.append(b[at:at + 12 + size])
    at += 12 + size
open(sys.argv[2], "wb").write(b[:8] + struct.pack("<I", len(out)) + b"".join(out))
PY
expect 2 "$WORK/no-labels.r1cs" 'section 3 \(wire2label\) is missing' -- \
  "$CUZK" setup --r1cs "$WORK/no-labels.r1cs" --out "$OUT/k.zkey" --seed 1
absent "$OUT/k.zkey"
# The real file still works (the check can fail only on a lie).
(ulimit -v "$VLIMIT" && timeout 20 "$CUZK" setup --r1cs "$T/circuit.r1cs" --out "$OUT/good.zkey" --seed 1 >/dev/null) ||
  die "setup of the untouched circuit.r1cs failed"
[[ -s $OUT/good.zkey ]] || die "setup wrote no key"

# A native sector's "depth": 4294967297 = 2^32 + 1 was taken as depth 1 (a 64 -> 32-bit wrap).
mkdir -p "$WORK/s"
native() {  # native NAME DEPTH CHALLENGES
  printf '{"sector": "%s", "zkey": "%s", "native": {"circuit": "porep-lite", "depth": %s, "challenges": %s, "replica": "r.replica"}, "partitions": [1]}\n' \
    "$1" "$T/circuit.zkey" "$2" "$3" >"$WORK/s/$1.json"
}
native wrap 4294967297 2
native wrap64 18446744073709551617 2
native chal 4 4294967298
native neg -1 2
for s in wrap wrap64 chal neg; do
  rc=0
  (ulimit -v "$VLIMIT" && exec timeout 20 "$CUZK" batch --out "$OUT/b-$s" --backend cpu --progress off \
    "$WORK/s/$s.json") >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  [[ $rc -eq 1 ]] || die "batch $s: exit $rc, want 1 (the sector refused); $(cat "$WORK/err.txt")"
  [[ $(grep -c 'error:' "$WORK/err.txt") -eq 1 ]] || die "batch $s: not one error line: $(cat "$WORK/err.txt")"
  grep -F -- "$WORK/s/$s.json" "$WORK/err.txt" | grep -qE '"(depth|challenges)" must be an integer' ||
    die "batch $s: the line does not name the file and the field: $(cat "$WORK/err.txt")"
  note "batch $s: $(grep 'error:' "$WORK/err.txt")"
  absent "$OUT/b-$s/$s" "$OUT/b-$s/$s.proof"
done
echo "ok: lying counts refused"
