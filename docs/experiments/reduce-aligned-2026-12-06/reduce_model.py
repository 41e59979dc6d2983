#!/usr/bin/env python3
"""Model of a Montgomery reduction that works on the aligned product's two accumulators
(field.cuh mul_aligned: e holds the limb pairs at even value positions, o[k] sits at position
k + 1) instead of their sum, so that every (lo, hi) pair of m·p also lands on an even-aligned
register pair (the form of IMAD.WIDE that needs no moves).

Round i (0 .. N−1), with X the array whose pairs start at positions of i's parity and Y the
other one:
  s  = e[i] + o[i−1] + cr          the exact limb at position i; cr, the carry of the previous
                                   round's s, is 0 or 1 (e + o + 1 < 2^33), so it enters as the
                                   carry flag: add.cc junk, cr, −1; addc.cc s, e, o; addc cr, 0, 0
  m  = s · (−p⁻¹) mod 2^32
  A: mad.lo.cc junk = m·p0 + s     (≡ 0; its carry is s ≠ 0)
     madc.hi.cc X[pos i+1]; then the pairs j = 2, 4 .. N−2 at positions i+j, i+j+1;
     addc.cc X[pos i+N] += parked; addc parked = 0
  B: the pairs j = 1, 3 .. N−1 at positions i+j, i+j+1 over Y; addc parked += 0
Then the result r[k] = e[N+k] + o[N−1+k] + cr, one chain with cr as its first carry.
The limbs at positions < N are read once (into s) and never written again.

Checks, with PTX carry-flag semantics: no addc without .cc overflows, nothing is left above
position 2N − 1, and the result is bit for bit the one of the single-array reduction in
field.cuh (mont_reduce, modelled as integer REDC: same m digits, so the same value < 2p).
Inputs: a·b from the aligned product (both operands up to R − 1 and the edges) and
a·b + c·d from the two-product form (operands ≤ p)."""
import os, random, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mul-sass-2026-12-06"))
from aligned_model import M32, limbs, val, row  # field.cuh's aligned_row (generalised by j0)

def aligned_rows(e, o, A, B, N):
    for i in range(N):
        row(e, o, A, B[i], i, N)

class Redc:
    """field.cuh's redc_round / redc_result (patch) over e / o, with its running carry cr and
    parked carry as state; round(i) in any order after row i (reduce_aligned: all rows first;
    cios_model.py: row i, then round i)."""
    def __init__(self, e, o, P, N):
        self.e, self.o, self.N = e, o, N
        self.Pl = limbs(P, N)
        self.inv = (-pow(P, -1, 1 << 32)) & M32
        self.cr = 0; self.parked = 0

    def round(self, i):
        e, o, N, Pl = self.e, self.o, self.N, self.Pl
        # s = e[i] + o[i-1] + cr: add.cc junk, cr, 0xffffffff (CC = cr, as cr <= 1);
        # addc.cc s, e[i], o[i-1]; addc cr, 0, 0
        assert self.cr <= 1
        r = e[i] + (o[i - 1] if i else 0) + self.cr
        s = r & M32; self.cr = r >> 32
        assert self.cr <= 1
        m = (s * self.inv) & M32
        x_is_e = (i & 1) == 0
        X, Y = (e, o) if x_is_e else (o, e)
        ix = (lambda pos: pos) if x_is_e else (lambda pos: pos - 1)   # index = position - offset
        iy = (lambda pos: pos - 1) if x_is_e else (lambda pos: pos)
        # chain A: m·p0 + s to a junk register (≡ 0, its carry on), then the even j over X
        r = ((m * Pl[0]) & M32) + s
        assert r & M32 == 0
        c = r >> 32
        q = ix(i + 1); r = X[q] + ((m * Pl[0]) >> 32) + c; X[q] = r & M32; c = r >> 32
        for j in range(2, N, 2):
            pr = m * Pl[j]
            for pos, w in ((i + j, pr & M32), (i + j + 1, pr >> 32)):
                q = ix(pos); r = X[q] + w + c; X[q] = r & M32; c = r >> 32
        q = ix(i + N); r = X[q] + self.parked + c; X[q] = r & M32
        self.parked = r >> 32  # addc parked, 0, 0
        # chain B: the odd j over Y
        c = 0
        for j in range(1, N, 2):
            pr = m * Pl[j]
            for pos, w in ((i + j, pr & M32), (i + j + 1, pr >> 32)):
                q = iy(pos); r = Y[q] + w + c; Y[q] = r & M32; c = r >> 32
        self.parked += c       # addc parked, parked, 0
        assert self.parked <= M32

    def result(self):
        """r = e[N..2N) + o[N-1..2N-1) + cr in one chain (cr, 0 or 1, enters as the carry)."""
        e, o, N = self.e, self.o, self.N
        res = []; c = self.cr
        for k in range(N):
            r = e[N + k] + o[N - 1 + k] + c
            res.append(r & M32); c = r >> 32
        assert c == 0, "carry out of the result"
        assert self.parked == 0 and all(x == 0 for x in e[2 * N:]) and all(x == 0 for x in o[2 * N - 1:]), \
            "left above 2N-1"
        return val(res)

def reduce_aligned(e, o, P, inv, N):
    rd = Redc(e, o, P, N)
    for i in range(N):
        rd.round(i)
    return rd.result()

def cases(N, p, rng, two=True):
    """operand lists [(a, b)] or [(a, b), (c, d)]: the edges pairwise, random, runs of all-ones
    limbs; Fq's operands below 2p (4p < R), Fr's below p; sums of two products with operands <= p."""
    R = 1 << (32 * N)
    hi = 2 * p if 4 * p < R else p
    edge = [x for x in (0, 1, 2, p - 1, p, p + 1, 2 * p - 1) if x < hi]
    out = [[(a, b)] for a in edge for b in edge]
    out += [[(rng.randrange(hi), rng.randrange(hi))] for _ in range(20000)]
    ones = lambda: sum((M32 if rng.random() < 0.7 else rng.randrange(1 << 32)) << (32 * k) for k in range(N)) % hi
    out += [[(ones(), ones())] for _ in range(5000)]
    if two:
        out += [[(a, b), (b, a)] for a in edge[:5] for b in edge[:5]]
        out += [[(rng.randrange(p + 1), rng.randrange(p + 1)) for _ in range(2)] for _ in range(20000)]
    return out

def redc(T, P, N):
    inv = (-pow(P, -1, 1 << 32)) & M32
    for i in range(N):
        m = ((T >> (32 * i)) & M32) * inv & M32
        T += m * P << (32 * i)
    return T >> (32 * N)

def check(terms, P, N):
    inv = (-pow(P, -1, 1 << 32)) & M32
    e = [0] * (2 * N + 1); o = [0] * (2 * N + 1)
    T = 0
    for a, b in terms:
        aligned_rows(e, o, limbs(a, N), limbs(b, N), N)
        T += a * b
    assert val(e) + (val(o) << 32) == T
    got = reduce_aligned(e, o, P, inv, N)
    want = redc(T, P, N)
    assert got == want, (hex(got), hex(want))
    assert want < 2 * P
    return 1

P = {8: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001,
     12: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab}
if __name__ == "__main__":
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
    n = 0
    for N, p in P.items():
        for t in cases(N, p, rng):
            n += check(t, p, N)
    print("ok", n)
