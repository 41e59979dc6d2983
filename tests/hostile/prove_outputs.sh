#!/usr/bin/env bash
# prove refuses outputs that collide, are folders, or exist (no --force), before any work,
# and writes nothing.
source "$(dirname "$0")/prove_lib.bash"
cd "$WORK"

# equal outputs, also through ./ and a symlink
expect 2 "x.json" -- prove --proof x.json --public x.json
[[ ! -e x.json ]] || die "x.json written"
expect 2 "x.json" -- prove --proof x.json --public ./x.json
mkdir d && ln -s d l
expect 2 "p.json" -- prove --proof d/p.json --public l/p.json
expect 2 "p.json" -- prove --proof p.json --public q.json --proof-bin ./p.json
[[ -z $(ls d) && ! -e p.json && ! -e q.json ]] || die "files written: $(ls -R)"

# an output that is a folder
mkdir pubdir
expect 2 "pubdir" -- prove --proof p.json --public pubdir
[[ ! -e p.json && -z $(ls pubdir) ]] || die "files written next to a folder output"

# an existing proof is not overwritten; --force replaces it
echo keep >p.json
expect 2 "p.json" -- prove --proof p.json --public q.json
[[ $(cat p.json) == keep && ! -e q.json ]] || die "existing proof touched or public written"
echo keep >q.json; rm p.json
expect 2 "q.json" -- prove --proof p.json --public q.json
[[ $(cat q.json) == keep && ! -e p.json ]] || die "existing public touched or proof written"
prove --proof p.json --public q.json --force >/dev/null 2>&1 || die "--force failed"
"$CUZK" verify --vkey "$FIX/verification_key.json" --public q.json --proof p.json >/dev/null || die "forced proof invalid"

# nothing else was left behind (temp files)
[[ $(ls -A | sort | tr '\n' ' ') == "d l p.json pubdir q.json " ]] || die "unexpected files: $(ls -A)"
echo PASS
