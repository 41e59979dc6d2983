#pragma once
// The tower configuration both pairing-friendly curves use (fp6.hpp, fp12.hpp):
//   Fq2  = Fq[u]/(u² + 1)
//   Fq6  = Fq2[v]/(v³ − ξ),  ξ = K + u  (K = 1 for BLS12-381, K = 9 for BN254)
//   Fq12 = Fq6[w]/(w² − v)
// ξ is the one parameter; ×ξ costs additions only (Fp2::mul_by_k_plus_u), the Frobenius
// coefficients are derived from it at compile time (fp6.hpp), and check_tower() states the
// conditions the construction needs.
#include "cuzk/ff/fp12.hpp"
#include "cuzk/ff/fp2.hpp"
#include "cuzk/ff/fp6.hpp"

namespace cuzk::ff {

template <class Fq, unsigned K>
struct SexticTowerCfg {
  using Base = Fp2<Fq>;
  static constexpr unsigned XI_C0 = K;
  static constexpr Base xi() { return Base(Fq::from_u64(K), Fq::one()); }  // K + u
  CUZK_HD static constexpr Base mul_by_xi(const Base& a) { return a.template mul_by_k_plus_u<K>(); }
};

// The facts the tower rests on, for static_assert in each curve's tower header:
//   · ×ξ by additions equals the product with ξ;
//   · ξ is neither a square nor a cube in Fq2 (so v³ − ξ and w² − v are irreducible):
//     ξ^((p²−1)/2) ≠ 1 and ξ^((p²−1)/3) ≠ 1 (p² − 1 is the order of Fq2*);
//   · γ_1 = ξ^((p−1)/6) satisfies γ_1⁶·ξ = ξ^p (γ_1⁶ = ξ^(p−1));
//   · γ_12 = γ_1·γ_11^p = 1 closes the cycle; γ_2 lies in Fq (p ≡ 1 mod 6).
template <class Cfg>
constexpr bool check_tower() {
  using F2 = typename Cfg::Base;
  using F = typename F2::Base;
  const F2 probe(F::from_u64(3), F::from_u64(5));
  if (Cfg::mul_by_xi(probe) != probe * Cfg::xi()) return false;
  Limbs<2 * F::N> q = bi::mul(bi::resize<2 * F::N>(F::P), bi::resize<2 * F::N>(F::P));
  bi::sub(q, bi::from_u64<2 * F::N>(1));
  u64 rem = 1;
  const auto q2 = bi::div_small(q, 2, rem);
  const auto q3 = bi::div_small(q, 3, rem);
  if (rem != 0 || Cfg::xi().pow(q2).is_one() || Cfg::xi().pow(q3).is_one()) return false;
  const auto& g = tower_gamma<Cfg>;
  if (g[1].sqr().sqr() * g[1].sqr() * Cfg::xi() != Cfg::xi().frobenius()) return false;
  if (g[1] * g[11].frobenius() != F2::one()) return false;
  return g[2].c1.is_zero();
}

}  // namespace cuzk::ff
