#pragma once
// Quadratic extension Fp12 = Fp6[w]/(w² − v) over Fp6 = Fp2[v]/(v³ − ξ) (fp6.hpp), so
// w⁶ = ξ. Element c0 + c1·w. Generic over the Fp6 config: the same tower serves BLS12-381
// (ξ = 1 + u) and BN254 (ξ = 9 + u). Counts in Fp2 multiplications (M₂) / squarings (S₂).
#include <cstddef>

#include "cuzk/ff/fp6.hpp"

namespace cuzk::ff {

template <class Fp6Cfg>
struct Fp12 {
  using F6 = Fp6<Fp6Cfg>;
  using F2 = typename F6::Base;
  F6 c0, c1;

  constexpr Fp12() = default;
  constexpr Fp12(const F6& a, const F6& b) : c0(a), c1(b) {}
  static constexpr Fp12 zero() { return {}; }
  static constexpr Fp12 one() { return {F6::one(), F6::zero()}; }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }
  friend constexpr bool operator==(const Fp12& a, const Fp12& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  friend constexpr bool operator!=(const Fp12& a, const Fp12& b) { return !(a == b); }

  friend constexpr Fp12 operator+(const Fp12& a, const Fp12& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  friend constexpr Fp12 operator-(const Fp12& a, const Fp12& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  constexpr Fp12 operator-() const { return {-c0, -c1}; }
  constexpr Fp12& operator+=(const Fp12& b) { return *this = *this + b; }
  constexpr Fp12& operator-=(const Fp12& b) { return *this = *this - b; }

  // Karatsuba over Fp6: 3 Fp6 multiplications = 18M₂.
  friend constexpr Fp12 operator*(const Fp12& a, const Fp12& b) {
    F6 t0 = a.c0 * b.c0, t1 = a.c1 * b.c1;
    return {t0 + t1.mul_by_v(), (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1};
  }
  constexpr Fp12& operator*=(const Fp12& b) { return *this = *this * b; }

  // Complex squaring (Devegili et al. 2006 §3): (a0 + a1w)² = (a0+a1)(a0+v·a1) − t − v·t
  // + 2t·w with t = a0·a1. 2 Fp6 multiplications = 12M₂.
  constexpr Fp12 sqr() const {
    F6 t = c0 * c1;
    F6 s = (c0 + c1) * (c0 + c1.mul_by_v());
    return {s - t - t.mul_by_v(), t.dbl()};
  }

  // x^(p⁶): w^(p⁶) = −w. In the cyclotomic subgroup (norm 1 to Fp6) this is the inverse.
  constexpr Fp12 conj() const { return {c0, -c1}; }

  // 1/(a0 + a1w) = (a0 − a1w)/(a0² − v·a1²): 2 Fp6 squarings + 1 Fp6 inversion + 2 Fp6 M.
  constexpr Fp12 inverse() const {
    F6 d = (c0.sqr() - c1.sqr().mul_by_v()).inverse();
    return {c0 * d, -(c1 * d)};
  }

  // x ↦ x^(p^k): Frobenius on both Fp6 halves, then w^(p^k) = γ_k·w with
  // γ_k = ξ^((p^k−1)/6) (fp6.hpp, derived at compile time).
  constexpr Fp12 frobenius_map(std::size_t k) const {
    k %= 12;
    if (k == 0) return *this;
    return {c0.frobenius_map(k), c1.frobenius_map(k).mul_base(tower_gamma<Fp6Cfg>[k])};
  }

  // Sparse ×(l0 + l1·v + l4·v·w): the line shape of the BLS12 M-type twist (index 0, 1, 4
  // counting coefficients c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2). 13M₂ instead of 18M₂.
  constexpr Fp12 mul_by_014(const F2& l0, const F2& l1, const F2& l4) const {
    F6 aa = c0.mul_by_01(l0, l1);   // 5M₂
    F6 bb = c1.mul_by_1(l4);        // 3M₂
    F6 s = (c0 + c1).mul_by_01(l0, l1 + l4);  // 5M₂
    return {aa + bb.mul_by_v(), s - aa - bb};
  }

  // Sparse ×(l0 + l3·w + l4·v·w): the line shape of the D-type twist (BN254), indices as
  // above: l0 = c0.c0, l3 = c1.c0, l4 = c1.c1 (pairing/miller_steps.hpp). 13M₂.
  constexpr Fp12 mul_by_034(const F2& l0, const F2& l3, const F2& l4) const {
    F6 aa = c0.mul_base(l0);                  // 3M₂
    F6 bb = c1.mul_by_01(l3, l4);             // 5M₂
    F6 s = (c0 + c1).mul_by_01(l0 + l3, l4);  // 5M₂
    return {aa + bb.mul_by_v(), s - aa - bb};
  }

  // Squaring in the cyclotomic subgroup G_Φ6(p²) = {x : x^(p⁴−p²+1) = 1}, where every
  // value lands after the easy part (p⁶−1)(p²+1) of the final exponentiation: Granger & Scott,
  // "Faster Squaring in the Cyclotomic Subgroup of Sixth Degree Extensions" (PKC 2010)
  // §3.2, viewing Fp12 as Fp4³ with Fp4 = Fp2[w³]: 3 Fp4 squarings = 6S₂ (+ 3 ×ξ).
  // Wrong on elements outside the subgroup (the tests check it against sqr() on them).
  constexpr Fp12 cyclotomic_sqr() const {
    F2 z0 = c0.c0, z4 = c0.c1, z3 = c0.c2, z2 = c1.c0, z1 = c1.c1, z5 = c1.c2;
    F2 t0, t1;
    fp4_sqr(z0, z1, t0, t1);
    z0 = (t0 - z0).dbl() + t0;  // 3t0 − 2z0
    z1 = (t1 + z1).dbl() + t1;  // 3t1 + 2z1
    F2 t2, t3;
    fp4_sqr(z2, z3, t0, t1);
    fp4_sqr(z4, z5, t2, t3);
    z4 = (t0 - z4).dbl() + t0;
    z5 = (t1 + z5).dbl() + t1;
    t0 = Fp6Cfg::mul_by_xi(t3);
    z2 = (t0 + z2).dbl() + t0;
    z3 = (t2 - z3).dbl() + t2;
    return {F6(z0, z4, z3), F6(z2, z1, z5)};
  }

  template <std::size_t M>
  constexpr Fp12 pow(const Limbs<M>& e) const {
    Fp12 r = one();
    for (std::size_t i = bi::num_bits(e); i-- > 0;) {
      r = r.sqr();
      if (bi::bit(e, i)) r *= *this;
    }
    return r;
  }
  // Same, with cyclotomic squarings: only for elements of the cyclotomic subgroup.
  template <std::size_t M>
  constexpr Fp12 cyclotomic_pow(const Limbs<M>& e) const {
    Fp12 r = one();
    for (std::size_t i = bi::num_bits(e); i-- > 0;) {
      r = r.cyclotomic_sqr();
      if (bi::bit(e, i)) r *= *this;
    }
    return r;
  }

private:
  // (a + b·s)² in Fp4 = Fp2[s]/(s² − ξ): (a² + ξb²) + ((a+b)² − a² − b²)·s. 3S₂.
  static constexpr void fp4_sqr(const F2& a, const F2& b, F2& r0, F2& r1) {
    F2 t0 = a.sqr(), t1 = b.sqr();
    r0 = Fp6Cfg::mul_by_xi(t1) + t0;
    r1 = (a + b).sqr() - t0 - t1;
  }
};

}  // namespace cuzk::ff
