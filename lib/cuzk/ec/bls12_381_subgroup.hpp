#pragma once
// Prime-order subgroup membership on BLS12-381 by the curves' endomorphisms, one point at a
// time and exact (no probability). Source: M. Scott, "A note on group membership tests for
// G1, G2 and GT on BLS pairing-friendly curves", ePrint 2021/1130 (the tests zkcrypto's
// bls12_381 and blst use):
//   G1: P ∈ G1  ⇔  φ(P) = [−x²]P,  φ(x, y) = (β·x, y), β the cube root of unity in Fq whose
//       eigenvalue on G1 is −x² (the other root, β², has x² − 1);
//   G2: P ∈ G2  ⇔  ψ(P) = [x]P,  ψ(x, y) = (x̄·cx, ȳ·cy), ψ = twist⁻¹ ∘ Frobenius ∘ twist with
//       cx = 1/(1+u)^((q−1)/3), cy = 1/(1+u)^((q−1)/2) (bar: conjugation = Frobenius on Fq2),
// for the seed x = −0xd201000000010000 (Hamming weight 6). Operation counts, Jacobian:
//   G1: two 64-bit ladders = 126 doublings + 10 additions (the order check [r]P needs 254
//       doublings + ~128 additions);
//   G2: one 64-bit ladder = 63 doublings + 5 additions over Fq2.
// The constants were computed with exact integers (scripts/subgroup-constants.py) and are
// checked in tests/core/test_subgroup_endo.cpp: φ(G1) = [−x²]G1, ψ(G2) = [x]G2, agreement
// with [r]P = O on random curve points, and for every prime ℓ dividing either cofactor points
// of order ℓ are rejected (every one of the ℓ + 1 subgroups of order ℓ for ℓ ≤ 23, where E[ℓ]
// is Z/ℓ × Z/ℓ; eight random ones for the larger ℓ). The proof that nothing else passes is
// the paper's.
// Callers check that P is on its curve first (every point decoder does).
#include "cuzk/ec/bls12_381_curves.hpp"

namespace cuzk::bls12_381 {

namespace subgroup_detail {

constexpr std::uint64_t kSeedAbs = 0xd201000000010000ull;  // |x|, x < 0

// [|x|]P by double-and-add over the 64 bits of |x| (MSB first).
template <class Curve>
constexpr ec::Jacobian<Curve> mul_seed_abs(const ec::Jacobian<Curve>& p) {
  ec::Jacobian<Curve> acc = p;  // the top bit
  for (int i = 62; i >= 0; --i) {
    acc = acc.dbl();
    if ((kSeedAbs >> i) & 1) acc += p;
  }
  return acc;
}

constexpr Fq kBeta = fq_hex(
    "0x5f19672fdf76ce51ba69c6076a0f77eaddb3a93be6f89688de17d813620a00022e01fffffffefffe");
constexpr Fq2 kPsiX = Fq2(Fq::zero(), fq_hex("0x1a0111ea397fe699ec02408663d4de85aa0d857d89759ad4897d29650fb85f9b409427eb4f49fffd8bfd00000000aaad"));
constexpr Fq2 kPsiY = Fq2(fq_hex("0x135203e60180a68ee2e9c448d77a2cd91c3dedd930b1cf60ef396489f61eb45e304466cf3e67fa0af1ee7b04121bdea2"),
                          fq_hex("0x06af0e0437ff400b6831e36d6bd17ffe48395dabc2d3435e77f76e17009241c5ee67992f72ec05f4c81084fbede3cc09"));
static_assert(kBeta != Fq::one() && kBeta * kBeta * kBeta == Fq::one(), "beta is a primitive cube root of unity");

}  // namespace subgroup_detail

// φ(P) = (β·x, y): multiplication by −x² on G1.
constexpr G1Affine endo_phi(const G1Affine& p) {
  return p.inf ? p : G1Affine(p.x * subgroup_detail::kBeta, p.y);
}

// ψ(P): multiplication by x on G2.
constexpr G2Affine endo_psi(const G2Affine& p) {
  return p.inf ? p : G2Affine(p.x.conj() * subgroup_detail::kPsiX, p.y.conj() * subgroup_detail::kPsiY);
}

// P ∈ G1 for a point on E(Fq): φ(P) + [x²]P = O  (x² = |x|², so [x²]P = [|x|]([|x|]P)).
inline bool in_subgroup(const G1Affine& p) {
  if (p.inf) return true;
  using namespace subgroup_detail;
  const G1 x2 = mul_seed_abs(mul_seed_abs(G1::from_affine(p)));
  return x2.add_mixed(endo_phi(p)).is_inf();
}

// P ∈ G2 for a point on E'(Fq2): ψ(P) = [x]P = −[|x|]P, i.e. ψ(P) + [|x|]P = O.
inline bool in_subgroup(const G2Affine& p) {
  if (p.inf) return true;
  using namespace subgroup_detail;
  return mul_seed_abs(G2::from_affine(p)).add_mixed(endo_psi(p)).is_inf();
}

// The plain order check [r]P = O: the oracle the endomorphism tests are tested against.
template <class Curve>
bool in_subgroup_by_order(const ec::Affine<Curve>& p) {
  if (p.inf) return true;
  return ec::Jacobian<Curve>::from_affine(p).mul(Fr::P).is_inf();
}

}  // namespace cuzk::bls12_381
