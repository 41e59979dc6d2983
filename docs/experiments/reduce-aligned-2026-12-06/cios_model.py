#!/usr/bin/env python3
"""Model of an interleaved (CIOS-order) aligned Fq product: row i of a·b (and of c·d for a sum of
products) into e / o exactly as reduce_model.row, then at once reduction round i of
reduce_model.reduce_aligned (s = e[i] + o[i−1] + cr, m, m·p's pairs on the array of each
parity, the parked carry), instead of all rows first. The arrays are indexed by value position
as before, so the code is the same rows and rounds in another order; what changes is which
limbs are live at once: after round i only positions i + 1 .. i + N + 1 (2N + 2 registers for
both arrays instead of 4N). Checks with PTX carry semantics that no carry-only addc overflows
(the rows' last addc now lands in limbs a reduction may have written), that nothing is left
above position 2N − 1, and the result against integer REDC."""
import random
from reduce_model import M32, limbs, val, row, redc, P


def cios(terms, p, N):
    inv = (-pow(p, -1, 1 << 32)) & M32
    Pl = limbs(p, N)
    e = [0] * (2 * N + 2); o = [0] * (2 * N + 2)
    T = [(limbs(a, N), limbs(b, N)) for a, b in terms]
    cr = 0; parked = 0
    for i in range(N):
        for A, B in T:
            row(e, o, A, B[i], i, N)
        # reduction round i (reduce_model.reduce_aligned's loop body)
        r = e[i] + (o[i - 1] if i else 0) + cr
        s = r & M32; cr = r >> 32
        assert cr <= 1
        m = (s * inv) & M32
        x_is_e = (i & 1) == 0
        X, Y = (e, o) if x_is_e else (o, e)
        ix = (lambda pos: pos) if x_is_e else (lambda pos: pos - 1)
        iy = (lambda pos: pos - 1) if x_is_e else (lambda pos: pos)
        r = ((m * Pl[0]) & M32) + s
        assert r & M32 == 0
        c = r >> 32
        q = ix(i + 1); r = X[q] + ((m * Pl[0]) >> 32) + c; X[q] = r & M32; c = r >> 32
        for j in range(2, N, 2):
            pr = m * Pl[j]
            for pos, w in ((i + j, pr & M32), (i + j + 1, pr >> 32)):
                q = ix(pos); r = X[q] + w + c; X[q] = r & M32; c = r >> 32
        q = ix(i + N); r = X[q] + parked + c; X[q] = r & M32; parked = r >> 32
        c = 0
        for j in range(1, N, 2):
            pr = m * Pl[j]
            for pos, w in ((i + j, pr & M32), (i + j + 1, pr >> 32)):
                q = iy(pos); r = Y[q] + w + c; Y[q] = r & M32; c = r >> 32
        parked += c
        assert parked <= M32
    res = []; c = cr
    for k in range(N):
        r = e[N + k] + o[N - 1 + k] + c
        res.append(r & M32); c = r >> 32
    assert c == 0, "carry out of the result"
    assert parked == 0 and e[2 * N] == 0 and e[2 * N + 1] == 0 and o[2 * N - 1] == 0 and o[2 * N] == 0, "left above 2N-1"
    return val(res)


if __name__ == "__main__":
    rng = random.Random(17)
    n = 0
    for N, p in P.items():
        R = 1 << (32 * N)
        hi = 2 * p if 4 * p < R else p
        edge = [x for x in (0, 1, 2, p - 1, p, p + 1, 2 * p - 1) if x < hi]
        cases = [[(a, b)] for a in edge for b in edge]
        cases += [[(rng.randrange(hi), rng.randrange(hi))] for _ in range(20000)]
        ones = lambda: sum((M32 if rng.random() < 0.7 else rng.randrange(1 << 32)) << (32 * k) for k in range(N)) % hi
        cases += [[(ones(), ones())] for _ in range(5000)]
        # sums of two products, operands ≤ p
        cases += [[(a, b), (b, a)] for a in edge[:5] for b in edge[:5]]
        cases += [[(rng.randrange(p + 1), rng.randrange(p + 1)) for _ in range(2)] for _ in range(20000)]
        for t in cases:
            got = cios(t, p, N)
            want = redc(sum(a * b for a, b in t), p, N)
            assert got == want, (N, [tuple(map(hex, x)) for x in t], hex(got), hex(want))
            n += 1
    print("ok", n)
