#pragma once
// Jacobian coordinates (X : Y : Z) ↦ (X/Z², Y/Z³) on y² = x³ + b, a = 0; Z = 0 is
// infinity. Formulas from the Explicit-Formulas Database (hyperelliptic.org/EFD,
// g1p/auto-shortw-jacobian-0.html); counts in field M(ul) and S(quare), additions free.
// Templated on the curve (field + b), so G1 over Fq and G2 over Fq2 share them, and so
// can device code once the field type has device operations.
#include <cstddef>

#include "cuzk/ec/affine.hpp"
#include "cuzk/ff/bigint.hpp"
#include "cuzk/util/hd.hpp"

namespace cuzk::ec {

template <class Curve>
struct Jacobian {
  using Field = typename Curve::Field;
  using Aff = Affine<Curve>;
  Field X, Y, Z;  // default: all zero = infinity

  CUZK_HD static constexpr Jacobian infinity() { return Jacobian(); }
  CUZK_HD static constexpr Jacobian from_affine(const Aff& a) {
    Jacobian r;
    if (!a.inf) {
      r.X = a.x;
      r.Y = a.y;
      r.Z = Field::one();
    }
    return r;
  }
  CUZK_HD static constexpr Jacobian generator() { return from_affine(Aff::generator()); }
  CUZK_HD constexpr bool is_inf() const { return Z.is_zero(); }

  CUZK_HD constexpr Jacobian operator-() const {
    Jacobian r = *this;
    r.Y = -Y;
    return r;
  }

  // dbl-2009-l: 2M + 5S.
  CUZK_HD constexpr Jacobian dbl() const {
    if (is_inf()) return *this;
    Field A = X.sqr(), B = Y.sqr(), C = B.sqr();
    Field D = ((X + B).sqr() - A - C).dbl();
    Field E = A.dbl() + A, F = E.sqr();
    Jacobian r;
    r.X = F - D.dbl();
    r.Y = E * (D - r.X) - C.dbl().dbl().dbl();
    r.Z = (Y * Z).dbl();
    return r;
  }

  // add-2007-bl: 11M + 5S. Falls back to dbl() when P = Q.
  CUZK_HD friend constexpr Jacobian operator+(const Jacobian& p, const Jacobian& q) {
    if (p.is_inf()) return q;
    if (q.is_inf()) return p;
    Field Z1Z1 = p.Z.sqr(), Z2Z2 = q.Z.sqr();
    Field U1 = p.X * Z2Z2, U2 = q.X * Z1Z1;
    Field S1 = p.Y * q.Z * Z2Z2, S2 = q.Y * p.Z * Z1Z1;
    Field H = U2 - U1, rr = (S2 - S1).dbl();
    if (H.is_zero()) return rr.is_zero() ? p.dbl() : infinity();
    Field I = H.dbl().sqr(), J = H * I, V = U1 * I;
    Jacobian r;
    r.X = rr.sqr() - J - V.dbl();
    r.Y = rr * (V - r.X) - (S1 * J).dbl();
    r.Z = ((p.Z + q.Z).sqr() - Z1Z1 - Z2Z2) * H;
    return r;
  }

  // madd-2007-bl (Z2 = 1): 7M + 4S.
  CUZK_HD constexpr Jacobian add_mixed(const Aff& q) const {
    if (q.inf) return *this;
    if (is_inf()) return from_affine(q);
    Field Z1Z1 = Z.sqr();
    Field U2 = q.x * Z1Z1, S2 = q.y * Z * Z1Z1;
    Field H = U2 - X, rr = (S2 - Y).dbl();
    if (H.is_zero()) return rr.is_zero() ? dbl() : infinity();
    Field HH = H.sqr(), I = HH.dbl().dbl(), J = H * I, V = X * I;
    Jacobian r;
    r.X = rr.sqr() - J - V.dbl();
    r.Y = rr * (V - r.X) - (Y * J).dbl();
    r.Z = (Z + H).sqr() - Z1Z1 - HH;
    return r;
  }

  CUZK_HD constexpr Jacobian& operator+=(const Jacobian& q) { return *this = *this + q; }
  CUZK_HD friend constexpr Jacobian operator-(const Jacobian& p, const Jacobian& q) { return p + (-q); }

  // Projective equality: X1·Z2² = X2·Z1² and Y1·Z2³ = Y2·Z1³.
  CUZK_HD friend constexpr bool operator==(const Jacobian& p, const Jacobian& q) {
    if (p.is_inf() || q.is_inf()) return p.is_inf() == q.is_inf();
    Field Z1Z1 = p.Z.sqr(), Z2Z2 = q.Z.sqr();
    return p.X * Z2Z2 == q.X * Z1Z1 && p.Y * Z2Z2 * q.Z == q.Y * Z1Z1 * p.Z;
  }
  CUZK_HD friend constexpr bool operator!=(const Jacobian& p, const Jacobian& q) { return !(p == q); }

  // One inversion + 3M + 1S.
  CUZK_HD constexpr Aff to_affine() const {
    if (is_inf()) return Aff::infinity();
    Field zi = Z.inverse(), zi2 = zi.sqr();
    return Aff(X * zi2, Y * zi2 * zi);
  }

  CUZK_HD constexpr bool on_curve() const {
    if (is_inf()) return true;
    Field Z2 = Z.sqr(), Z6 = Z2.sqr() * Z2;
    return Y.sqr() == X.sqr() * X + Curve::b() * Z6;
  }

  // Left-to-right double-and-add on a little-endian scalar (variable time: the prover's
  // secrets r, s enter only through the MSM-style fixed-base products, see groth16/).
  template <std::size_t M>
  constexpr Jacobian mul(const ff::Limbs<M>& k) const {
    Jacobian r;
    for (std::size_t i = ff::bi::num_bits(k); i-- > 0;) {
      r = r.dbl();
      if (ff::bi::bit(k, i)) r += *this;
    }
    return r;
  }
};

}  // namespace cuzk::ec
