#pragma once
// Affine points on a short Weierstrass curve y² = x³ + b (a = 0), over the field
// `Curve::Field`. The point at infinity is a flag here; the snarkjs file encoding of
// infinity (all-zero bytes) maps to it in the readers.
#include "cuzk/util/hd.hpp"

namespace cuzk::ec {

template <class Curve>
struct Affine {
  using Field = typename Curve::Field;
  Field x, y;
  bool inf = true;

  constexpr Affine() = default;
  constexpr Affine(const Field& x_, const Field& y_) : x(x_), y(y_), inf(false) {}
  static constexpr Affine infinity() { return Affine(); }
  static constexpr Affine generator() { return Affine(Curve::gen_x(), Curve::gen_y()); }

  constexpr bool is_inf() const { return inf; }
  constexpr bool on_curve() const { return inf || y.sqr() == x.sqr() * x + Curve::b(); }
  constexpr Affine operator-() const {
    Affine r = *this;
    if (!inf) r.y = -y;
    return r;
  }
  friend constexpr bool operator==(const Affine& a, const Affine& b) {
    if (a.inf || b.inf) return a.inf == b.inf;
    return a.x == b.x && a.y == b.y;
  }
  friend constexpr bool operator!=(const Affine& a, const Affine& b) { return !(a == b); }
};

}  // namespace cuzk::ec
