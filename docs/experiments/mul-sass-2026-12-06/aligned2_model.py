#!/usr/bin/env python3
"""aligned_model.py for field.cuh's mul_aligned2 (a*b + c*d): row i of both products into the
same two accumulators (a*b's row, then c*d's), PTX carry semantics; checks the exact sum and
that no carry-only addc overflows (a limb between its rows holds at most 4), N = 12 (Fq) and 8."""
import random
from aligned_model import M32, limbs, val, row

def sum2(a, b, c, d, N):
    A, B, C, D = (limbs(x, N) for x in (a, b, c, d))
    e = [0] * (2 * N + 1); o = [0] * (2 * N + 1)
    for i in range(N):
        row(e, o, A, B[i], i, N)
        row(e, o, C, D[i], i, N)
    t = [0] * (2 * N + 1); t[0] = e[0]; cy = 0
    for k in range(1, 2 * N):
        r = e[k] + o[k - 1] + cy; t[k] = r & M32; cy = r >> 32
    assert cy == 0 and e[2 * N] == 0, "combine carried out"
    assert val(t) == a * b + c * d, "sum wrong"

rng = random.Random(7)
P = {12: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab,
     8: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001}
n = 0
for N, p in P.items():
    edge = [0, 1, p - 1, p, (1 << 381) - 1 if N == 12 else (1 << 255) - 1]
    for a in edge:
        for b in edge:
            for c in edge:
                for d in edge: sum2(a, b, c, d, N); n += 1
    for _ in range(20000):
        sum2(*(rng.randrange(p + 1) for _ in range(4)), N); n += 1
# beyond the bound the field needs (inputs <= p), all-ones limbs: the sum may then not fit
ok = True
try:
    top = (1 << 384) - 1; sum2(top, top, top, top, 12)
except AssertionError as x: ok = False; print("all-ones inputs (outside the bound):", x)
print("ok", n)
