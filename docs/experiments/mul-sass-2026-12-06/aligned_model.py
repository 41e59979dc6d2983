#!/usr/bin/env python3
"""Model of field.cuh's aligned product (mul_rows_aligned): the limb products split by the
parity of their value position into e (pairs at even positions) and o (o[k] at position k+1,
so its pairs also start at even indices), with PTX carry-flag semantics; checks the sum
e + o*2^32 equals a*b and that no addc overflows, for N = 8 (Fr) and 12 (Fq)."""
import random
M32 = 0xffffffff
def limbs(v, n): return [(v >> (32 * i)) & M32 for i in range(n)]
def val(l): return sum(x << (32 * i) for i, x in enumerate(l))

def row(e, o, A, bi, i, N, j0=0):
    """field.cuh's aligned_row: row i of A·bi over j >= j0 (0: a product; i + 1: a square's
    off-diagonal triangle, reduce-aligned-2026-12-06/sqr_model.py), the chain over e taking
    j = i (mod 2), the one over o the others, each ending with a carry-only addc that must not
    overflow."""
    je = j0 + ((j0 + i) & 1); jo = j0 + ((j0 + i + 1) & 1)
    for arr, jf, off in ((e, je, 0), (o, jo, -1)):
        if jf >= N:
            continue
        c = 0; j = jf; last = None
        while j < N:
            p = A[j] * bi
            for k, w in ((i + j + off, p & M32), (i + j + off + 1, p >> 32)):
                r = arr[k] + w + c
                arr[k] = r & M32; c = r >> 32
            last = i + j + off + 1
            j += 2
        r = arr[last + 1] + c
        assert r <= M32, "addc overflow"
        arr[last + 1] = r

def product(a, b, N):
    A, B = limbs(a, N), limbs(b, N)
    e = [0] * (2 * N + 1); o = [0] * (2 * N + 1)
    for i in range(N):
        row(e, o, A, B[i], i, N)
    assert e[2 * N] == 0 and o[2 * N - 1] == 0 and o[2 * N] == 0
    t = [0] * (2 * N + 1); t[0] = e[0]; c = 0
    for k in range(1, 2 * N):
        r = e[k] + o[k - 1] + c; t[k] = r & M32; c = r >> 32
    assert c == 0
    assert val(t) == a * b, "product wrong"
    return t

if __name__ == "__main__":
    rng = random.Random(5)
    P = {8: 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001,
         12: 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab}
    n = 0
    for N, p in P.items():
        edge = [0, 1, p - 1, p, (1 << (32 * N - 1)) - 1, (1 << (32 * N)) - 1]
        for a in edge:
            for b in edge: product(a, b, N); n += 1
        for _ in range(20000):
            product(rng.randrange(1 << (32 * N)), rng.randrange(1 << (32 * N)), N); n += 1
    print("ok", n)
