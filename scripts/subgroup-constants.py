#!/usr/bin/env python3
# Derives and checks the subgroup-test constants with exact integer arithmetic.
# BLS12-381 (lib/cuzk/ec/bls12_381_subgroup.hpp): beta (phi acts as [-x^2] on G1), the psi
# coefficients (psi acts as [x] on G2), and the cofactors' prime factors.
# BN254 (lib/cuzk/ec/bn254_subgroup.hpp), the section at the end.
# Usage: python3 scripts/subgroup-constants.py
p=0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab
X=0xd201000000010000; x=-X
r=x**4-x**2+1
# Fp2 as tuples (a,b) = a + b u, u^2 = -1
def m2(a,b): return ((a[0]*b[0]-a[1]*b[1])%p, (a[0]*b[1]+a[1]*b[0])%p)
def add2(a,b): return ((a[0]+b[0])%p,(a[1]+b[1])%p)
def sub2(a,b): return ((a[0]-b[0])%p,(a[1]-b[1])%p)
def inv2(a):
    n=(a[0]*a[0]+a[1]*a[1])%p; ni=pow(n,p-2,p); return (a[0]*ni%p, (-a[1])*ni%p)
def pow2(a,e):
    r_=(1,0)
    while e:
        if e&1: r_=m2(r_,a)
        a=m2(a,a); e>>=1
    return r_
class F1:
    zero=0; one=1
    mul=staticmethod(lambda a,b:a*b%p); add=staticmethod(lambda a,b:(a+b)%p); sub=staticmethod(lambda a,b:(a-b)%p)
    inv=staticmethod(lambda a:pow(a,p-2,p))
class F2:
    zero=(0,0); one=(1,0)
    mul=staticmethod(m2); add=staticmethod(add2); sub=staticmethod(sub2); inv=staticmethod(inv2)
def ec_add(F,P,Q):
    if P is None: return Q
    if Q is None: return P
    if P[0]==Q[0]:
        if P[1]==F.sub(F.zero,Q[1]) : return None
        lam=F.mul(F.mul(F.mul(P[0],P[0]), (3,0) if F is F2 else 3), F.inv(F.add(P[1],P[1])))
    else:
        lam=F.mul(F.sub(Q[1],P[1]),F.inv(F.sub(Q[0],P[0])))
    x3=F.sub(F.sub(F.mul(lam,lam),P[0]),Q[0]); y3=F.sub(F.mul(lam,F.sub(P[0],x3)),P[1]); return (x3,y3)
def ec_mul(F,P,k):
    neg = k<0; k=abs(k); R=None; A=P
    while k:
        if k&1: R=ec_add(F,R,A)
        A=ec_add(F,A,A); k>>=1
    if neg and R is not None: R=(R[0],F.sub(F.zero,R[1]))
    return R
G1=(0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb,
    0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1)
G2=((0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8,
     0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e),
    (0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801,
     0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be))
