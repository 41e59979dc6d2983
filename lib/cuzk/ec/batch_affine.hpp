#pragma once
// Batch conversion to affine with Montgomery's trick: one inversion + 3(n−1) M for the
// inverses of all Z, then 3M + 1S per point.
#include <cstddef>
#include <vector>

#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"

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

// XYZZ → affine into out[0..n): with Z = ZZZ/ZZ (ZZ = Z², ZZZ = Z³), batch-invert ZZZ,
// then Z⁻¹ = ZZ·ZZZ⁻¹, x = X·Z⁻², y = Y·ZZZ⁻¹: 3M (batch) + 4M + 1S a point.
template <class Curve>
void batch_to_affine(const XYZZ<Curve>* p, std::size_t n, Affine<Curve>* out) {
  using F = typename Curve::Field;
  std::vector<F> z(n);
  for (std::size_t i = 0; i < n; ++i) z[i] = p[i].ZZZ;
  batch_inverse(z.data(), n);
  for (std::size_t i = 0; i < n; ++i) {
    if (p[i].is_inf()) {
      out[i] = Affine<Curve>();
      continue;
    }
    F zi = p[i].ZZ * z[i];
    out[i] = Affine<Curve>(p[i].X * zi.sqr(), p[i].Y * z[i]);
  }
}

}  // namespace cuzk::ec
