// Fq6 / Fq12 tower: field axioms on random elements against schoolbook oracles, inverses,
// Frobenius^k against pow(p^k), cyclotomic squaring against plain squaring.
#include <doctest/doctest.h>

#include "tower_test_util.hpp"

using namespace cuzk::test;
namespace bi = cuzk::ff::bi;

TEST_CASE("Fq6: ring axioms, schoolbook product, square, inverse") {
  for (int i = 0; i < 2000; ++i) {
    Fq6 a = random_fq6(), b = random_fq6(), c = random_fq6();
    REQUIRE(a * b == naive_mul(a, b));
    REQUIRE(a * b == b * a);
    REQUIRE((a * b) * c == a * (b * c));
    REQUIRE(a * (b + c) == a * b + a * c);
    REQUIRE(a.sqr() == a * a);
    REQUIRE((a - b) + b == a);
    REQUIRE(a * a.inverse() == Fq6::one());
    REQUIRE(a.mul_by_v() == a * Fq6(Fq2::zero(), Fq2::one(), Fq2::zero()));
    Fq2 s0 = random_fq2(), s1 = random_fq2();
    REQUIRE(a.mul_by_01(s0, s1) == a * Fq6(s0, s1, Fq2::zero()));
    REQUIRE(a.mul_by_1(s1) == a * Fq6(Fq2::zero(), s1, Fq2::zero()));
    REQUIRE(a.mul_base(s0) == a * Fq6(s0, Fq2::zero(), Fq2::zero()));
  }
  CHECK(Fq6::one() * Fq6::one() == Fq6::one());
  // v³ = ξ
  Fq6 v(Fq2::zero(), Fq2::one(), Fq2::zero());
  CHECK(v * v * v == Fq6(Fq6Cfg::xi(), Fq2::zero(), Fq2::zero()));
}

TEST_CASE("Fq12: ring axioms, schoolbook product, square, inverse, conjugate") {
  for (int i = 0; i < 1000; ++i) {
    Fq12 a = random_fq12(), b = random_fq12(), c = random_fq12();
    REQUIRE(a * b == naive_mul(a, b));
    REQUIRE(a * b == b * a);
    REQUIRE((a * b) * c == a * (b * c));
    REQUIRE(a * (b + c) == a * b + a * c);
    REQUIRE(a.sqr() == naive_mul(a, a));
    REQUIRE(a * a.inverse() == Fq12::one());
    REQUIRE(a.conj() == a.frobenius_map(6));
    Fq2 l0 = random_fq2(), l1 = random_fq2(), l4 = random_fq2();
    Fq12 line(Fq6(l0, l1, Fq2::zero()), Fq6(Fq2::zero(), l4, Fq2::zero()));
    REQUIRE(a.mul_by_014(l0, l1, l4) == naive_mul(a, line));
  }
  // w² = v, w⁶ = ξ
  Fq12 w(Fq6::zero(), Fq6::one());
  CHECK(w.sqr() == Fq12(Fq6(Fq2::zero(), Fq2::one(), Fq2::zero()), Fq6::zero()));
  CHECK(w.sqr() * w.sqr() * w.sqr() == Fq12(Fq6(Fq6Cfg::xi(), Fq2::zero(), Fq2::zero()), Fq6::zero()));
}

TEST_CASE("Frobenius^k equals pow(p^k) (derived coefficients)") {
  for (unsigned k = 0; k <= 12; ++k) {
    auto e = p_pow(k);
    for (int i = 0; i < 3; ++i) {
      Fq12 a = random_fq12();
      INFO("k = " << k);
      REQUIRE(a.frobenius_map(k) == a.pow(e));
      Fq6 b = random_fq6();
      REQUIRE(b.frobenius_map(k) == b.pow(e));
    }
  }
  // Frobenius is a ring homomorphism: frob(ab) = frob(a)frob(b), composes additively in k.
  for (int i = 0; i < 200; ++i) {
    Fq12 a = random_fq12(), b = random_fq12();
    unsigned k = unsigned(rng()() % 12), j = unsigned(rng()() % 12);
    REQUIRE((a * b).frobenius_map(k) == a.frobenius_map(k) * b.frobenius_map(k));
    REQUIRE(a.frobenius_map(k).frobenius_map(j) == a.frobenius_map(k + j));
  }
}

TEST_CASE("cyclotomic squaring equals squaring on the cyclotomic subgroup") {
  // Φ6(p²) = p⁴ − p² + 1
  auto phi = p_pow(4);
  bi::sub(phi, p_pow(2));
  bi::add(phi, bi::from_u64<72>(1));
  int outside_differs = 0;
  for (int i = 0; i < 300; ++i) {
    Fq12 f = random_fq12();
    Fq12 m = f.conj() * f.inverse();  // f^(p⁶−1)
    m = m.frobenius_map(2) * m;       // ^(p²+1)
    if (i < 5) REQUIRE(m.pow(phi) == Fq12::one());  // really in G_Φ6(p²)
    REQUIRE(m.cyclotomic_sqr() == m.sqr());
    REQUIRE(m * m.conj() == Fq12::one());           // unitary: inverse is conjugate
    Fq12 s = m.cyclotomic_sqr().cyclotomic_sqr().cyclotomic_sqr();
    REQUIRE(s == m.pow(bi::from_u64<1>(8)));
    std::uint64_t e = rng()();
    REQUIRE(m.cyclotomic_pow(bi::from_u64<1>(e)) == m.pow(bi::from_u64<1>(e)));
    if (f.cyclotomic_sqr() != f.sqr()) ++outside_differs;
  }
  CHECK(outside_differs == 300);  // the shortcut really depends on the subgroup
}
