#pragma once
// Device curves: Fr, Fq, Fq2 in 32-bit limbs and G1/G2 curve configs that plug the device
// fields into the host's generic formulas (lib/cuzk/ec: Jacobian, XYZZ, Affine;
// lib/cuzk/ff/fp2.hpp), which are CUZK_HD. No formula is restated here, and no parameter:
// DeviceCurve<HostCurve> takes the field, the scalar field and b from the host curve type.
// BLS12-381's names are below; BN254's are in bn254_curves.cuh.
//
// Bases live on the device packed as {x, y} (Montgomery, 2·sizeof(Field) bytes: BLS12-381
// G1 96 B, G2 192 B; BN254 G1 64 B, G2 128 B), the point at infinity as x = y = 0 (not on
// either curve, and the zkey's own encoding).
#include <type_traits>

#include "cuzk/cuda/field.cuh"
#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"
#include "cuzk/ff/fp2.hpp"

namespace cuzk::cuda {

// The device type of a host field: Field<Mont> for a prime field, Fp2 over it for Fq2.
template <class H>
struct DeviceFieldOf {
  using type = Field<H>;
};
template <class H>
struct DeviceFieldOf<ff::Fp2<H>> {
  using type = ff::Fp2<Field<H>>;
};
template <class H>
using DeviceField = typename DeviceFieldOf<H>::type;

template <class HC>
struct DeviceCurve {
  using HostCurve = HC;
  using Field = DeviceField<typename HC::Field>;
  using Scalar = cuda::Field<typename HC::Scalar>;  // Fr on the device
  static constexpr bool kExtension = !std::is_same_v<Field, cuda::Field<typename HC::Field>>;  // G2
  static constexpr const char* name = HC::name;
  static_assert(sizeof(Field) == sizeof(typename HC::Field) && sizeof(Scalar) == sizeof(typename HC::Scalar));
  CUZK_HD_INLINE static Field b() {
    if constexpr (kExtension) {
      using B = typename Field::Base;
      constexpr B k0 = B::from_host(HC::b().c0), k1 = B::from_host(HC::b().c1);
      return Field(k0, k1);
    } else {
      constexpr Field k = Field::from_host(HC::b());
      return k;
    }
  }
};

// The device curve of a host affine type (ResidentBases<HostAffine>, WindowTable<HostAffine>).
template <class HostAffine>
struct DeviceCurveOfAffine;
template <class HC>
struct DeviceCurveOfAffine<ec::Affine<HC>> {
  using type = DeviceCurve<HC>;
};

using DFr = Field<bls12_381::Fr>;
using DFq = Field<bls12_381::Fq>;
using DFq2 = ff::Fp2<DFq>;
using DG1Curve = DeviceCurve<bls12_381::G1Curve>;
using DG2Curve = DeviceCurve<bls12_381::G2Curve>;

static_assert(sizeof(DFr) == sizeof(bls12_381::Fr) && sizeof(DFq) == sizeof(bls12_381::Fq));
static_assert(sizeof(DFq2) == sizeof(bls12_381::Fq2));

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
