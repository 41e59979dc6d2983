#!/usr/bin/env python3
# Derives and checks the constants of lib/cuzk/ec/bls12_381_subgroup.hpp with exact integer
# arithmetic: beta (phi acts as [-x^2] on G1), the psi coefficients (psi acts as [x] on G2),
# and the cofactors' prime factors. Usage: python3 scripts/subgroup-constants.py
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
