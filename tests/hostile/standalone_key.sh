#!/usr/bin/env bash
# Standalone prepared keys (lib/cuzk/groth16/standalone_key.hpp; `gen-porep --prepared`,
# `gen-chain --prepared`): the same proofs (--seed) and verification key as the .zkey made from
# the same setup, through prove, export-vkey and batch; prepare-key has nothing to do; every
# damaged, lying, wrong-curve or non-regular key is one line naming it with the documented exit
# (2 bad key, 3 unreadable), and no output is written; a key cache entry passed as a key is
# refused (2) by design.
CUZK=$1 SRC=$2
source "$SRC/tests/hostile/lib_readers.sh"
W=$WORK

note "gen-chain both ways, both curves: prove --seed and export-vkey byte-identical"
for curve in bn128 bls12381; do
  "$CUZK" gen-chain --out "$W/z-$curve" --curve $curve --log-domain 5 --witnesses 1 --seed 4 >/dev/null
  "$CUZK" gen-chain --out "$W/s-$curve" --curve $curve --log-domain 5 --witnesses 1 --seed 4 --prepared >/dev/null
  zk=$W/z-$curve/chain-$curve-5.zkey sk=$W/s-$curve/chain-$curve-5.cuzkpk
  [[ -f $sk && ! -e $W/s-$curve/chain-$curve-5.zkey ]] || die "gen-chain --prepared did not write $sk alone: $(ls "$W/s-$curve")"
  grep -q '"chain-'$curve'-5.cuzkpk"' "$W/s-$curve/chain-$curve-5.json" || die "the sector file does not name $sk"
  for k in z s; do
    key=$zk; [[ $k == s ]] && key=$sk
    "$CUZK" prove --zkey "$key" --witness "$W/$k-$curve/chain-$curve-5-w0.wtns" --seed 9 \
      --proof "$W/$k-$curve/proof.json" --public "$W/$k-$curve/public.json" || die "prove with $key exited $?"
    "$CUZK" export-vkey --zkey "$key" --out "$W/$k-$curve/vk.json" || die "export-vkey $key exited $?"
  done
  for f in proof.json public.json vk.json; do
    cmp -s "$W/z-$curve/$f" "$W/s-$curve/$f" || die "$curve: $f differs between the .zkey and the standalone key"
  done
  "$CUZK" verify --vkey "$W/s-$curve/vk.json" --public "$W/s-$curve/public.json" --proof "$W/s-$curve/proof.json" >/dev/null ||
    die "$curve: the standalone key's proof does not verify"
done
BN=$W/s-bn128/chain-bn128-5.cuzkpk BLS=$W/s-bls12381/chain-bls12381-5.cuzkpk
BLSW=$W/s-bls12381/chain-bls12381-5-w0.wtns

note "prepare-key: a standalone key is checked, nothing is prepared"
"$CUZK" prepare-key "$BLS" --key-cache "$W/cache" >"$W/p.txt" || die "prepare-key on a standalone key exited $?"
grep -q "nothing to prepare" "$W/p.txt" || die "prepare-key: $(cat "$W/p.txt")"
absent "$W/cache"

note "gen-porep both ways: batch --seed proofs byte-identical"
"$CUZK" gen-porep --out "$W/pz" --depth 3 --challenges 1 --sectors 1 --partitions 2 --seed 5 --backend cpu >/dev/null
"$CUZK" gen-porep --out "$W/ps" --depth 3 --challenges 1 --sectors 1 --partitions 2 --seed 5 --backend cpu --prepared >/dev/null
[[ -f $W/ps/porep-d3-k1.cuzkpk && ! -e $W/ps/porep-d3-k1.zkey ]] || die "gen-porep --prepared wrote: $(ls "$W/ps")"
for k in pz ps; do
  "$CUZK" batch --out "$W/$k/out" --progress off --seed 3 --no-key-cache "$W/$k/porep-0000.json" >/dev/null 2>&1 ||
    die "batch on $k exited $?"
done
for f in p0.proof.json p1.proof.json p0.public.json p1.public.json; do
  cmp -s "$W/pz/out/porep-0000/$f" "$W/ps/out/porep-0000/$f" || die "batch: $f differs between the .zkey and the standalone key"
done
grep -q '"ev":"key_load".*"source":"standalone"' "$W/ps/out/events.jsonl" || die "key_load source is not standalone"

