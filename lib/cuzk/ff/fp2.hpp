#pragma once
// Quadratic extension F[u]/(u² + 1) over a base field F with p ≡ 3 (mod 4), so −1 is a
// non-residue (BLS12-381 Fq2, also BN254 Fq2). Element c0 + c1·u.
// Operation counts in base-field multiplications (M) and squarings (S) are given per op.
#include "cuzk/ff/bigint.hpp"
#include "cuzk/util/hd.hpp"

namespace cuzk::ff {

template <class F>
struct Fp2 {
  using Base = F;
  F c0, c1;

  constexpr Fp2() = default;
  CUZK_HD constexpr Fp2(const F& a, const F& b) : c0(a), c1(b) {}
  CUZK_HD static constexpr Fp2 zero() { return {}; }
  CUZK_HD static constexpr Fp2 one() { return {F::one(), F::zero()}; }

  CUZK_HD constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero(); }
  CUZK_HD constexpr bool is_one() const { return c0.is_one() && c1.is_zero(); }
  CUZK_HD friend constexpr bool operator==(const Fp2& a, const Fp2& b) { return a.c0 == b.c0 && a.c1 == b.c1; }
  CUZK_HD friend constexpr bool operator!=(const Fp2& a, const Fp2& b) { return !(a == b); }

  CUZK_HD friend constexpr Fp2 operator+(const Fp2& a, const Fp2& b) { return {a.c0 + b.c0, a.c1 + b.c1}; }
  CUZK_HD friend constexpr Fp2 operator-(const Fp2& a, const Fp2& b) { return {a.c0 - b.c0, a.c1 - b.c1}; }
  CUZK_HD constexpr Fp2 operator-() const { return {-c0, -c1}; }
  CUZK_HD constexpr Fp2 dbl() const { return {c0.dbl(), c1.dbl()}; }
  CUZK_HD constexpr Fp2& operator+=(const Fp2& b) { return *this = *this + b; }
  CUZK_HD constexpr Fp2& operator-=(const Fp2& b) { return *this = *this - b; }

  // Karatsuba: 3M. (a0 + a1u)(b0 + b1u) = (a0b0 − a1b1) + ((a0+a1)(b0+b1) − a0b0 − a1b1)u
  CUZK_HD friend constexpr Fp2 operator*(const Fp2& a, const Fp2& b) {
    F t0 = a.c0 * b.c0, t1 = a.c1 * b.c1;
    F t2 = (a.c0 + a.c1) * (b.c0 + b.c1);
    return {t0 - t1, t2 - t0 - t1};
  }
  CUZK_HD constexpr Fp2& operator*=(const Fp2& b) { return *this = *this * b; }
  // Complex squaring: 2M. (a0 + a1u)² = (a0+a1)(a0−a1) + 2a0a1·u
  CUZK_HD constexpr Fp2 sqr() const {
    F t = c0 * c1;
    return {(c0 + c1) * (c0 - c1), t.dbl()};
  }
  CUZK_HD constexpr Fp2 mul_base(const F& s) const { return {c0 * s, c1 * s}; }
  CUZK_HD constexpr Fp2 conj() const { return {c0, -c1}; }
  // Frobenius x ↦ x^p is conjugation since u^p = −u for p ≡ 3 mod 4.
  CUZK_HD constexpr Fp2 frobenius() const { return conj(); }
  // ×(K + u) for a small K: (K·c0 − c1) + (c0 + K·c1)u, K·a by doublings and additions. 0M.
  // The sextic non-residue ξ of a tower config is such an element (tower.hpp): K = 1 for
  // BLS12-381 ((c0 − c1) + (c0 + c1)u: 2 additions), K = 9 for BN254 (8 additions).
  template <unsigned K>
  CUZK_HD constexpr Fp2 mul_by_k_plus_u() const {
    return {small_multiple<K>(c0) - c1, c0 + small_multiple<K>(c1)};
  }
  // K·a by the binary expansion of K, left to right (K = 1: a itself).
  template <unsigned K>
  CUZK_HD static constexpr F small_multiple(const F& a) {
    static_assert(K >= 1);
    unsigned top = K;
    while (top & (top - 1)) top &= top - 1;  // K's highest set bit
    F r = a;
    for (unsigned m = top >> 1; m; m >>= 1) {
      r = r.dbl();
      if (K & m) r += a;
    }
    return r;
  }
  CUZK_HD constexpr F norm() const { return c0.sqr() + c1.sqr(); }
  // 1/(a0 + a1u) = (a0 − a1u)/(a0² + a1²): 2M + 2S + one base inversion.
  CUZK_HD constexpr Fp2 inverse() const {
    F n = norm().inverse();
    return {c0 * n, -(c1 * n)};
  }

  template <std::size_t M>
  constexpr Fp2 pow(const Limbs<M>& e) const {
    Fp2 r = one();
    for (std::size_t i = bi::num_bits(e); i-- > 0;) {
      r = r.sqr();
      if (bi::bit(e, i)) r *= *this;
    }
    return r;
  }

  // Square root, Algorithm 9 of Adj & Rodríguez-Henríquez, "Square root computation over
  // even extension fields" (eprint 2012/685), for q = p ≡ 3 (mod 4). Returns false when
  // the element is a non-square.
  constexpr bool sqrt(Fp2& out) const {
    if (is_zero()) {
      out = zero();
      return true;
    }
    auto e1 = F::P;  // (p − 3)/4
    bi::sub(e1, bi::from_u64<F::N>(3));
    bi::shr1(e1);
    bi::shr1(e1);
    Fp2 a1 = pow(e1);
    Fp2 alpha = a1.sqr() * *this;
    Fp2 a0 = alpha.frobenius() * alpha;
    if (a0 == -one()) return false;
    Fp2 x0 = a1 * *this;
    Fp2 x;
    if (alpha == -one()) {
      x = Fp2{-x0.c1, x0.c0};  // u·x0
    } else {
      auto e2 = F::P;  // (p − 1)/2
      bi::sub(e2, bi::from_u64<F::N>(1));
      bi::shr1(e2);
      x = (alpha + one()).pow(e2) * x0;
    }
    if (x.sqr() != *this) return false;
    out = x;
    return true;
  }
  // Lexicographic order as the zcash encoding defines it: compare c1, then c0.
  bool lexicographically_largest() const {
    return !c1.is_zero() ? c1.lexicographically_largest() : c0.lexicographically_largest();
  }
};

}  // namespace cuzk::ff
