#pragma once
// Extended Jacobian "XYZZ" coordinates (X, Y, ZZ, ZZZ) ↦ (X/ZZ, Y/ZZZ), ZZ³ = ZZZ²,
// ZZ = 0 is infinity. Cheaper mixed additions than Jacobian (8M + 2S vs 7M + 4S but no
// doubling-check overhead in buckets), the usual bucket representation for Pippenger.
// Formulas: EFD g1p/auto-shortw-xyzz.html (Sutherland 2008): madd-2008-s, add-2008-s,
// dbl-2008-s-1, mdbl-2008-s-1. Each Y3 = A·B − C·D is ff::diff_of_products: one reduction
// for the two products on the device.
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ff/products.hpp"

namespace cuzk::ec {

template <class Curve>
struct XYZZ {
  using Field = typename Curve::Field;
  using Aff = Affine<Curve>;
  Field X, Y, ZZ, ZZZ;

  CUZK_HD static constexpr XYZZ infinity() { return XYZZ(); }
  CUZK_HD constexpr bool is_inf() const { return ZZ.is_zero(); }
  CUZK_HD static constexpr XYZZ from_affine(const Aff& a) {
    XYZZ r;
    if (!a.inf) {
      r.X = a.x;
      r.Y = a.y;
      r.ZZ = r.ZZZ = Field::one();
    }
    return r;
  }

  // dbl-2008-s-1: 6M + 3S.
  CUZK_HD constexpr XYZZ dbl() const {
    if (is_inf()) return *this;
    Field U = Y.dbl(), V = U.sqr(), W = U * V, S = X * V;
    Field Xs = X.sqr(), M = Xs.dbl() + Xs;
    XYZZ r;
    r.X = M.sqr() - S.dbl();
    r.Y = ff::diff_of_products(M, S - r.X, W, Y);
    r.ZZ = V * ZZ;
    r.ZZZ = W * ZZZ;
    return r;
  }
  // mdbl-2008-s-1 (ZZ = ZZZ = 1): 4M + 2S... of an affine point. Rare in add_mixed (P = Q);
  // kept out of line on the device so its temporaries do not add to the bucket loop's.
#if defined(__CUDACC__)
  __noinline__
#endif
  CUZK_HD static constexpr XYZZ dbl_affine(const Aff& a) {
    if (a.inf) return infinity();
    Field U = a.y.dbl(), V = U.sqr(), W = U * V, S = a.x * V;
    Field Xs = a.x.sqr(), M = Xs.dbl() + Xs;
    XYZZ r;
    r.X = M.sqr() - S.dbl();
    r.Y = ff::diff_of_products(M, S - r.X, W, a.y);
    r.ZZ = V;
    r.ZZZ = W;
    return r;
  }

  // madd-2008-s: 8M + 2S. The same operations as the EFD listing, ordered so that each
  // intermediate dies as early as possible (ZZ·PP right after PP, ZZZ·PPP right after PPP,
  // X dead after Q): at most 7 field elements live instead of 9. ptxas, G2 bucket loop (Fq2:
  // 24 registers each): spills 304/312 B → 236/248 B with this order, 48/48 B with
  // dbl_affine out of line as well (docs/experiments/g2-madd-2026-12-04).
  CUZK_HD constexpr XYZZ add_mixed(const Aff& q) const {
    if (q.inf) return *this;
    if (is_inf()) return from_affine(q);
    const Field P = q.x * ZZ - X, R = q.y * ZZZ - Y;
    if (P.is_zero()) return R.is_zero() ? dbl_affine(q) : infinity();
    XYZZ r;
    const Field PP = P.sqr();
    r.ZZ = ZZ * PP;
    const Field PPP = P * PP;
    const Field Q = X * PP;
    r.ZZZ = ZZZ * PPP;
    r.X = R.sqr() - PPP - Q.dbl();
    r.Y = ff::diff_of_products(R, Q - r.X, Y, PPP);
    return r;
  }
  CUZK_HD constexpr XYZZ sub_mixed(const Aff& q) const { return add_mixed(-q); }

  // add-2008-s: 12M + 2S.
  CUZK_HD friend constexpr XYZZ operator+(const XYZZ& p, const XYZZ& q) {
    if (p.is_inf()) return q;
    if (q.is_inf()) return p;
    Field U1 = p.X * q.ZZ, U2 = q.X * p.ZZ, S1 = p.Y * q.ZZZ, S2 = q.Y * p.ZZZ;
    Field P = U2 - U1, R = S2 - S1;
    if (P.is_zero()) return R.is_zero() ? p.dbl() : infinity();
    Field PP = P.sqr(), PPP = P * PP, Q = U1 * PP;
    XYZZ r;
    r.X = R.sqr() - PPP - Q.dbl();
    r.Y = ff::diff_of_products(R, Q - r.X, S1, PPP);
    r.ZZ = p.ZZ * q.ZZ * PP;
    r.ZZZ = p.ZZZ * q.ZZZ * PPP;
    return r;
  }
  CUZK_HD constexpr XYZZ& operator+=(const XYZZ& q) { return *this = *this + q; }

  // (X·ZZ², Y·ZZZ², ZZZ) is the same point in Jacobian form (Z = ZZZ): 2M + 2S... 4M total.
  CUZK_HD constexpr Jacobian<Curve> to_jacobian() const {
    Jacobian<Curve> j;
    if (is_inf()) return j;
    j.X = X * ZZ.sqr();
    j.Y = Y * ZZZ.sqr();
    j.Z = ZZZ;
    return j;
  }
};

}  // namespace cuzk::ec