assert ec_mul(F1,G1,r) is None and ec_mul(F2,G2,r) is None
g=2
while pow(g,(p-1)//3,p)==1: g+=1
b1=pow(g,(p-1)//3,p); cands=[b1, b1*b1%p]
t=ec_mul(F1,G1,-x*x)
beta=[b for b in cands if (b*G1[0]%p, G1[1])==t]
print("beta", [hex(b) for b in beta])
xi=(1,1)
cx=inv2(pow2(xi,(p-1)//3)); cy=inv2(pow2(xi,(p-1)//2))
def psi(P): return (m2((P[0][0],(-P[0][1])%p),cx), m2((P[1][0],(-P[1][1])%p),cy))
print("psi(G2)==[x]G2", psi(G2)==ec_mul(F2,G2,x))
print("cx", hex(cx[0]), hex(cx[1])); print("cy", hex(cy[0]), hex(cy[1]))
# The cofactors and their prime factors (tests/core/test_subgroup_endo.cpp uses them).
h1 = (x - 1) ** 2 // 3
h2 = (x**8 - 4 * x**7 + 5 * x**6 - 4 * x**4 + 6 * x**3 - 4 * x**2 - 4 * x + 13) // 9
def small_factors(n, bound=10**8):
    f, d = [], 2
    while d < bound and d * d <= n:
        while n % d == 0:
            f.append(d); n //= d
        d += 1
    return f, n
for name, h, order_field in (("h1", h1, p - 1), ("h2", h2, p * p - 1)):
    f, rest = small_factors(h)
    print(name, hex(h), "=", " * ".join(map(str, f)), "*", hex(rest) if rest > 1 else "1")
    for l in sorted(set(f + ([rest] if rest > 1 else []))):
        print(f"  prime {l}: E[{l}] may be Z/l x Z/l (l | field order - 1): {order_field % l == 0}")

# ---- BN254 (circom/snarkjs "bn128") -------------------------------------------------------
# The helpers above read the global p, so rebinding it switches them to BN254's Fq.
# Seed u (Barreto, Naehrig, "Pairing-friendly elliptic curves of prime order", SAC 2005, with
# the u of Ethereum's EIP-196/197); G1: y^2 = x^3 + 3, cofactor 1; G2 on the D-type twist
# y^2 = x^3 + 3/xi, xi = 9 + u. psi = twist o Frobenius o untwist, (x, y) -> (conj(x) cx,
# conj(y) cy) with cx = xi^((p-1)/3), cy = xi^((p-1)/2), acts as [p] = [6u^2] on G2.
# Membership (El Housni, Guillevic, Piellard, "Co-factor clearing and subgroup membership
# testing on pairing-friendly curves", AFRICACRYPT 2022, eprint 2022/352, BN case):
#   Q in G2  <=>  [u+1]Q + psi([u]Q) + psi^2([u]Q) = psi^3([2u]Q).
# Checked here: the polynomial vanishes at psi's eigenvalue mod r, the test passes on G2 and
# fails on random points of E'(Fq2) and on points of each prime order dividing h2 = 2p - r.
print("\n# BN254")
u = 0x44e992b44a6909f1
p = 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1
r = 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1
t = 6 * u * u + 1
assert p + 1 - t == r  # prime-order G1: #E(Fq) = r
print("p", hex(p)); print("r", hex(r))
xi = (9, 1)
assert pow(xi[0] ** 2 + xi[1] ** 2, (p - 1) // 2, p) == p - 1  # xi non-square in Fq2 (norm non-square)
assert pow2(xi, (p * p - 1) // 3) != (1, 0)                    # ... and non-cube
b2 = m2((3, 0), inv2(xi))
print("b' = 3/xi", hex(b2[0]), hex(b2[1]))
G1 = (1, 2)
G2 = ((10857046999023057135944570762232829481370756359578518086990519993285655852781,
       11559732032986387107991004021392285783925812861821192530917403151452391805634),
      (8495653923123431417604973247489272438418190587263600148770280649306958101930,
       4082367875863433681332203403145435568316851327593401208105741076214120093531))
def on2(P): return m2(P[1], P[1]) == add2(m2(m2(P[0], P[0]), P[0]), b2)
assert on2(G2) and (G1[1] ** 2 - G1[0] ** 3 - 3) % p == 0
assert ec_mul(F1, G1, r) is None and ec_mul(F2, G2, r) is None
h2 = 2 * p - r
cx = pow2(xi, (p - 1) // 3); cy = pow2(xi, (p - 1) // 2)
print("cx", hex(cx[0]), hex(cx[1])); print("cy", hex(cy[0]), hex(cy[1]))
def psi(P): return None if P is None else (m2((P[0][0], (-P[0][1]) % p), cx), m2((P[1][0], (-P[1][1]) % p), cy))
assert psi(G2) == ec_mul(F2, G2, p % r) == ec_mul(F2, G2, 6 * u * u)
lam = p % r
assert ((u + 1) + u * lam + u * lam**2 - 2 * u * lam**3) % r == 0
def g2_test(Q):
    uq = ec_mul(F2, Q, u)
    lhs = ec_add(F2, ec_add(F2, ec_mul(F2, Q, u + 1), psi(uq)), psi(psi(uq)))
    return lhs == psi(psi(psi(ec_mul(F2, Q, 2 * u))))
def random_twist_point(seed):
    x0 = seed
    while True:
        x = (x0, 1); rhs = add2(m2(m2(x, x), x), b2)
        n = (rhs[0] ** 2 + rhs[1] ** 2) % p
        if pow(n, (p - 1) // 2, p) == 1:  # a square in Fq2: find its root by (p^2+7)/16-free way
            y = sqrt2(rhs)
            if y is not None: return (x, y)
        x0 += 1
def sqrt2(a):  # p = 3 mod 4: Adj, Rodriguez-Henriquez 2012/685 Alg. 9
    a1 = pow2(a, (p - 3) // 4); alpha = m2(m2(a1, a1), a); x0 = m2(a1, a)
    if alpha == (p - 1, 0): y = ((-x0[1]) % p, x0[0])
    else: y = m2(pow2(add2(alpha, (1, 0)), (p - 1) // 2), x0)
    return y if m2(y, y) == a else None
assert g2_test(G2) and g2_test(ec_mul(F2, G2, 12345))
h2f = [10069, 5864401, 1875725156269, 197620364512881247228717050342013327560683201906968909]
prod = 1
for f in h2f: prod *= f
assert prod == h2
print("h2", h2, "=", " * ".join(map(str, h2f)))
for k in range(3):
    Q = random_twist_point(5 + 1000 * k)
    assert not g2_test(Q), "a random twist point passed"
    for l in h2f:
        T = ec_mul(F2, Q, h2 * r // l)
        if T is None: continue
        assert ec_mul(F2, T, l) is None and not g2_test(T) and not g2_test(ec_add(F2, T, G2))
    print("G2 test rejects random point", k, "and its torsion parts: ok")
for l in h2f: print(f"  prime {l}: E'[{l}] may be Z/l x Z/l (l | p^2 - 1): {(p * p - 1) % l == 0}")
