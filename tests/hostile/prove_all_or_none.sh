#!/usr/bin/env bash
# prove writes all its outputs or none: a --public whose folder is missing or read-only
# leaves no proof.json (and no temp file) behind.
source "$(dirname "$0")/prove_lib.bash"
cd "$WORK"

expect 3 "nodir/public.json" -- prove --proof proof.json --public nodir/public.json
[[ -z $(ls -A) ]] || die "files left: $(ls -A)"

# a --public whose name is over NAME_MAX (256 bytes): it can never be created, also as root;
# nothing of the run may remain
long=$(printf 'p%.0s' {1..251}).json
expect 3 "$long" -- prove --proof proof.json --public "$long"
[[ -z $(ls -A) ]] || die "files left: $(ls -A)"

mkdir ro
chmod a-w ro
if touch ro/probe 2>/dev/null; then
  echo "SKIP: running as root, a read-only folder is writable"; rm -f ro/probe
else
  expect 3 "ro/public.json" -- prove --proof proof.json --public ro/public.json
  [[ $(ls -A) == ro && -z $(ls -A ro) ]] || die "files left: $(ls -AR)"
  expect 3 "ro/proof.bin" -- prove --proof proof.json --public public.json --proof-bin ro/proof.bin
  [[ $(ls -A) == ro ]] || die "files left: $(ls -AR)"
fi
prove --proof proof.json --public public.json --proof-bin proof.bin >/dev/null 2>&1 || die "prove failed"
[[ -s proof.json && -s public.json && $(stat -c %s proof.bin) -eq 192 ]] || die "outputs missing"
echo PASS
