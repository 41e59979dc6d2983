#pragma once
// Shared helpers for the GPU tests: random field elements and curve points (host side).
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "rng.hpp"

namespace cuzk::test {

template <class F>
F random_field() {
  for (;;) {
    typename F::Repr r;
    for (auto& l : r) l = rng()();
    r[F::N - 1] &= ~std::uint64_t(0) >> 1;
    if (F::is_canonical(r)) return F::from_raw(r);
  }
}
template <class F>
std::vector<F> random_vector(std::size_t n) {
  std::vector<F> v(n);
  for (auto& x : v) x = random_field<F>();
  return v;
}
inline bls12_381::Fq2 random_fq2() { return {random_field<bls12_381::Fq>(), random_field<bls12_381::Fq>()}; }

// n affine points of the prime-order subgroup: a random multiple of the generator, then
// a walk adding one of 16 random multiples at each step (cheap, and no structure an MSM
// could exploit: every scalar is random).
template <class Curve>
std::vector<ec::Affine<Curve>> random_points(std::size_t n) {
  using J = ec::Jacobian<Curve>;
  std::vector<J> steps(16);
  using Fr = typename Curve::Scalar;  // either curve's
  for (auto& s : steps) s = J::generator().mul(random_field<Fr>().raw());
  std::vector<J> pts(n);
  J acc = J::generator().mul(random_field<Fr>().raw());
  for (std::size_t i = 0; i < n; ++i) {
    acc += steps[rng()() % 16];
    pts[i] = acc;
  }
  return ec::batch_to_affine(pts.data(), n);
}

}  // namespace cuzk::test