note "hostile standalone keys: one line naming the key, exit 2 (3 when unreadable), no output"
out=(--witness "$BLSW" --seed 1 --proof "$W/o.json" --public "$W/op.json")
size=$(stat -c %s "$BLS")
head -c $((size - 4096)) "$BLS" >"$W/short.cuzkpk"
expect 2 "$W/short.cuzkpk" 'size' -- "$CUZK" prove --zkey "$W/short.cuzkpk" "${out[@]}"
head -c 1000 "$BLS" >"$W/head.cuzkpk"
expect 2 "$W/head.cuzkpk" 'truncated' -- "$CUZK" prove --zkey "$W/head.cuzkpk" "${out[@]}"
for off in 5000 $((size / 2)) $((size - 1)); do  # bytes of the arrays (and the last one)
  cp "$BLS" "$W/flip.cuzkpk"
  printf '\x5a' | dd of="$W/flip.cuzkpk" bs=1 seek=$off conv=notrunc status=none
  expect 2 "$W/flip.cuzkpk" 'checksum mismatch|bad padding' -- "$CUZK" prove --zkey "$W/flip.cuzkpk" "${out[@]}"
done
# A lying header whose digest is recomputed: H's offset past the end, A's count, the file size.
cat >"$W/lie.py" <<'PY'
import hashlib, struct, sys
path, field, index, value = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
b = bytearray(open(path, "rb").read())
hd = next(p for p in range(64, 4064, 8) if hashlib.sha256(b[:p]).digest() == b[p:p + 32])
size_at = hd - 8
at = {"size": size_at, "offset": size_at - 9 * 32 - 9 * 8 + 8 * index,
      "count": size_at - 9 * 32 - 18 * 8 + 8 * index}[field]
struct.pack_into("<Q", b, at, value)
b[hd:hd + 32] = hashlib.sha256(b[:hd]).digest()
open(path, "wb").write(b)
PY
lie() { cp "$BLS" "$W/lie.cuzkpk"; python3 "$W/lie.py" "$W/lie.cuzkpk" "$@"; }
lie offset 8 $((size * 2))
expect 2 "$W/lie.cuzkpk" 'H: outside the file' -- "$CUZK" prove --zkey "$W/lie.cuzkpk" "${out[@]}"
lie count 4 $((1 << 40))
expect 2 "$W/lie.cuzkpk" 'A: count disagrees' -- "$CUZK" prove --zkey "$W/lie.cuzkpk" "${out[@]}"
lie size 0 $((size * 8))
expect 2 "$W/lie.cuzkpk" 'header says' -- "$CUZK" export-vkey --zkey "$W/lie.cuzkpk" --out "$W/vk.json"
# The other curve's key for a witness: the witness is named, with both curves.
expect 2 "$BLSW" 'wrong curve' -- "$CUZK" prove --zkey "$BN" "${out[@]}"
mkfifo "$W/fifo.cuzkpk"
expect 3 "$W/fifo.cuzkpk" 'not a regular file' -- "$CUZK" prove --zkey "$W/fifo.cuzkpk" "${out[@]}"
expect 3 "$W/fifo.cuzkpk" 'not a regular file' -- "$CUZK" export-vkey --zkey "$W/fifo.cuzkpk" --out "$W/vk.json"
expect 2 "$W/s-bn128" 'directory' -- "$CUZK" prove --zkey "$W/s-bn128" "${out[@]}"
absent "$W/o.json" "$W/op.json" "$W/vk.json"

note "a key cache entry passed as a key: refused by design (valid only beside its .zkey)"
"$CUZK" prepare-key "$W/z-bls12381/chain-bls12381-5.zkey" --key-cache "$W/kc" >/dev/null
entry=$(find "$W/kc" -name '*.cuzkpk')
expect 2 "$entry" 'a key cache entry' -- "$CUZK" prove --zkey "$entry" "${out[@]}"
expect 2 "$entry" 'a key cache entry' -- "$CUZK" export-vkey --zkey "$entry" --out "$W/vk.json"
absent "$W/o.json" "$W/op.json" "$W/vk.json"

note "batch: a damaged standalone key fails its sector, naming the key"
cp "$W/ps/porep-d3-k1.cuzkpk" "$W/ps/good.cuzkpk"
printf '\x5a' | dd of="$W/ps/porep-d3-k1.cuzkpk" bs=1 seek=$(($(stat -c %s "$W/ps/good.cuzkpk") / 2)) conv=notrunc status=none
rc=0
"$CUZK" batch --out "$W/ps/out2" --progress off "$W/ps/porep-0000.json" >/dev/null 2>"$W/berr" || rc=$?
[[ $rc -eq 1 ]] || die "batch with a damaged standalone key: exit $rc, want 1"
grep -q "porep-d3-k1.cuzkpk.*checksum mismatch" "$W/berr" || die "batch error does not name the key: $(cat "$W/berr")"
note "ok"
