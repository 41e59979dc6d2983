// Group laws of G1 and G2 of both curves (BLS12-381, BN254) in Jacobian, mixed and XYZZ form; scalar multiplication linearity
// (scalars combined mod r with GMP); [r]G = O; on-curve checks of random multiples.
#include <doctest/doctest.h>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/ec/bn254_subgroup.hpp"
#include "random_points.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;
using cuzk::test::Z;
using cuzk::test::rng;

namespace {

template <class Scalar>
ff::Limbs<4> zmod_r(const Z& x) {
  Z r = test::zmod<Scalar>(), t;
  mpz_mod(t, x, r);
  return test::from_z<4>(t);
}

template <class Curve>
void group_laws(int iters) {
  using Jac = ec::Jacobian<Curve>;
  using Aff = ec::Affine<Curve>;
  using X = ec::XYZZ<Curve>;
  using Fr = typename Curve::Scalar;
  const Jac O = Jac::infinity();
  const Jac G = Jac::generator();
  CHECK(Aff::generator().on_curve());
  CHECK(in_subgroup(Aff::generator()));
  CHECK(G.mul(Fr::P).is_inf());  // [r]G = O
  ff::Limbs<4> rm1 = Fr::P;
  ff::bi::sub(rm1, ff::bi::from_u64<4>(1));
  CHECK(G.mul(rm1) == -G);
  CHECK(G.mul(ff::Limbs<4>{}).is_inf());
  CHECK(G.mul(ff::bi::from_u64<4>(1)) == G);
  CHECK(G.mul(ff::bi::from_u64<4>(2)) == G.dbl());
  CHECK(G.mul(ff::bi::from_u64<4>(3)) == G.dbl() + G);

  for (int it = 0; it < iters; ++it) {
    Jac P = test::random_point<Curve>(), Q = test::random_point<Curve>(), R = test::random_point<Curve>();
    REQUIRE(P.on_curve());
    REQUIRE(!P.is_inf());
    // abelian group
    CHECK((P + Q) + R == P + (Q + R));
    CHECK(P + Q == Q + P);
    CHECK(P + O == P);
    CHECK(O + P == P);
    CHECK((P + (-P)).is_inf());
    CHECK(P - Q + Q == P);
    CHECK(P.dbl() == P + P);
    CHECK(P.dbl().dbl() == P + P + P + P);
    CHECK(O.dbl().is_inf());
    // a different representative of the same point (Z scaled by λ) compares equal
    {
      typename Curve::Field l = P.Z + P.X;  // some non-zero λ
      Jac P2;
      P2.X = P.X * l.sqr();
      P2.Y = P.Y * l.sqr() * l;
      P2.Z = P.Z * l;
      CHECK(P2 == P);
      CHECK(P2 + Q == P + Q);
      CHECK(P2 + P == P.dbl());  // doubling detected across representatives
    }
    // affine round trip and mixed addition
    Aff Pa = P.to_affine(), Qa = Q.to_affine();
    CHECK(Pa.on_curve());
    CHECK(Jac::from_affine(Pa) == P);
    CHECK(Q.add_mixed(Pa) == Q + P);
    CHECK(P.add_mixed(Pa) == P.dbl());  // equal points → doubling
    CHECK(P.add_mixed(-Pa).is_inf());   // opposite points → infinity
    CHECK(O.add_mixed(Pa) == P);
    CHECK(P.add_mixed(Aff::infinity()) == P);
    // XYZZ agrees with Jacobian
    X xp = X::from_affine(Pa), xq = X::from_affine(Qa);
    CHECK(xp.to_jacobian() == P);
    CHECK(xp.add_mixed(Qa).to_jacobian() == P + Q);
    CHECK(xp.add_mixed(Pa).to_jacobian() == P.dbl());
    CHECK(xp.add_mixed(-Pa).is_inf());
    CHECK(xp.dbl().to_jacobian() == P.dbl());
    CHECK(X::dbl_affine(Pa).to_jacobian() == P.dbl());
    X s = xp.add_mixed(Qa).add_mixed(R.to_affine());  // a general (ZZ ≠ 1) XYZZ point
    CHECK(s.to_jacobian() == P + Q + R);
    CHECK((s + xq).to_jacobian() == P + Q + R + Q);
    CHECK((s + s).to_jacobian() == (P + Q + R).dbl());
    CHECK((s + X::infinity()).to_jacobian() == P + Q + R);
    CHECK((X::infinity() + s).to_jacobian() == P + Q + R);
    CHECK(s.dbl().to_jacobian() == (P + Q + R).dbl());
    CHECK(s.sub_mixed(Qa).to_jacobian() == P + R);
    // scalar multiplication is linear: (a + b)P = aP + bP, (ab)P = a(bP)
    ff::Limbs<4> a = test::random_scalar<Fr>(), b = test::random_scalar<Fr>();
    Z za = test::to_z<4>(a), zb = test::to_z<4>(b), t;
    mpz_add(t, za, zb);
    CHECK(P.mul(zmod_r<Fr>(t)) == P.mul(a) + P.mul(b));
    mpz_mul(t, za, zb);
    Jac ab = P.mul(zmod_r<Fr>(t));
    CHECK(ab == P.mul(b).mul(a));
    CHECK(ab.on_curve());
    CHECK(ab.to_affine().on_curve());
    CHECK(P.mul(Fr::P).is_inf());
  }
  // batch normalisation equals one-by-one normalisation (with an infinity in the batch)
  std::vector<Jac> v;
  for (int i = 0; i < 20; ++i) v.push_back(i == 7 ? O : test::random_point<Curve>());
  auto aff = ec::batch_to_affine(v.data(), v.size());
  for (std::size_t i = 0; i < v.size(); ++i) {
    CHECK(aff[i] == v[i].to_affine());
    CHECK(aff[i].on_curve());
  }
  CHECK(aff[7].is_inf());
  // a perturbed point is off the curve
  Aff bad = G.to_affine();
  bad.y = bad.y + Curve::Field::one();
  CHECK_FALSE(bad.on_curve());
  Jac badj = Jac::from_affine(bad);
  CHECK_FALSE(badj.on_curve());
}

}  // namespace

TEST_CASE("G1 group laws") { group_laws<G1Curve>(60); }
TEST_CASE("G2 group laws") { group_laws<G2Curve>(20); }
TEST_CASE("BN254 G1 group laws") { group_laws<bn254::G1Curve>(60); }
TEST_CASE("BN254 G2 group laws") { group_laws<bn254::G2Curve>(20); }

TEST_CASE("G1 and G2 generator orders via in_subgroup on random multiples") {
  for (int i = 0; i < 5; ++i) {
    CHECK(in_subgroup(test::random_point<G1Curve>().to_affine()));
    CHECK(in_subgroup(test::random_point<G2Curve>().to_affine()));
  }
}

TEST_CASE("G1: a point on the curve outside the subgroup is rejected") {
  // y² = x³ + 4 for the smallest x that gives a square: on E(Fq), but the cofactor is
  // large, so [r]P ≠ O.
  for (ff::u64 x = 1;; ++x) {
    Fq fx = Fq::from_u64(x), y;
    if (!(fx.sqr() * fx + G1Curve::b()).sqrt(y)) continue;
    G1Affine p(fx, y);
    CHECK(p.on_curve());
    CHECK_FALSE(in_subgroup(p));
    break;
  }
}
