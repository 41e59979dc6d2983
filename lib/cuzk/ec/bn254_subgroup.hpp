#pragma once
// Prime-order subgroup membership on BN254, exact (no probability).
//   G1: the whole curve E(Fq) has prime order r (cofactor 1): every point on the curve is in
//       G1, so the test is the curve equation the decoders check already.
//   G2: E'(Fq2) has order h2·r, h2 = 2p − r = 10069 · 5864401 · 1875725156269 · (a 177-bit
//       prime). Test of El Housni, Guillevic, Piellard, "Co-factor clearing and subgroup
//       membership testing on pairing-friendly curves" (AFRICACRYPT 2022, ePrint 2022/352),
//       BN case:   Q ∈ G2  ⇔  [u+1]Q + ψ([u]Q) + ψ²([u]Q) = ψ³([2u]Q),
//       ψ = twist ∘ Frobenius ∘ untwist, for the D-type twist ψ(x, y) = (x̄·cx, ȳ·cy) with
//       cx = ξ^((p−1)/3), cy = ξ^((p−1)/2) (bar: conjugation = Frobenius on Fq2); ψ acts as
//       [p] = [6u²] on G2, and (u+1) + u·λ + u·λ² − 2u·λ³ ≡ 0 (mod r) for λ = p mod r.
//       Cost: one 63-bit ladder [u]Q (62 doublings + 27 additions over Fq2) + 1 doubling +
//       3 additions + 6 ψ (4M₂ each; ψ works on Jacobian points unchanged: Z ↦ Z̄), against
//       254 doublings + ~127 additions for [r]Q.
// The constants are derived here at compile time and checked against the values printed by
// scripts/subgroup-constants.py (which also checks ψ(G2) = [p]G2, the polynomial mod r, and
// rejection of points of each prime order dividing h2); tests/core/test_subgroup_bn254.cpp
// checks the test against [r]Q = O on random twist points and points of every order ℓ | h2.
// Callers check that Q is on its curve first (every point decoder does).
#include "cuzk/ec/bn254_curves.hpp"

namespace cuzk::bn254 {

namespace subgroup_detail {

// ξ^((p−1)/k) for k = 3, 2, ξ = 9 + u.
constexpr Fq2 xi_pow_p_minus_1_over(ff::u64 k) {
  Limbs<4> e = Fq::P;
  bi::sub(e, bi::from_u64<4>(1));
  ff::u64 rem = 1;
  e = bi::div_small(e, k, rem);
  if (rem != 0) throw "k must divide p - 1";
  return Fq2(Fq::from_u64(XI_K), Fq::one()).pow(e);
}
inline constexpr Fq2 kPsiX = xi_pow_p_minus_1_over(3);
inline constexpr Fq2 kPsiY = xi_pow_p_minus_1_over(2);
// As printed by scripts/subgroup-constants.py (cx, cy):
static_assert(kPsiX == Fq2(Fq::from_canonical(bi::from_hex<4>("0x2fb347984f7911f74c0bec3cf559b143b78cc310c2c3330c99e39557176f553d")),
                           Fq::from_canonical(bi::from_hex<4>("0x16c9e55061ebae204ba4cc8bd75a079432ae2a1d0b7c9dce1665d51c640fcba2"))));
static_assert(kPsiY == Fq2(Fq::from_canonical(bi::from_hex<4>("0x063cf305489af5dcdc5ec698b6e2f9b9dbaae0eda9c95998dc54014671a0135a")),
                           Fq::from_canonical(bi::from_hex<4>("0x07c03cbcac41049a0704b5a7ec796f2b21807dc98fa25bd282d37f632623b0e3"))));

// β: the primitive cube root of unity in Fq for which φ(x, y) = (β·x, y) acts on G1 as [λ],
// λ = 36u³ + 18u² + 6u + 1 (λ² + λ + 1 ≡ 0 mod r); the other root, β², acts as [λ²]. From
// scripts/subgroup-constants.py; tests/core/test_subgroup_bn254.cpp checks φ(P) = [λ]P.
inline constexpr Fq kBeta = Fq::from_canonical(bi::from_hex<4>("0x59e26bcea0d48bacd4f263f1acdb5c4f5763473177fffffe"));
static_assert(kBeta != Fq::one() && kBeta * kBeta * kBeta == Fq::one(), "beta is a primitive cube root of unity");

// [u]P by double-and-add over the 63 bits of u (MSB first).
template <class Curve>
constexpr ec::Jacobian<Curve> mul_seed(const ec::Jacobian<Curve>& p) {
  ec::Jacobian<Curve> acc = p;  // the top bit
  for (int i = 61; i >= 0; --i) {
    acc = acc.dbl();
    if ((SEED >> i) & 1) acc += p;
  }
  return acc;
}
static_assert((SEED >> 62) == 1, "mul_seed assumes a 63-bit seed");

}  // namespace subgroup_detail

// ψ on a Jacobian point of E'(Fq2): (X̄·cx, Ȳ·cy, Z̄). 4M₂.
constexpr G2 endo_psi(const G2& p) {
  G2 r;
  r.X = p.X.conj() * subgroup_detail::kPsiX;
  r.Y = p.Y.conj() * subgroup_detail::kPsiY;
  r.Z = p.Z.conj();
  return r;
}
constexpr G2Affine endo_psi(const G2Affine& p) {
  return p.inf ? p : G2Affine(p.x.conj() * subgroup_detail::kPsiX, p.y.conj() * subgroup_detail::kPsiY);
}

// φ(P) = (β·x, y): multiplication by λ on G1 (the GLV endomorphism of msm/pippenger).
constexpr G1Affine endo_phi(const G1Affine& p) { return p.inf ? p : G1Affine(p.x * subgroup_detail::kBeta, p.y); }

// G1 = E(Fq): on the curve is enough (cofactor 1).
constexpr bool in_subgroup(const G1Affine& p) { return p.on_curve(); }

// Q ∈ G2 for a point on E'(Fq2): [u+1]Q + ψ([u]Q) + ψ²([u]Q) = ψ³([2u]Q).
inline bool in_subgroup(const G2Affine& q) {
  if (q.inf) return true;
  const G2 Q = G2::from_affine(q);
  const G2 uq = subgroup_detail::mul_seed(Q);
  const G2 psi_uq = endo_psi(uq);
  const G2 lhs = uq.add_mixed(q) + psi_uq + endo_psi(psi_uq);
  return lhs == endo_psi(endo_psi(endo_psi(uq.dbl())));
}

// The plain order check [r]P = O: the oracle the endomorphism test is tested against.
template <class Curve>
bool in_subgroup_by_order(const ec::Affine<Curve>& p) {
  if (p.inf) return true;
  return ec::Jacobian<Curve>::from_affine(p).mul(Fr::P).is_inf();
}

}  // namespace cuzk::bn254
