// The BN254 subgroup tests (cuzk/ec/bn254_subgroup.hpp) against the order check [r]P = O:
// ψ's eigenvalue on G2, the generators and random subgroup points, random points of E(Fq)
// (all in G1: cofactor 1) and E'(Fq2), and points of every prime order ℓ dividing
// h2 = 2p − r, alone and added to a subgroup point. E'(Fq2)[ℓ] is cyclic for each of these ℓ
// (ℓ ∤ p² − 1, scripts/subgroup-constants.py prints it), so one point of order ℓ decides ℓ;
// eight are tried each.
#include <doctest/doctest.h>

#include <vector>

#include "cuzk/ec/bn254_subgroup.hpp"
#include "random_points.hpp"

using namespace cuzk;
using namespace cuzk::bn254;
using cuzk::test::Z;

namespace {

// h2 = 2p − r and its prime factors (scripts/subgroup-constants.py derives and checks them).
const std::vector<ff::Limbs<4>> kH2 = {
    bi::from_u64<4>(10069), bi::from_u64<4>(5864401), bi::from_u64<4>(1875725156269ull),
    bi::from_hex<4>("0x210315729f570e9dab9240f0c6ab89b6e0b358e0d894d")};

ff::Limbs<4> h2() {
  ff::Limbs<4> h = bi::resize<4>(bi::mul(bi::resize<5>(Fq::P), bi::from_u64<5>(2)));
  bi::sub(h, Fr::P);
  return h;
}

// A point of order exactly ℓ = kH2[k] (O when the random point has no ℓ-part).
G2 torsion_point(std::size_t k) {
  G2 t = test::curve_point<G2Curve>().mul(Fr::P);
  for (std::size_t i = 0; i < kH2.size(); ++i)
    if (i != k) t = t.mul(kH2[i]);
  return t;
}

}  // namespace

TEST_CASE("BN254 h2 = 2p - r is the product of its listed primes, each prime") {
  Z prod(1);
  for (const auto& f : kH2) {
    Z z = test::to_z<4>(f);
    CHECK(mpz_probab_prime_p(z, 30) > 0);
    mpz_mul(prod, prod, z);
  }
  CHECK(prod == test::to_z<4>(h2()));
  // #E'(Fq2) = h2·r: a random twist point times h2·r is O
  CHECK(test::curve_point<G2Curve>().mul(Fr::P).mul(h2()).is_inf());
}

TEST_CASE("BN254 endomorphisms: psi(G2) = [p]G2 = [6u^2]G2, psi(Q) on the twist; phi = [lambda] on G1") {
  const G2 g = G2::generator();
  CHECK(endo_psi(g) == g.mul(Fq::P));
  CHECK(endo_psi(g) == g.mul(bi::from_u64<1>(SEED)).mul(bi::from_u64<1>(SEED)).mul(bi::from_u64<1>(6)));
  CHECK(G2::from_affine(endo_psi(G2Affine::generator())) == endo_psi(g));
  for (int i = 0; i < 5; ++i) {
    const G2 q = test::curve_point<G2Curve>();
    CHECK(endo_psi(q).on_curve());
    CHECK(endo_psi(q.to_affine()).on_curve());
  }
  // φ(x, y) = (β·x, y) acts as [λ] on G1, λ = 36u³ + 18u² + 6u + 1, λ² + λ + 1 ≡ 0 (mod r)
  const Z u(SEED), r = test::zmod<Fr>();
  Z lam, t;
  mpz_pow_ui(lam, u, 3);
  mpz_mul_ui(lam, lam, 36);
  mpz_pow_ui(t, u, 2);
  mpz_addmul_ui(lam, t, 18);
  mpz_addmul_ui(lam, u, 6);
  mpz_add_ui(lam, lam, 1);
  mpz_mul(t, lam, lam);
  mpz_add(t, t, lam);
  mpz_add_ui(t, t, 1);
  mpz_mod(t, t, r);
  CHECK(mpz_sgn(t) == 0);
  const G1Affine P = test::random_point<G1Curve>().to_affine();
  CHECK(G1::from_affine(endo_phi(P)) == G1::from_affine(P).mul(test::from_z<4>(lam)));
  CHECK(in_subgroup(G1Affine::generator()));
  CHECK(in_subgroup(G2Affine::generator()));
  CHECK(in_subgroup(G2Affine::infinity()));
}

TEST_CASE("BN254 subgroup tests agree with [r]P = O on subgroup and random curve points") {
  for (int i = 0; i < 20; ++i) {
    CHECK(in_subgroup(test::random_point<G2Curve>().to_affine()));
    const auto p1 = test::curve_point<G1Curve>().to_affine();
    const auto p2 = test::curve_point<G2Curve>().to_affine();
    CHECK(in_subgroup(p1));  // cofactor 1: every point of E(Fq)
    CHECK(in_subgroup_by_order(p1));
    CHECK(in_subgroup(p2) == in_subgroup_by_order(p2));
    CHECK_FALSE(in_subgroup(p2));  // in G2 with probability 1/h2
  }
}

TEST_CASE("BN254 G2: points of every prime order dividing h2 are rejected") {
  const G2 g = test::random_point<G2Curve>();
  for (std::size_t k = 0; k < kH2.size(); ++k) {
    CAPTURE(k);
    int tried = 0;
    for (int i = 0; i < 8; ++i) {
      const G2 t = torsion_point(k);
      if (t.is_inf()) continue;
      REQUIRE(t.mul(kH2[k]).is_inf());  // order ℓ exactly (ℓ prime, t ≠ O)
      ++tried;
      CHECK_FALSE(in_subgroup(t.to_affine()));
      CHECK_FALSE(in_subgroup_by_order(t.to_affine()));
      const auto s = (g + t).to_affine();
      CHECK_FALSE(in_subgroup(s));
      CHECK_FALSE(in_subgroup_by_order(s));
    }
    CHECK(tried >= 4);
  }
}
