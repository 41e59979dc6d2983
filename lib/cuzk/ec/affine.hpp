#pragma once
// Affine points on a short Weierstrass curve y² = x³ + b (a = 0), over the field
// `Curve::Field`. The point at infinity is a flag here; the snarkjs file encoding of
// infinity (all-zero bytes) maps to it in the readers.
#include "cuzk/util/hd.hpp"

namespace cuzk::ec {

template <class Curve>
struct Affine {
  using CurveT = Curve;
  using Field = typename Curve::Field;
  Field x, y;
  bool inf = true;

  constexpr Affine() = default;
  CUZK_HD constexpr Affine(const Field& x_, const Field& y_) : x(x_), y(y_), inf(false) {}
  CUZK_HD static constexpr Affine infinity() { return Affine(); }
  CUZK_HD static constexpr Affine generator() { return Affine(Curve::gen_x(), Curve::gen_y()); }

  CUZK_HD constexpr bool is_inf() const { return inf; }
  CUZK_HD constexpr bool on_curve() const { return inf || y.sqr() == x.sqr() * x + Curve::b(); }
  CUZK_HD constexpr Affine operator-() const {
    Affine r = *this;
    if (!inf) r.y = -y;
    return r;
  }
  CUZK_HD friend constexpr bool operator==(const Affine& a, const Affine& b) {
    if (a.inf || b.inf) return a.inf == b.inf;
    return a.x == b.x && a.y == b.y;
  }
  CUZK_HD friend constexpr bool operator!=(const Affine& a, const Affine& b) { return !(a == b); }
};

}  // namespace cuzk::ec
