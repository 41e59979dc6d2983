#!/usr/bin/env python3
"""Model of shoup.cuh's device path with PTX carry-flag semantics, checked against integers.

Transliterates the loops of shoup_mul (same conditions, same op order) and asserts, for
adversarial and random inputs, that the result equals x*w mod p and that the pre-correction
value is below 2p. Also checks the quotient derivation w' = m*(-p^-1) mod 2^B.
"""
import random
P = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001
N = 8; B = 32 * N; M32 = 0xffffffff

def limbs(v): return [(v >> (32 * i)) & M32 for i in range(N)]
def val(l): return sum(x << (32 * i) for i, x in enumerate(l))
pl = limbs(P)

class CC:
    def __init__(s): s.c = None  # None: undefined (a madc reading it is a bug)
    def mad(s, t, k, a, b, hi, cin, cout):
        prod = a * b
        word = (prod >> 32) if hi else (prod & M32)
        c = 0
        if cin:
            assert s.c is not None, "carry-in read before any carry-out"
            c = s.c
        r = t[k] + word + c
        t[k] = r & M32
        s.c = (r >> 32) if cout else None
    def addc(s, t, k):
        assert s.c is not None
        t[k] = t[k] + s.c
        assert t[k] <= M32, "addc overflowed"
        s.c = None

def shoup_mul_model(x, w, wq):
    X, W, Q = limbs(x), limbs(w), limbs(wq)
    cc = CC()
    t = [0] * (2 * N + 1)
    for i in range(N):
        b = Q[i]
        for par in range(2):
            first = True
            for j in range(par, N, 2):
                if i + j >= N - 1:
                    cc.mad(t, i + j, X[j], b, False, not first, True); first = False
                if i + j >= N - 2:
                    cc.mad(t, i + j + 1, X[j], b, True, not first, True); first = False
            assert not first
            top = i + (N - 1 if par else N - 2) + 2
            if top < 2 * N: cc.addc(t, top)
            else: assert cc.c == 0, "dropped a carry out of the top limb"
    q = val(t[N:2 * N])
    S = x * wq
    assert q in (S >> B, (S >> B) - 1), "truncated quotient off by more than one"
    u = [0] * N; s = [0] * N
    for i in range(N):
        for par in range(2):
            first = True
            j = par
            while i + j < N:
                cc.mad(u, i + j, X[j], W[i], False, not first, True); first = False
                if i + j + 1 < N: cc.mad(u, i + j + 1, X[j], W[i], True, True, True)
                j += 2
    for i in range(N):
        bq = t[N + i]
        for par in range(2):
            first = True
            j = par
            while i + j < N:
                cc.mad(s, i + j, pl[j], bq, False, not first, True); first = False
                if i + j + 1 < N: cc.mad(s, i + j + 1, pl[j], bq, True, True, True)
                j += 2
    assert val(u) == (x * w) % (1 << B) and val(s) == (q * P) % (1 << B)
    r = (val(u) - val(s)) % (1 << B)
    assert r == x * w - q * P, "r is not the exact x*w - q*p"
    assert 0 <= r < 2 * P, "r not below 2p"
    if r >= P: r -= P
    return r

R = 1 << B
NEG_PINV = (-pow(P, -1, R)) % R
def factor(m):  # (canonical w, quotient) from Montgomery form m
    w = m * pow(R, -1, P) % P
    wq = m * NEG_PINV % R
    assert wq == (w << B) // P, "quotient derivation"
    return w, wq

rng = random.Random(12)
xs = [0, 1, P - 1, P, 2 * P - 1, P - 2, (1 << 254) - 1] + [val([M32] * N) % (2 * P)]
ws = [0, 1, P - 1, P - 2, (1 << 254) % P, 2]
for _ in range(3000):
    xs.append(rng.randrange(2 * P)); ws.append(rng.randrange(P))
# limb patterns: runs of all-ones / zeros
for k in range(N):
    xs.append(val([M32 if i >= k else 0 for i in range(N)]) % (2 * P))
    ws.append(val([M32 if i <= k else 0 for i in range(N)]) % P)
n = 0
for x in xs:
    for w in ws[:40]:
        m = w * R % P
        w2, wq = factor(m); assert w2 == w
        assert shoup_mul_model(x, w, wq) == x * w % P; n += 1
for x, w in zip(xs[8:], ws[6:]):
    w2, wq = factor(w * R % P)
    assert shoup_mul_model(x, w, wq) == x * w % P; n += 1
# worst case for the quotient: search x near 2p for the largest r before correction
print("ok", n, "products; -p^-1 mod 2^256 =", hex(NEG_PINV))
