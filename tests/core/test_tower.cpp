// Fq6 / Fq12 towers of both curves (BLS12-381: ξ = 1 + u, BN254: ξ = 9 + u): field axioms
// on random elements against schoolbook oracles, inverses, sparse line products of both
// twist shapes, Frobenius^k against pow(p^k), cyclotomic squaring against plain squaring.
#include <doctest/doctest.h>

#include "cuzk/ff/bn254_tower.hpp"
#include "tower_test_util.hpp"

using namespace cuzk::test;
namespace bi = cuzk::ff::bi;

#define TOWERS cuzk::bls12_381::Fq12, cuzk::bn254::Fq12

TEST_CASE_TEMPLATE("Fq6: ring axioms, schoolbook product, square, inverse", F12, TOWERS) {
  using F6 = typename TowerOf<F12>::Fq6;
  using F2 = typename TowerOf<F12>::Fq2;
  for (int i = 0; i < 2000; ++i) {
    F6 a = random_fq6<F12>(), b = random_fq6<F12>(), c = random_fq6<F12>();
    REQUIRE(a * b == naive_mul(a, b));
    REQUIRE(a * b == b * a);
    REQUIRE((a * b) * c == a * (b * c));
    REQUIRE(a * (b + c) == a * b + a * c);
    REQUIRE(a.sqr() == a * a);
    REQUIRE((a - b) + b == a);
    REQUIRE(a * a.inverse() == F6::one());
    REQUIRE(a.mul_by_v() == a * F6(F2::zero(), F2::one(), F2::zero()));
    F2 s0 = random_fq2<F12>(), s1 = random_fq2<F12>();
    REQUIRE(a.mul_by_01(s0, s1) == a * F6(s0, s1, F2::zero()));
    REQUIRE(a.mul_by_1(s1) == a * F6(F2::zero(), s1, F2::zero()));
    REQUIRE(a.mul_base(s0) == a * F6(s0, F2::zero(), F2::zero()));
    // ×ξ by additions equals the product with ξ = K + u
    REQUIRE(TowerOf<F12>::Cfg::mul_by_xi(s0) == s0 * TowerOf<F12>::Cfg::xi());
  }
  CHECK(F6::one() * F6::one() == F6::one());
  // v³ = ξ
  F6 v(F2::zero(), F2::one(), F2::zero());
  CHECK(v * v * v == F6(TowerOf<F12>::Cfg::xi(), F2::zero(), F2::zero()));
}

TEST_CASE_TEMPLATE("Fq12: ring axioms, schoolbook product, square, inverse, conjugate, lines", F12, TOWERS) {
  using F6 = typename TowerOf<F12>::Fq6;
  using F2 = typename TowerOf<F12>::Fq2;
  for (int i = 0; i < 1000; ++i) {
    F12 a = random_fq12<F12>(), b = random_fq12<F12>(), c = random_fq12<F12>();
    REQUIRE(a * b == naive_mul(a, b));
    REQUIRE(a * b == b * a);
    REQUIRE((a * b) * c == a * (b * c));
    REQUIRE(a * (b + c) == a * b + a * c);
    REQUIRE(a.sqr() == naive_mul(a, a));
    REQUIRE(a * a.inverse() == F12::one());
    REQUIRE(a.conj() == a.frobenius_map(6));
    F2 l0 = random_fq2<F12>(), l1 = random_fq2<F12>(), l4 = random_fq2<F12>();
    // M-type line (0, 1, 4) and D-type line (0, 3, 4)
    F12 m_line(F6(l0, l1, F2::zero()), F6(F2::zero(), l4, F2::zero()));
    REQUIRE(a.mul_by_014(l0, l1, l4) == naive_mul(a, m_line));
    F12 d_line(F6(l0, F2::zero(), F2::zero()), F6(l1, l4, F2::zero()));
    REQUIRE(a.mul_by_034(l0, l1, l4) == naive_mul(a, d_line));
  }
  // w² = v, w⁶ = ξ
  F12 w(F6::zero(), F6::one());
  CHECK(w.sqr() == F12(F6(F2::zero(), F2::one(), F2::zero()), F6::zero()));
  CHECK(w.sqr() * w.sqr() * w.sqr() == F12(F6(TowerOf<F12>::Cfg::xi(), F2::zero(), F2::zero()), F6::zero()));
}

TEST_CASE_TEMPLATE("Frobenius^k equals pow(p^k) (derived coefficients)", F12, TOWERS) {
  using F6 = typename TowerOf<F12>::Fq6;
  for (unsigned k = 0; k <= 12; ++k) {
    auto e = p_pow<F12>(k);
    for (int i = 0; i < 3; ++i) {
      F12 a = random_fq12<F12>();
      INFO("k = " << k);
      REQUIRE(a.frobenius_map(k) == a.pow(e));
      F6 b = random_fq6<F12>();
      REQUIRE(b.frobenius_map(k) == b.pow(e));
    }
  }
  // Frobenius is a ring homomorphism: frob(ab) = frob(a)frob(b), composes additively in k.
  for (int i = 0; i < 200; ++i) {
    F12 a = random_fq12<F12>(), b = random_fq12<F12>();
    unsigned k = unsigned(rng()() % 12), j = unsigned(rng()() % 12);
    REQUIRE((a * b).frobenius_map(k) == a.frobenius_map(k) * b.frobenius_map(k));
    REQUIRE(a.frobenius_map(k).frobenius_map(j) == a.frobenius_map(k + j));
  }
}

TEST_CASE_TEMPLATE("cyclotomic squaring equals squaring on the cyclotomic subgroup", F12, TOWERS) {
  // Φ6(p²) = p⁴ − p² + 1
  auto phi = p_pow<F12>(4);
  bi::sub(phi, p_pow<F12>(2));
  bi::add(phi, bi::from_u64<72>(1));
  int outside_differs = 0;
  for (int i = 0; i < 300; ++i) {
    F12 f = random_fq12<F12>();
    F12 m = f.conj() * f.inverse();  // f^(p⁶−1)
    m = m.frobenius_map(2) * m;      // ^(p²+1)
    if (i < 5) REQUIRE(m.pow(phi) == F12::one());  // really in G_Φ6(p²)
    REQUIRE(m.cyclotomic_sqr() == m.sqr());
    REQUIRE(m * m.conj() == F12::one());  // unitary: inverse is conjugate
    F12 s = m.cyclotomic_sqr().cyclotomic_sqr().cyclotomic_sqr();
    REQUIRE(s == m.pow(bi::from_u64<1>(8)));
    std::uint64_t e = rng()();
    REQUIRE(m.cyclotomic_pow(bi::from_u64<1>(e)) == m.pow(bi::from_u64<1>(e)));
    if (f.cyclotomic_sqr() != f.sqr()) ++outside_differs;
  }
  CHECK(outside_differs == 300);  // the shortcut really depends on the subgroup
}
