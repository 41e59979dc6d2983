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
from reduce_model import M32, limbs, row, Redc, cases, redc, P


def cios(terms, p, N):
    e = [0] * (2 * N + 2); o = [0] * (2 * N + 2)   # one limb more than field.cuh: checked zero
    T = [(limbs(a, N), limbs(b, N)) for a, b in terms]
    rd = Redc(e, o, p, N)
    for i in range(N):
        for A, B in T:
            row(e, o, A, B[i], i, N)
        rd.round(i)
    return rd.result()


if __name__ == "__main__":
    rng = random.Random(17)
    n = 0
    for N, p in P.items():
        for t in cases(N, p, rng):
            got = cios(t, p, N)
            want = redc(sum(a * b for a, b in t), p, N)
            assert got == want, (N, [tuple(map(hex, x)) for x in t], hex(got), hex(want))
            n += 1
    print("ok", n)
