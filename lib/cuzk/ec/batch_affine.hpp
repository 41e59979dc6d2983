#pragma once
// Batch conversion to affine with Montgomery's trick: one inversion + 3(n−1) M for the
// inverses of all Z, then 3M + 1S per point.
#include <cstddef>
#include <vector>

#include "cuzk/ec/jacobian.hpp"

namespace cuzk::ec {

template <class F>
void batch_inverse(F* v, std::size_t n) {
  std::vector<F> prefix(n);
  F acc = F::one();
  for (std::size_t i = 0; i < n; ++i) {
    prefix[i] = acc;
    if (!v[i].is_zero()) acc *= v[i];
  }
  F inv = acc.inverse();
  for (std::size_t i = n; i-- > 0;) {
    if (v[i].is_zero()) continue;
    F t = inv * prefix[i];
    inv *= v[i];
    v[i] = t;
  }
}

template <class Curve>
std::vector<Affine<Curve>> batch_to_affine(const Jacobian<Curve>* p, std::size_t n) {
  using F = typename Curve::Field;
  std::vector<F> z(n);
  for (std::size_t i = 0; i < n; ++i) z[i] = p[i].Z;
  batch_inverse(z.data(), n);
  std::vector<Affine<Curve>> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i].is_inf()) continue;
    F z2 = z[i].sqr();
    out[i] = Affine<Curve>(p[i].X * z2, p[i].Y * z2 * z[i]);
  }
  return out;
}

}  // namespace cuzk::ec
