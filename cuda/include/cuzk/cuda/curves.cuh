#pragma once
// BLS12-381 on the device: Fr, Fq, Fq2 in 32-bit limbs and G1/G2 curve configs that plug
// the device fields into the host's generic formulas (lib/cuzk/ec: Jacobian, XYZZ,
// Affine; lib/cuzk/ff/fp2.hpp), which are CUZK_HD. No formula is restated here.
//
// Bases live on the device packed as {x, y} (Montgomery, 96 B for G1, 192 B for G2),
// the point at infinity as x = y = 0 (not on either curve, and the zkey's own encoding).
#include "cuzk/cuda/field.cuh"
#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"
#include "cuzk/ff/fp2.hpp"

namespace cuzk::cuda {

using DFr = Field<bls12_381::Fr>;
using DFq = Field<bls12_381::Fq>;
using DFq2 = ff::Fp2<DFq>;

static_assert(sizeof(DFr) == sizeof(bls12_381::Fr) && sizeof(DFq) == sizeof(bls12_381::Fq));
static_assert(sizeof(DFq2) == sizeof(bls12_381::Fq2));

struct DG1Curve {
  using Field = DFq;
  using HostCurve = bls12_381::G1Curve;
  static constexpr const char* name = "G1";
  CUZK_HD_INLINE static DFq b() {
    constexpr DFq k = DFq::from_host(bls12_381::G1Curve::b());
    return k;
  }
};
struct DG2Curve {
  using Field = DFq2;
  using HostCurve = bls12_381::G2Curve;
  static constexpr const char* name = "G2";
  CUZK_HD_INLINE static DFq2 b() {
    constexpr DFq k0 = DFq::from_host(bls12_381::G2Curve::b().c0), k1 = DFq::from_host(bls12_381::G2Curve::b().c1);
    return DFq2(k0, k1);
  }
};

// Packed device base point; layout-identical to two host field elements.
template <class Curve>
struct alignas(16) PackedAffine {
  using F = typename Curve::Field;
  F x, y;
  CUZK_HD_INLINE ec::Affine<Curve> unpack() const {
    ec::Affine<Curve> a;
    a.x = x;
    a.y = y;
    a.inf = x.is_zero() && y.is_zero();
    return a;
  }
};

template <class Curve>
using DXYZZ = ec::XYZZ<Curve>;
template <class Curve>
using DJacobian = ec::Jacobian<Curve>;

}  // namespace cuzk::cuda
