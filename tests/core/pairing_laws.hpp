#pragma once
// Pairing laws for either curve (E = pairing::Bls12_381 or pairing::Bn254): bilinearity in
// each argument, e(aP, bQ) = e(P, Q)^(ab), order r, non-degeneracy on random points, infinity,
// the multi-Miller product and the Groth16-shaped pairing_product_is_one (true and false).
#include <doctest/doctest.h>

#include <vector>

#include "cuzk/pairing/engine.hpp"
#include "cuzk/util/error.hpp"
#include "gmp_oracle.hpp"
#include "tower_test_util.hpp"

namespace cuzk::test {

// (p¹² − 1)/r as a big integer, by schoolbook long division by r (bit at a time).
template <class E>
ff::Limbs<72> p12_minus_1_over_r() {
  namespace bi = ff::bi;
  auto n = p_pow<typename E::Fq12>(12);
  bi::sub(n, bi::from_u64<72>(1));
  const auto r = bi::resize<72>(E::Fr::P);
  ff::Limbs<72> q{}, rem{};
  for (std::size_t i = bi::num_bits(n); i-- > 0;) {
    for (std::size_t j = 72; j-- > 1;) rem[j] = (rem[j] << 1) | (rem[j - 1] >> 63);
    rem[0] = (rem[0] << 1) | (bi::bit(n, i) ? 1 : 0);
    if (bi::cmp(rem, r) >= 0) {
      bi::sub(rem, r);
      q[i / 64] |= 1ull << (i % 64);
    }
  }
  REQUIRE(bi::is_zero(rem));
  return q;
}

template <class E>
struct PairingLaws {
  using Fr = typename E::Fr;
  using Fq12 = typename E::Fq12;
  using G1 = typename E::G1;
  using G2 = typename E::G2;
  using G1Affine = typename E::G1Affine;
  using G2Affine = typename E::G2Affine;

  static G1Affine g1_mul(const G1Affine& p, const Fr& k) { return G1::from_affine(p).mul(k.canonical()).to_affine(); }
  static G2Affine g2_mul(const G2Affine& q, const Fr& k) { return G2::from_affine(q).mul(k.canonical()).to_affine(); }
  static G1Affine random_g1() { return g1_mul(G1Affine::generator(), random_elem<Fr>()); }
  static G2Affine random_g2() { return g2_mul(G2Affine::generator(), random_elem<Fr>()); }

  static void bilinearity() {
    const Fq12 g = E::pairing(G1Affine::generator(), G2Affine::generator());
    CHECK(!g.is_one());
    CHECK(g.pow(Fr::P).is_one());  // e ∈ μ_r
    for (int i = 0; i < 6; ++i) {
      Fr a = random_elem<Fr>(), b = random_elem<Fr>();
      G1Affine P = random_g1();
      G2Affine Q = random_g2();
      Fq12 e = E::pairing(P, Q);
      REQUIRE(!e.is_one());
      REQUIRE(e.pow(Fr::P).is_one());
      REQUIRE(e.cyclotomic_pow(Fr::P).is_one());
      REQUIRE(E::pairing(g1_mul(P, a), g2_mul(Q, b)) == e.pow((a * b).canonical()));
      REQUIRE(E::pairing(g1_mul(P, a), Q) == E::pairing(P, g2_mul(Q, a)));
      // linear in each argument: e(P1 + P2, Q) = e(P1, Q)·e(P2, Q), and in Q
      G1Affine P2 = random_g1();
      REQUIRE(E::pairing((G1::from_affine(P) + G1::from_affine(P2)).to_affine(), Q) == e * E::pairing(P2, Q));
      G2Affine Q2 = random_g2();
      REQUIRE(E::pairing(P, (G2::from_affine(Q) + G2::from_affine(Q2)).to_affine()) == e * E::pairing(P, Q2));
      REQUIRE(E::pairing(-P, Q) == e.conj());  // e(−P, Q) = e(P, Q)⁻¹
    }
    CHECK(E::pairing(G1Affine::infinity(), G2Affine::generator()).is_one());
    CHECK(E::pairing(G1Affine::generator(), G2Affine::infinity()).is_one());
  }

  static void products() {
    std::vector<G1Affine> ps;
    std::vector<G2Affine> qs;
    Fq12 prod = Fq12::one();
    for (int i = 0; i < 4; ++i) {
      ps.push_back(random_g1());
      qs.push_back(random_g2());
      prod *= E::miller_loop(ps.back(), qs.back());
    }
    ps.push_back(G1Affine::infinity());
    qs.push_back(random_g2());
    CHECK(E::miller_loop(ps, qs) == prod);

    // Groth16-shaped check: e(aP, bQ)·e(−abP, Q)·e(cP, dQ)·e(P, −cdQ) = 1
    Fr a = random_elem<Fr>(), b = random_elem<Fr>(), c = random_elem<Fr>(), d = random_elem<Fr>();
    G1Affine P = random_g1();
    G2Affine Q = random_g2();
    std::vector<G1Affine> xs = {g1_mul(P, a), -g1_mul(P, a * b), g1_mul(P, c), P};
    std::vector<G2Affine> ys = {g2_mul(Q, b), Q, g2_mul(Q, d), -g2_mul(Q, c * d)};
    CHECK(E::pairing_product_is_one(xs, ys));
    ys[2] = g2_mul(Q, d + Fr::one());
    CHECK(!E::pairing_product_is_one(xs, ys));
    CHECK(E::pairing_product_is_one(std::span<const G1Affine>(), std::span<const G2Affine>()));
    CHECK_THROWS_AS(E::pairing_product_is_one(xs, std::span<const G2Affine>(ys.data(), 3)), cuzk::Error);
  }
};

}  // namespace cuzk::test
