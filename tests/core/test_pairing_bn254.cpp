// BN254 pairing: snarkjs's vk_alphabeta_12 of the bn128 fixture, the final exponentiation
// against a plain f^(λ(p¹²−1)/r), bilinearity / non-degeneracy / order on random points, the
// multi-pairing product check of Groth16 verification. (The known-answer test against
// @noble/curves is tests/interop/test_bn254_vectors.cpp, with vectors made at test time.)
#include <doctest/doctest.h>

#include <vector>

#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/pairing/bn254_pairing.hpp"
#include "cuzk/util/error.hpp"
#include "pairing_laws.hpp"
#include "tower_test_util.hpp"
#include "vectors_util.hpp"

using namespace cuzk::bn254;  // (cuzk::test pulls in bls12_381's names: take only these)
using cuzk::test::fq12_nested;
using cuzk::test::g1_snarkjs;
using cuzk::test::g2_snarkjs;
using cuzk::test::load_json;
using cuzk::test::random_fq12;
namespace bi = cuzk::ff::bi;

namespace {


// λ·(p¹² − 1)/r, λ = 2u(6u² + 3u + 1).
cuzk::ff::Limbs<72> lambda_final_exponent() {
  const auto q = cuzk::test::p12_minus_1_over_r<cuzk::pairing::Bn254>();
  const auto u = bi::from_u64<72>(SEED);
  auto l = bi::mul(bi::mul(u, u), bi::from_u64<72>(6));  // 6u² + 3u + 1
  bi::add(l, bi::mul(u, bi::from_u64<72>(3)));
  bi::add(l, bi::from_u64<72>(1));
  l = bi::mul(bi::mul(l, u), bi::from_u64<72>(2));
  return bi::mul(q, l);
}

}  // namespace

TEST_CASE("BN254 final exponentiation is f^(2u(6u^2+3u+1)(p^12-1)/r) (plain pow oracle)") {
  const auto e = lambda_final_exponent();
  for (int i = 0; i < 2; ++i) {
    Fq12 f = random_fq12<Fq12>();
    REQUIRE(final_exponentiation(f) == f.pow(e));
  }
}

TEST_CASE("BN254 snarkjs vk_alphabeta_12 = e(vk_alpha_1, vk_beta_2) (tiny-bn128 fixture)") {
  auto vk = load_json("data/fixtures/tiny-bn128/verification_key.json");
  REQUIRE(vk.has_value());
  REQUIRE((*vk)["curve"] == "bn128");
  const auto a = g1_snarkjs<G1Affine>((*vk)["vk_alpha_1"]);
  const auto b = g2_snarkjs<G2Affine>((*vk)["vk_beta_2"]);
  REQUIRE(a.on_curve());
  REQUIRE(b.on_curve());
  CHECK(in_subgroup(b));
  CHECK(pairing(a, b) == fq12_nested<Fq12>((*vk)["vk_alphabeta_12"]));
}

TEST_CASE("BN254 bilinearity, order r, non-degeneracy, infinity") {
  cuzk::test::PairingLaws<cuzk::pairing::Bn254>::bilinearity();
}

TEST_CASE("BN254 multi Miller loop and pairing_product_is_one") { cuzk::test::PairingLaws<cuzk::pairing::Bn254>::products(); }

TEST_CASE("BN254 cyclotomic exponentiation by the seed") {
  Fq12 f = random_fq12<Fq12>();
  Fq12 m = f.conj() * f.inverse();
  m = m.frobenius_map(2) * m;
  CHECK(cyclotomic_exp_by_seed(m) == m.pow(bi::from_u64<1>(SEED)));
}
