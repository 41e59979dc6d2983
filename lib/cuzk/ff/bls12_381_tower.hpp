#pragma once
// BLS12-381 extension tower (the one zkcrypto bls12_381, blst, noble and ffjavascript use):
//   Fq2  = Fq[u]/(u² + 1)                (fp2.hpp, bls12_381_fq2.hpp)
//   Fq6  = Fq2[v]/(v³ − ξ), ξ = 1 + u     (fp6.hpp)
//   Fq12 = Fq6[w]/(w² − v)                (fp12.hpp)
// Only the parameter ξ is stated; the Frobenius coefficients are derived from it.
#include "cuzk/ff/bls12_381_fq2.hpp"
#include "cuzk/ff/fp12.hpp"
#include "cuzk/ff/fp6.hpp"

namespace cuzk::bls12_381 {

struct Fq6Cfg {
  using Base = Fq2;
  static constexpr Fq2 xi() { return Fq2(Fq::one(), Fq::one()); }  // 1 + u
  static constexpr Fq2 mul_by_xi(const Fq2& a) { return a.mul_by_xi(); }
};

using Fq6 = ff::Fp6<Fq6Cfg>;
using Fq12 = ff::Fp12<Fq6Cfg>;

// The twist of G2 (ec/bls12_381_curves.hpp) checks its b' = 4ξ with Fq2::mul_by_xi, the map used here.
static_assert(Fq6Cfg::mul_by_xi(Fq2(Fq::from_u64(3), Fq::from_u64(5))) == Fq2(Fq::from_u64(3), Fq::from_u64(5)) * Fq6Cfg::xi());
// γ_1 = ξ^((p−1)/6) satisfies γ_1⁶ = ξ^(p−1), i.e. γ_1⁶·ξ = ξ^p = conj(ξ).
static_assert(ff::tower_gamma<Fq6Cfg>[1].sqr().sqr() * ff::tower_gamma<Fq6Cfg>[1].sqr() * Fq6Cfg::xi() ==
                  Fq6Cfg::xi().frobenius(),
              "Frobenius coefficient gamma_1 must be a sixth root of xi^(p-1)");
// w^(p^12) = w: γ_12 = 1 closes the cycle (γ_12 = γ_1·γ_11^p).
static_assert(ff::tower_gamma<Fq6Cfg>[1] * ff::tower_gamma<Fq6Cfg>[11].frobenius() == Fq2::one(),
              "gamma_12 must be 1");
// γ_2 lies in Fq (for p ≡ 1 mod 6, ξ^((p²−1)/6) = N(ξ)^((p−1)/6)).
static_assert(ff::tower_gamma<Fq6Cfg>[2].c1.is_zero(), "gamma_2 must lie in Fq");

}  // namespace cuzk::bls12_381
