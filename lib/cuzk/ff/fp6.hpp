#pragma once
// Cubic extension Fp6 = Fp2[v]/(v³ − ξ) over a quadratic extension Fp2 of a prime field,
// parameterised by a config type:
//
//   struct MyFp6Cfg {
//     using Base = ff::Fp2<Fq>;                          // the quadratic extension
//     static constexpr Base xi() { ... }                 // ξ, a non-cube (and non-square)
//     static constexpr Base mul_by_xi(const Base& a);    // a·ξ, ideally cheap (ξ = K + u: 0M)
//   };
//
// BLS12-381 uses ξ = 1 + u, BN254 ξ = 9 + u: ff::SexticTowerCfg<Fq, K> (tower.hpp).
// Element c0 + c1·v + c2·v². Counts in Fp2 multiplications (M₂) and squarings (S₂);
// additions and multiplications by ξ are not counted.
//
// Frobenius coefficients are derived, never pasted: γ_k = ξ^((p^k − 1)/6) (k = 0..11) from
// one exponentiation γ_1 = ξ^((p−1)/6) and γ_k = γ_1 · γ_(k−1)^p, since
// (p^k − 1)/6 = (p − 1)/6 · (1 + p + … + p^(k−1)). Then (v^i)^(p^k) = v^i · γ_k^(2i)
// (v = w², w⁶ = ξ), and Fp12 uses γ_k itself for w^(p^k) = w·γ_k. Checked by static_assert
// (γ_1⁶·ξ = ξ^p) and by the tests (Frobenius^k against pow(p^k) on random elements).
#include <array>
#include <cstddef>

#include "cuzk/ff/bigint.hpp"

namespace cuzk::ff {

namespace detail {
// ξ^((p^k − 1)/6) for k = 0..11, p the characteristic of Cfg::Base.
template <class Cfg>
constexpr std::array<typename Cfg::Base, 12> tower_gammas() {
  using F2 = typename Cfg::Base;
  using F = typename F2::Base;
  auto e = F::P;
  bi::sub(e, bi::from_u64<F::N>(1));
  u64 rem = 1;
  e = bi::div_small(e, 6, rem);
  if (rem != 0) throw "p must be 1 mod 6 for a sextic tower";
  std::array<F2, 12> g{};
  g[0] = F2::one();
  g[1] = Cfg::xi().pow(e);
  for (std::size_t k = 2; k < 12; ++k) g[k] = g[1] * g[k - 1].frobenius();
  return g;
}
}  // namespace detail

// γ_k = ξ^((p^k − 1)/6), computed at compile time.
template <class Cfg>
inline constexpr std::array<typename Cfg::Base, 12> tower_gamma = detail::tower_gammas<Cfg>();

template <class Cfg>
struct Fp6 {
  using Base = typename Cfg::Base;
  using Config = Cfg;
  Base c0, c1, c2;

  constexpr Fp6() = default;
  constexpr Fp6(const Base& a, const Base& b, const Base& c) : c0(a), c1(b), c2(c) {}
  static constexpr Fp6 zero() { return {}; }
  static constexpr Fp6 one() { return {Base::one(), Base::zero(), Base::zero()}; }

  constexpr bool is_zero() const { return c0.is_zero() && c1.is_zero() && c2.is_zero(); }
  constexpr bool is_one() const { return c0.is_one() && c1.is_zero() && c2.is_zero(); }
  friend constexpr bool operator==(const Fp6& a, const Fp6& b) { return a.c0 == b.c0 && a.c1 == b.c1 && a.c2 == b.c2; }
  friend constexpr bool operator!=(const Fp6& a, const Fp6& b) { return !(a == b); }

  friend constexpr Fp6 operator+(const Fp6& a, const Fp6& b) { return {a.c0 + b.c0, a.c1 + b.c1, a.c2 + b.c2}; }
  friend constexpr Fp6 operator-(const Fp6& a, const Fp6& b) { return {a.c0 - b.c0, a.c1 - b.c1, a.c2 - b.c2}; }
  constexpr Fp6 operator-() const { return {-c0, -c1, -c2}; }
  constexpr Fp6 dbl() const { return {c0.dbl(), c1.dbl(), c2.dbl()}; }
  constexpr Fp6& operator+=(const Fp6& b) { return *this = *this + b; }
  constexpr Fp6& operator-=(const Fp6& b) { return *this = *this - b; }

