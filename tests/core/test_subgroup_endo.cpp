// The endomorphism subgroup tests (cuzk/ec/bls12_381_subgroup.hpp) against the order check
// [r]P = O: on the generators and random subgroup points, on random curve points, and on
// points of every prime order ℓ dividing each cofactor, alone and added to a subgroup point.
// The test's non-membership set is a group kernel, so for each ℓ it must contain no subgroup
// of order ℓ of the ℓ-torsion E[ℓ] outside G. Where E[ℓ] is cyclic one point of order ℓ
// decides it; where it is Z/ℓ × Z/ℓ (ℓ | q − 1, resp. q² − 1) all ℓ + 1 subgroups are tried
// for ℓ ≤ 23 and eight random points for the larger ℓ.
#include <doctest/doctest.h>

#include <vector>

#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "random_points.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

// The cofactors' prime factors with multiplicity: h1 = (x − 1)²/3 and h2 = (x⁸ − 4x⁷ + 5x⁶ −
// 4x⁴ + 6x³ − 4x² − 4x + 13)/9 (scripts/subgroup-constants.py derives and checks them).
const std::vector<ff::Limbs<7>> kH1 = {
    bi::from_u64<7>(3),      bi::from_u64<7>(11),       bi::from_u64<7>(11),       bi::from_u64<7>(10177),
    bi::from_u64<7>(10177),  bi::from_u64<7>(859267),   bi::from_u64<7>(859267),   bi::from_u64<7>(52437899),
    bi::from_u64<7>(52437899)};
const std::vector<ff::Limbs<7>> kH2 = {
    bi::from_u64<7>(13),   bi::from_u64<7>(13),    bi::from_u64<7>(23),     bi::from_u64<7>(23),
    bi::from_u64<7>(2713), bi::from_u64<7>(11953), bi::from_u64<7>(262069),
    bi::from_hex<7>("0x8d9f503deeeb5d5c423572788bea4d6ae0490c5afca1eeb2a9d75bb98b95878afab9c0da5cf222c377d87384d026cd73826d177200c0d3b1")};

// A point of order exactly ℓ = factors[k] (O when the random point has no ℓ-part): kill every
// other prime of #E with [r] and the other factors, then multiply by ℓ while that stays ≠ O.
template <class Curve>
ec::Jacobian<Curve> torsion_point(const std::vector<ff::Limbs<7>>& factors, std::size_t k) {
  ec::Jacobian<Curve> t = test::curve_point<Curve>().mul(Fr::P);
  for (const auto& f : factors)
    if (f != factors[k]) t = t.mul(f);
  while (!t.is_inf() && !t.mul(factors[k]).is_inf()) t = t.mul(factors[k]);
  return t;
}

template <class Curve>
bool test_agrees(const ec::Jacobian<Curve>& p) {
  const auto a = p.to_affine();
  REQUIRE(a.on_curve());
  return in_subgroup(a) == in_subgroup_by_order(a);
}

template <class Curve>
void torsion_rejected(const std::vector<ff::Limbs<7>>& factors, ff::u64 small_max) {
  using Jac = ec::Jacobian<Curve>;
  for (std::size_t k = 0; k < factors.size(); ++k) {
    if (k > 0 && factors[k] == factors[k - 1]) continue;
    const ff::Limbs<7>& l = factors[k];
    CAPTURE(k);
    std::vector<Jac> pts;  // points of order ℓ that are tried
    Jac t1;
    for (int tries = 0; tries < 50 && t1.is_inf(); ++tries) t1 = torsion_point<Curve>(factors, k);
    REQUIRE_FALSE(t1.is_inf());
    REQUIRE(t1.mul(l).is_inf());  // order ℓ exactly (ℓ prime, t1 ≠ O)
    pts.push_back(t1);
    const bool small = l[1] == 0 && l[0] <= small_max;
    if (small) {  // a second generator outside <t1>, if E[ℓ] has one, then every subgroup
      const ff::u64 n = l[0];
      for (int tries = 0; tries < 40; ++tries) {
        Jac t2 = torsion_point<Curve>(factors, k);
        if (t2.is_inf()) continue;
        bool in_t1 = false;
        Jac m;
        for (ff::u64 i = 0; i < n && !in_t1; ++i, m += t1) in_t1 = (m == t2);
        if (in_t1) continue;
        Jac g = t2;
        for (ff::u64 i = 0; i < n; ++i, g += t1) pts.push_back(g);  // t2 + i·t1: the other ℓ subgroups
        break;
      }
    } else {
      for (int i = 0; i < 7; ++i)
        if (Jac t = torsion_point<Curve>(factors, k); !t.is_inf()) pts.push_back(t);
    }
    MESSAGE(std::string(Curve::name), ": prime ", k, " tried ", pts.size(), " points of its order");
    const Jac g = test::random_point<Curve>();
    for (const Jac& t : pts) {
      CHECK_FALSE(in_subgroup(t.to_affine()));
      CHECK_FALSE(in_subgroup((g + t).to_affine()));
      CHECK(test_agrees(g + t));
    }
  }
}

}  // namespace

TEST_CASE("endomorphisms: phi(G1) = [-x^2]G1 and psi(G2) = [x]G2 on the generators") {
  const G1 g1 = G1::generator();
  const G1 x2g = g1.mul(bi::from_u64<1>(0xd201000000010000ull)).mul(bi::from_u64<1>(0xd201000000010000ull));
  CHECK(G1::from_affine(endo_phi(G1Affine::generator())) == -x2g);
  const G2 g2 = G2::generator();
  CHECK(G2::from_affine(endo_psi(G2Affine::generator())) == -g2.mul(bi::from_u64<1>(0xd201000000010000ull)));
  CHECK(in_subgroup(G1Affine::generator()));
  CHECK(in_subgroup(G2Affine::generator()));
  CHECK(in_subgroup(G1Affine::infinity()));
  CHECK(in_subgroup(G2Affine::infinity()));
}

TEST_CASE("endomorphism tests agree with [r]P = O on subgroup and random curve points") {
  for (int i = 0; i < 20; ++i) {
    CHECK(in_subgroup(test::random_point<G1Curve>().to_affine()));
    CHECK(in_subgroup(test::random_point<G2Curve>().to_affine()));
    const auto p1 = test::curve_point<G1Curve>().to_affine();
    const auto p2 = test::curve_point<G2Curve>().to_affine();
    CHECK(in_subgroup(p1) == in_subgroup_by_order(p1));
    CHECK(in_subgroup(p2) == in_subgroup_by_order(p2));
    CHECK_FALSE(in_subgroup(p1));  // a random curve point is in G with probability 1/h
    CHECK_FALSE(in_subgroup(p2));
  }
}

TEST_CASE("G1: points of every prime order dividing the cofactor are rejected") {
  torsion_rejected<G1Curve>(kH1, 23);
}

TEST_CASE("G2: points of every prime order dividing the cofactor are rejected") {
  torsion_rejected<G2Curve>(kH2, 23);
}
