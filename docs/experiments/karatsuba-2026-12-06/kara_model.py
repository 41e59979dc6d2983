# Model of field.cuh's device mul_n / mul_wide (Karatsuba) with PTX carry-flag semantics.
import random
M32 = (1 << 32) - 1
class CC:
    def __init__(s): s.c = 0
def mad_lo_cc(cc, a, b, acc, cin=False):
    v = ((a * b) & M32) + acc + (cc.c if cin else 0); cc.c = v >> 32; return v & M32
def mad_hi_cc(cc, a, b, acc, cin=True):
    v = ((a * b) >> 32) + acc + (cc.c if cin else 0); cc.c = v >> 32; return v & M32
def addc(cc, a, b, cin, cout=True):
    v = a + b + (cc.c if cin else 0)
    if cout: cc.c = v >> 32
    return v & M32
def subc(cc, a, b, bin_, bout=True):
    v = a - b - (cc.c if bin_ else 0)
    if bout: cc.c = 1 if v < 0 else 0
    return v & M32

def mul_n(M, a, b):
    t = [0] * (2 * M + 1); cc = CC()
    for i in range(M):
        bi = b[i]
        t[i] = mad_lo_cc(cc, a[0], bi, t[i]); t[i+1] = mad_hi_cc(cc, a[0], bi, t[i+1])
        for j in range(2, M, 2):
            t[i+j] = mad_lo_cc(cc, a[j], bi, t[i+j], True); t[i+j+1] = mad_hi_cc(cc, a[j], bi, t[i+j+1])
        t[i+M] = addc(cc, t[i+M], 0, True, False)
        t[i+1] = mad_lo_cc(cc, a[1], bi, t[i+1]); t[i+2] = mad_hi_cc(cc, a[1], bi, t[i+2])
        for j in range(3, M, 2):
            t[i+j] = mad_lo_cc(cc, a[j], bi, t[i+j], True); t[i+j+1] = mad_hi_cc(cc, a[j], bi, t[i+j+1])
        t[i+M+1] = addc(cc, t[i+M+1], 0, True, False)
    return t

def mul_wide(N, a, b):
    H = N // 2; cc = CC()
    sa = [0]*H; sb = [0]*H
    sa[0] = addc(cc, a[0], a[H], False)
    for i in range(1, H): sa[i] = addc(cc, a[i], a[H+i], True)
    ca = addc(cc, 0, 0, True, False)
    sb[0] = addc(cc, b[0], b[H], False)
    for i in range(1, H): sb[i] = addc(cc, b[i], b[H+i], True)
    cb = addc(cc, 0, 0, True, False)
    m = mul_n(H, sa, sb)
    assert m[2*H] == 0
    ma = (-ca) & M32; mb = (-cb) & M32
    m[H] = addc(cc, m[H], sb[0] & ma, False)
    for i in range(1, H): m[H+i] = addc(cc, m[H+i], sb[i] & ma, True)
    m[2*H] = addc(cc, m[2*H], ca & cb, True, False)
    m[H] = addc(cc, m[H], sa[0] & mb, False)
    for i in range(1, H): m[H+i] = addc(cc, m[H+i], sa[i] & mb, True)
    m[2*H] = addc(cc, m[2*H], 0, True, False)
    t = [0] * (2 * N + 1)
    z0 = mul_n(H, a[:H], b[:H]); t[0:2*H+1] = z0
    z2 = mul_n(H, a[H:], b[H:]); t[2*H:4*H+1] = z2   # overwrites t[2H] (z0's top limb, zero)
    m[0] = subc(cc, m[0], t[0], False)
    for i in range(1, 2*H): m[i] = subc(cc, m[i], t[i], True)
    m[2*H] = subc(cc, m[2*H], 0, True, False)
    m[0] = subc(cc, m[0], t[2*H], False)
    for i in range(1, 2*H): m[i] = subc(cc, m[i], t[2*H+i], True)
    m[2*H] = subc(cc, m[2*H], 0, True, False)
    t[H] = addc(cc, t[H], m[0], False)
    for i in range(1, 2*H+1): t[H+i] = addc(cc, t[H+i], m[i], True)
    for i in range(3*H+1, 2*N): t[i] = addc(cc, t[i], 0, True)
    return t

def limbs(x, n): return [(x >> (32*i)) & M32 for i in range(n)]
def val(l): return sum(v << (32*i) for i, v in enumerate(l))
p = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
N = 12
random.seed(1)
special = [0, 1, p-1, p, 2*p-1, (1 << 384) - 1 if False else 2*p - 2, M32, (1 << 192) - 1, ((1 << 192) - 1) << 192 & ((1<<384)-1)]
cases = 0
for it in range(200000):
    if it < len(special)**2:
        x, y = special[it // len(special)], special[it % len(special)]
    else:
        k = random.random()
        if k < 0.3:
            x, y = random.randrange(2*p), random.randrange(2*p)
        else:  # limbs of all-ones / zeros runs
            x = val([random.choice([0, M32, random.getrandbits(32)]) for _ in range(N)]) % (2*p)
            y = val([random.choice([0, M32, random.getrandbits(32)]) for _ in range(N)]) % (2*p)
    t = mul_wide(N, limbs(x, N), limbs(y, N))
    assert val(t) == x * y and t[2*N] == 0, (hex(x), hex(y))
    t2 = mul_n(N, limbs(x, N), limbs(y, N))
    assert val(t2) == x * y
    cases += 1
print("ok", cases)
