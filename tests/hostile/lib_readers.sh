# Helpers of the readers_*.sh hostile tests: source after setting CUZK (cuzk-prove) and SRC.
set -euo pipefail
FIX=$SRC/data/fixtures
WORK=$(mktemp -d "${TMPDIR:-/tmp}/cuzk-hostile.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
note() { echo "-- $*"; }

# Memory bound of every run: well under 512 MiB of address space (not under ASan, whose
# shadow reservation needs terabytes of it). Few malloc arenas keep the address space small.
export MALLOC_ARENA_MAX=2
VLIMIT=600000
if grep -qa __asan_init "$CUZK" || { command -v ldd >/dev/null && ldd "$CUZK" 2>/dev/null | grep -q asan; }; then
  VLIMIT=unlimited
fi

# expect RC NAMED PATTERN -- CMD...: CMD exits RC within 5 s under the memory bound and
# writes exactly one line to stderr, which names NAMED (a path) and matches PATTERN (ERE).
expect() {
  local want=$1 named=$2 pat=$3
  shift 4
  local rc=0
  (ulimit -v "$VLIMIT" && exec timeout 5 "$@") >"$WORK/out.txt" 2>"$WORK/err.txt" || rc=$?
  [[ $rc -ne 124 ]] || die "$* did not finish within 5 s"
  [[ $rc -eq $want ]] || die "$*: exit $rc, want $want; stderr: $(head -c 600 "$WORK/err.txt")"
  [[ $(wc -l <"$WORK/err.txt") -eq 1 ]] || die "$*: stderr is not one line: $(head -c 600 "$WORK/err.txt")"
  grep -qF -- "$named" "$WORK/err.txt" || die "$*: message does not name $named: $(cat "$WORK/err.txt")"
  grep -qE -- "$pat" "$WORK/err.txt" || die "$*: message does not match '$pat': $(cat "$WORK/err.txt")"
  note "exit $rc: $(cat "$WORK/err.txt")"
}

# absent PATH...: nothing was written there.
absent() {
  local p
  for p in "$@"; do [[ ! -e $p ]] || die "$p was written"; done
}

# Edits of iden3 binary files (.zkey .wtns .r1cs) and of curve points, in python3.
BINTOOL=$WORK/bintool.py
cat >"$BINTOOL" <<'PY'
import struct, sys
Q = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
R = 1 << 384

def sections(b):
    out, at = {}, 12
    for _ in range(struct.unpack_from("<I", b, 8)[0]):
        sid, size = struct.unpack_from("<IQ", b, at)
        out[sid] = (at + 12, size)
        at += 12 + size
    return out

def g1_bytes(x, y):
    return (x * R % Q).to_bytes(48, "little") + (y * R % Q).to_bytes(48, "little")

def torsion_point():
    # A point of E(Fq): y^2 = x^3 + 4 that is not in the order-r subgroup (the cofactor
    # is ~2^126, so the first x with a square right-hand side gives one).
    x = 1
    while True:
        rhs = (x ** 3 + 4) % Q
        y = pow(rhs, (Q + 1) // 4, Q)
        if y * y % Q == rhs:
            return x, y
        x += 1

cmd, path = sys.argv[1], sys.argv[2]
b = bytearray(open(path, "rb").read())
secs = sections(b)
if cmd == "u32":  # u32 FILE SECTION OFFSET VALUE
    sid, off, v = map(int, sys.argv[3:6])
    struct.pack_into("<I", b, secs[sid][0] + off, v)
elif cmd == "point":  # point FILE SECTION INDEX offcurve|torsion (G1 sections; 96-byte points)
    sid, idx, kind = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
    at = secs[sid][0] + 96 * idx
    x, y = torsion_point()
    if kind == "offcurve":
        y = (y + 1) % Q
    b[at:at + 96] = g1_bytes(x, y)
else:
    sys.exit("unknown command " + cmd)
open(path, "wb").write(b)
PY
# bin_u32 FILE SECTION OFFSET VALUE: the u32 at OFFSET of section SECTION's payload := VALUE.
bin_u32() { python3 "$BINTOOL" u32 "$@"; }
# g1_point FILE SECTION INDEX offcurve|torsion: G1 point INDEX of a point section replaced.
g1_point() { python3 "$BINTOOL" point "$@"; }
