#pragma once
// The curve-independent part of an optimal ate Miller loop over a sextic twist (BLS12-381,
// BN254): the doubling and addition steps of T ∈ E'(Fq2) in homogeneous projective
// coordinates with the line through T evaluated at P ∈ E(Fq), and its sparse product into f.
// Operation counts in Fq2 multiplications (M₂), squarings (S₂) and Fq2×Fq products (m).
//
// Line placement. Untwisting E' → E maps (x', y') to (x'·w², y'·w³) for a D-type twist
// (b' = b/ξ, BN254) and to (x'/w², y'/w³) for an M-type twist (b' = b·ξ, BLS12-381), w⁶ = ξ.
// The line through T (slope λ' on E') evaluated at P, times a denominator in Fq2 and, for
// the M-type, times w³ (subfield factors the final exponentiation removes), is
//   ℓ = cy·y_P + cx·x_P·w^a + c·w³,    D-type: a = 1,   M-type: ℓ' = c + cx·x_P·w² + cy·y_P·w³
// so with Fq12 = c0 + c1·w, c_i = c_i0 + c_i1·v + c_i2·v² (v = w²):
//   D-type: cy·y_P → c0.c0, cx·x_P → c1.c0, c → c1.c1   (Fp12::mul_by_034)
//   M-type: c → c0.c0, cx·x_P → c0.c1, cy·y_P → c1.c1   (Fp12::mul_by_014)
// The coefficients (c, cx·x_P, cy·y_P) are the same for both twists.
#include "cuzk/ff/bigint.hpp"
#include "cuzk/ff/fp2.hpp"

namespace cuzk::pairing {

enum class Twist { D, M };

// a/2 in a prime field: halving is linear, so it works on the Montgomery representation
// directly: (a + (a odd ? p : 0)) >> 1. p < 2^(64N−1), so the sum fits in N limbs + carry.
template <class F>
F halve(const F& a) {
  F r = a;
  ff::u64 mask = 0 - (a.v[0] & 1), c = 0;
  for (std::size_t i = 0; i < F::N; ++i) {
    ff::u128 t = ff::u128(r.v[i]) + (F::P[i] & mask) + c;
    r.v[i] = ff::u64(t);
    c = ff::u64(t >> 64);
  }
  for (std::size_t i = 0; i < F::N; ++i) r.v[i] = (r.v[i] >> 1) | (i + 1 < F::N ? r.v[i + 1] << 63 : c << 63);
  return r;
}
template <class F>
ff::Fp2<F> halve(const ff::Fp2<F>& a) {
  return {halve(a.c0), halve(a.c1)};
}

// T ∈ E'(Fq2) in homogeneous projective coordinates: (X : Y : Z) ↦ (X/Z, Y/Z).
template <class F2>
struct G2Proj {
  F2 X, Y, Z;
};

// ℓ = c + x·(x_P term) + y·(y_P term), the x_P and y_P factors already applied.
template <class F2>
struct Line {
  F2 c, x, y;
};

// Doubling step, Aranha, Karabina, Longa, Gebotys, López, "Faster explicit formulas for
// computing pairings over ordinary curves" (Eurocrypt 2011, eprint 2010/526) eq. (10),
// based on Costello, Lange, Naehrig, "Faster pairing computations on curves with
// high-degree twists" (PKC 2010):
//   A = XY/2, B = Y², C = Z², E = 3b'·C, F = 3E, G = (B+F)/2, H = (Y+Z)² − (B+C)
//   X3 = A(B − F), Y3 = G² − 3E², Z3 = B·H
//   line: c = E − B, x = 3X²·x_P, y = −H·y_P
// 2M₂ + 7S₂ (+ 1M₂ for 3b'·C) + 4m.
template <class F2, class F>
Line<F2> dbl_step(G2Proj<F2>& t, const F2& three_b, const F& xp, const F& yp) {
  F2 A = halve(t.X * t.Y), B = t.Y.sqr(), C = t.Z.sqr();
  F2 E = three_b * C, Fv = E.dbl() + E, G = halve(B + Fv);
  F2 H = (t.Y + t.Z).sqr() - (B + C);
  F2 X2 = t.X.sqr(), E2 = E.sqr();
  Line<F2> l{E - B, (X2.dbl() + X2).mul_base(xp), (-H).mul_base(yp)};
  t.X = A * (B - Fv);
  t.Y = G.sqr() - (E2.dbl() + E2);
  t.Z = B * H;
  return l;
}

// Mixed addition step T + Q, Q = (x_Q, y_Q) affine (Aranha et al. 2011 eq. (12)):
//   θ = Y − y_Q·Z, λ = X − x_Q·Z, C = θ², D = λ², E = λ·D, F = Z·C, G = X·D,
//   H = E + F − 2G, X3 = λH, Y3 = θ(G − H) − Y·E, Z3 = Z·E
//   line: c = θ·x_Q − λ·y_Q, x = −θ·x_P, y = λ·y_P
// 11M₂ + 2S₂ + 4m.
template <class F2, class F>
Line<F2> add_step(G2Proj<F2>& t, const F2& xq, const F2& yq, const F& xp, const F& yp) {
  F2 theta = t.Y - yq * t.Z, lambda = t.X - xq * t.Z;
  F2 C = theta.sqr(), D = lambda.sqr(), E = lambda * D, Fv = t.Z * C, G = t.X * D;
  F2 H = E + Fv - G.dbl();
  Line<F2> l{theta * xq - lambda * yq, (-theta).mul_base(xp), lambda.mul_base(yp)};
  t.X = lambda * H;
  t.Y = theta * (G - H) - t.Y * E;
  t.Z = t.Z * E;
  return l;
}

// f ← f·ℓ with the twist's placement (see above): 13M₂.
template <Twist T, class F12, class F2>
inline void mul_line(F12& f, const Line<F2>& l) {
  if constexpr (T == Twist::M)
    f = f.mul_by_014(l.c, l.x, l.y);
  else
    f = f.mul_by_034(l.y, l.x, l.c);
}

}  // namespace cuzk::pairing
