#!/usr/bin/env python3
"""Model of an aligned Fq square for field.cuh: the off-diagonal products a_j·a_i (j > i) into
e / o by the parity of their position (as mul_aligned's rows, row i's chains starting at
j = i + 1 (o) and j = i + 2 (e)), both arrays doubled by a one-bit funnel shift, the diagonal
a_i² (at the even positions 2i) added to e in one chain; then reduce_model.reduce_aligned.
Checks with PTX carry semantics that no addc overflows, that nothing reaches the top limbs the
reduction assumes zero (e[2N], o[2N−1], o[2N]), and the result against integer REDC."""
import random
from reduce_model import M32, limbs, val, row, reduce_aligned, redc, P

def sqr_aligned(a, N):
    A = limbs(a, N)
    e = [0] * (2 * N + 1); o = [0] * (2 * N + 1)
    for i in range(N - 1):
        row(e, o, A, A[i], i, N, i + 1)
    assert val(e) + (val(o) << 32) == sum(A[i] * A[j] << (32 * (i + j)) for i in range(N) for j in range(i + 1, N))
    # x2: the off-diagonal sum is below a²/2 < 2^(64N−1), so are e and o·2^32
    assert e[2 * N - 1] >> 31 == 0 and o[2 * N - 2] >> 31 == 0 and e[2 * N] == 0 and o[2 * N - 1] == 0
    for arr, top in ((e, 2 * N - 1), (o, 2 * N - 2)):
        for k in range(top, 0, -1):
            arr[k] = ((arr[k] << 1) | (arr[k - 1] >> 31)) & M32
        arr[0] = (arr[0] << 1) & M32
    # + Σ a_i²·2^(64i) into e in one chain: no carry out (a² < 2^(64N) and e ≤ a²)
    c = 0
    for i in range(N):
        p = A[i] * A[i]
        for k, w in ((2 * i, p & M32), (2 * i + 1, p >> 32)):
            r = e[k] + w + c
            e[k] = r & M32; c = r >> 32
    assert c == 0, "diagonal chain carries out"
    assert val(e) + (val(o) << 32) == a * a
    return e, o

if __name__ == "__main__":
    rng = random.Random(13)
    n = 0
    for N, p in P.items():
        R = 1 << (32 * N)
        hi = 2 * p if 4 * p < R else p
        inv = (-pow(p, -1, 1 << 32)) & M32
        vals = [0, 1, 2, p - 1, p, p + 1, 2 * p - 1, hi - 1]
        vals += [rng.randrange(hi) for _ in range(30000)]
        vals += [sum((M32 if rng.random() < 0.7 else rng.randrange(1 << 32)) << (32 * k) for k in range(N)) % hi
                 for _ in range(5000)]
        for a in vals:
            if a >= hi:
                continue
            e, o = sqr_aligned(a, N)
            assert reduce_aligned(e, o, p, inv, N) == redc(a * a, p, N)
            n += 1
    print("ok", n)
