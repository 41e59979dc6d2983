#!/usr/bin/env bash
# Deferred point checks (lib/cuzk/groth16/prepared_key.hpp, key_check.hpp): `prove` and `batch`
# load a prepared key's A, B1, B2, C and H unchecked and check them beside the work. A byte
# flipped in any one of them: `prove` exits 2 with one line naming the key and the array, and
# writes nothing; `batch` fails the partition (exit 1) with that line and writes no proof. A key
# cache entry that fails so is removed (the line says so), and the next run rebuilds it from the
# .zkey and proves.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
W=$WORK

"$CUZK" gen-chain --out "$W/s" --curve bls12381 --log-domain 5 --witnesses 1 --seed 4 --prepared >/dev/null
"$CUZK" gen-chain --out "$W/z" --curve bls12381 --log-domain 5 --witnesses 1 --seed 4 >/dev/null
SK=$W/s/chain-bls12381-5.cuzkpk WT=$W/s/chain-bls12381-5-w0.wtns ZK=$W/z/chain-bls12381-5.zkey
# flip FILE ARRAY: one byte of that array's first point flipped (its offset from the header,
# whose digest is found, not assumed: after it come the file size, then going back 9 array
# digests, 9 offsets and 9 counts; the arrays IC coefficients row0 row1 A B1 B2 C H).
cat >"$W/flip.py" <<'PY'
import hashlib, struct, sys
path, name = sys.argv[1], sys.argv[2]
index = ["IC", "coefficients", "row0", "row1", "A", "B1", "B2", "C", "H"].index(name)
b = bytearray(open(path, "rb").read())
hd = next(p for p in range(64, 4064, 8) if hashlib.sha256(b[:p]).digest() == b[p:p + 32])
off = struct.unpack_from("<Q", b, hd - 8 - 9 * 32 - 9 * 8 + 8 * index)[0]
b[off + 1] ^= 0x40
open(path, "wb").write(b)
PY
flip() { python3 "$W/flip.py" "$@"; }

note "the good key: prove and batch as before"
"$CUZK" prove --zkey "$SK" --witness "$WT" --seed 1 --proof "$W/good.json" --public "$W/goodp.json" ||
  die "prove with a good standalone key exited $?"

out=(--witness "$WT" --seed 1 --proof "$W/o.json" --public "$W/op.json")
for arr in A B1 B2 C H; do
  note "a byte of $arr flipped: prove exits 2 naming the key and $arr, writes nothing"
  cp "$SK" "$W/bad.cuzkpk"
  flip "$W/bad.cuzkpk" $arr
  expect 2 "$W/bad.cuzkpk" ": $arr: content checksum mismatch" -- "$CUZK" prove --zkey "$W/bad.cuzkpk" "${out[@]}"
  absent "$W/o.json" "$W/op.json"

  note "the same key in a batch: the partition fails with that line, no proof, exit 1"
  rm -rf "$W/b"
  cp -r "$W/s" "$W/b"
  flip "$W/b/chain-bls12381-5.cuzkpk" $arr
  rc=0
  "$CUZK" batch --out "$W/b/out" --progress off --seed 1 "$W/b/chain-bls12381-5.json" >/dev/null 2>"$W/berr" || rc=$?
  [[ $rc -eq 1 ]] || die "batch with $arr flipped: exit $rc, want 1: $(cat "$W/berr")"
  grep -q "chain-bls12381-5.cuzkpk: $arr: content checksum mismatch" "$W/berr" ||
    die "batch error does not name the key and $arr: $(cat "$W/berr")"
  [[ -z $(find "$W/b/out" -name '*.proof.json') ]] || die "batch wrote a proof from a corrupt key: $(find "$W/b/out" -name '*.proof.json')"
done

note "a key cache entry whose H is corrupt: the partition fails naming it, the entry is removed, the next run rebuilds it"
"$CUZK" batch --out "$W/z/out1" --progress off --seed 1 --key-cache "$W/kc" "$W/z/chain-bls12381-5.json" >/dev/null 2>&1 ||
  die "first batch over the .zkey exited $?"
entry=$(find "$W/kc" -name '*.cuzkpk')
[[ -f $entry ]] || die "no cache entry written: $(ls -A "$W/kc")"
flip "$entry" H
rc=0
"$CUZK" batch --out "$W/z/out2" --progress off --seed 1 --key-cache "$W/kc" "$W/z/chain-bls12381-5.json" >/dev/null 2>"$W/berr" || rc=$?
[[ $rc -eq 1 ]] || die "batch over a corrupt entry: exit $rc, want 1: $(cat "$W/berr")"
grep -q "$entry: H: content checksum mismatch.*removed" "$W/berr" || die "the error does not name the entry and say it was removed: $(cat "$W/berr")"
[[ -z $(find "$W/z/out2" -name '*.proof.json') ]] || die "a proof was written from a corrupt entry"
absent "$entry"
"$CUZK" batch --out "$W/z/out3" --progress off --seed 1 --key-cache "$W/kc" "$W/z/chain-bls12381-5.json" >/dev/null 2>&1 ||
  die "the run after a corrupt entry exited $?"
grep -q '"ev":"key_load".*"cache_written":true' "$W/z/out3/events.jsonl" || die "the entry was not rebuilt: $(grep key_load "$W/z/out3/events.jsonl")"
cmp -s "$W/z/out1/chain-bls12381-5/p0.proof.json" "$W/z/out3/chain-bls12381-5/p0.proof.json" ||
  die "the proof after the rebuild differs from the first run's"
note "ok"