  // Karatsuba, Devegili, Ó hÉigeartaigh, Scott, Dahab, "Multiplication and Squaring on
  // Pairing-Friendly Fields" (eprint 2006/471) §4: 6M₂.
  friend constexpr Fp6 operator*(const Fp6& a, const Fp6& b) {
    Base t0 = a.c0 * b.c0, t1 = a.c1 * b.c1, t2 = a.c2 * b.c2;
    Base r0 = Cfg::mul_by_xi((a.c1 + a.c2) * (b.c1 + b.c2) - t1 - t2) + t0;
    Base r1 = (a.c0 + a.c1) * (b.c0 + b.c1) - t0 - t1 + Cfg::mul_by_xi(t2);
    Base r2 = (a.c0 + a.c2) * (b.c0 + b.c2) - t0 - t2 + t1;
    return {r0, r1, r2};
  }
  constexpr Fp6& operator*=(const Fp6& b) { return *this = *this * b; }

  // CH-SQR2, Chung & Hasan, "Asymmetric squaring formulae" (ARITH 2007), as in Devegili
  // et al. 2006 §4: 2M₂ + 3S₂.
  constexpr Fp6 sqr() const {
    Base s0 = c0.sqr(), s1 = (c0 * c1).dbl(), s2 = (c0 - c1 + c2).sqr();
    Base s3 = (c1 * c2).dbl(), s4 = c2.sqr();
    return {s0 + Cfg::mul_by_xi(s3), s1 + Cfg::mul_by_xi(s4), s1 + s2 + s3 - s0 - s4};
  }

  // ×v (the Fp12 non-residue): (c0 + c1v + c2v²)·v = ξc2 + c0·v + c1·v². 0M₂.
  constexpr Fp6 mul_by_v() const { return {Cfg::mul_by_xi(c2), c0, c1}; }
  // ×s for s ∈ Fp2: 3M₂.
  constexpr Fp6 mul_base(const Base& s) const { return {c0 * s, c1 * s, c2 * s}; }

  // Sparse ×(b0 + b1·v) (the "01" line shape): 5M₂.
  constexpr Fp6 mul_by_01(const Base& b0, const Base& b1) const {
    Base t0 = c0 * b0, t1 = c1 * b1;
    return {Cfg::mul_by_xi((c1 + c2) * b1 - t1) + t0,  // a0b0 + ξ a2b1
            (c0 + c1) * (b0 + b1) - t0 - t1,           // a0b1 + a1b0
            (c0 + c2) * b0 - t0 + t1};                 // a2b0 + a1b1
  }
  // Sparse ×(b1·v): 3M₂.
  constexpr Fp6 mul_by_1(const Base& b1) const { return {Cfg::mul_by_xi(c2 * b1), c0 * b1, c1 * b1}; }

  // Norm-based inversion (Scott, "Implementing cryptographic pairings", 2007; Guide to
  // Pairing-Based Cryptography Alg. 5.23): 9M₂ + 3S₂ + one Fp2 inversion.
  constexpr Fp6 inverse() const {
    Base t0 = c0.sqr() - Cfg::mul_by_xi(c1 * c2);
    Base t1 = Cfg::mul_by_xi(c2.sqr()) - c0 * c1;
    Base t2 = c1.sqr() - c0 * c2;
    Base d = c0 * t0 + Cfg::mul_by_xi(c2 * t1 + c1 * t2);
    Base di = d.inverse();
    return {t0 * di, t1 * di, t2 * di};
  }

  // x ↦ x^(p^k), k ≥ 0 (taken mod 6): conjugate the coefficients k times and scale v, v²
  // by γ_k², γ_k⁴ (see header). 4M₂ (0 for k ≡ 0 mod 6).
  constexpr Fp6 frobenius_map(std::size_t k) const {
    k %= 6;
    if (k == 0) return *this;
    const Base& g = tower_gamma<Cfg>[k];
    Base g2 = g.sqr();
    Base a0 = c0, a1 = c1, a2 = c2;
    if (k & 1) {
      a0 = a0.frobenius();
      a1 = a1.frobenius();
      a2 = a2.frobenius();
    }
    return {a0, a1 * g2, a2 * g2.sqr()};
  }

  template <std::size_t M>
  constexpr Fp6 pow(const Limbs<M>& e) const {
    Fp6 r = one();
    for (std::size_t i = bi::num_bits(e); i-- > 0;) {
      r = r.sqr();
      if (bi::bit(e, i)) r *= *this;
    }
    return r;
  }
};

}  // namespace cuzk::ff
