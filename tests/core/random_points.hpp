#pragma once
// Random scalars and subgroup points for the curve / MSM tests.
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/bn254_curves.hpp"
#include "gmp_oracle.hpp"

namespace cuzk::test {

template <class Scalar = bls12_381::Fr>
ff::Limbs<4> random_scalar() {
  return random_elem<Scalar>().canonical();
}

// [k]G for a fresh random k.
template <class Curve>
ec::Jacobian<Curve> random_point() {
  return ec::Jacobian<Curve>::generator().mul(random_scalar<typename Curve::Scalar>());
}

// n varied subgroup points, cheaply: a few random multiples of G, then running sums of
// them (each new point = previous + a random one of the seeds), normalised in one batch.
template <class Curve>
std::vector<ec::Affine<Curve>> random_affine_points(std::size_t n) {
  using Jac = ec::Jacobian<Curve>;
  std::vector<Jac> seeds;
  for (int i = 0; i < 8; ++i) seeds.push_back(random_point<Curve>());
  std::vector<Jac> pts(n);
  Jac acc = seeds[0];
  for (std::size_t i = 0; i < n; ++i) {
    acc += seeds[rng()() % seeds.size()];
    pts[i] = acc;
  }
  return ec::batch_to_affine(pts.data(), n);
}

// A point of E(Fq) / E'(Fq2) with no structure (not necessarily in the prime-order subgroup):
// x from a random element, the first one with x³ + b a square.
template <class Curve>
ec::Jacobian<Curve> curve_point() {
  using F = typename Curve::Field;
  for (;;) {
    F x;
    if constexpr (requires { F::N; }) x = random_elem<F>();
    else x = F(random_elem<typename F::Base>(), random_elem<typename F::Base>());
    F y;
    if ((x.sqr() * x + Curve::b()).sqrt(y)) return ec::Jacobian<Curve>::from_affine(ec::Affine<Curve>(x, y));
  }
}

}  // namespace cuzk::test
