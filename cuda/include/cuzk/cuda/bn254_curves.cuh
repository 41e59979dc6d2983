#pragma once
// BN254 ("bn128") on the device: the same generic Field and DeviceCurve as BLS12-381
// (curves.cuh), instantiated with the host's BN254 types (lib/cuzk/ff/bn254.hpp,
// lib/cuzk/ec/bn254_curves.hpp), which hold every parameter; nothing is restated here.
//
// What the device field code assumes, checked for BN254's moduli (8 limbs of 32 bits each,
// p and r both of 254 bits; BLS12-381's Fr, also 8 limbs, has 255):
//  - a spare top bit (p < 2^255; BN254 has two): a + b fits the limbs before the one
//    correction, the SOS product and the sum of two products (< 2p², p < R/2) end below 2p,
//    and Shoup's product (shoup.cuh) has its inputs and remainder below 2p < 2^256
//    (asserted in Field itself);
//  - Montgomery radix R = 2^256 and −p⁻¹ mod 2^32 from the host (asserted in Field), and
//    −p⁻¹ mod 2^256 for Shoup's quotients (derived and asserted in ShoupConst);
//  - the 8-limb product, square and reduction take the interleaved rows (Field's
//    kAlignedProduct is for 12 limbs), the same code as BLS12-381's Fr.
// The PTX of these products runs on the CPU against Python integers for both moduli
// (tests/cuda/ptx), and on a GPU against the host fields (tests/cuda/test_field.cu).
#include "cuzk/cuda/curves.cuh"
#include "cuzk/ec/bn254_curves.hpp"

namespace cuzk::cuda::bn254_device {

using DFr = Field<bn254::Fr>;
using DFq = Field<bn254::Fq>;
using DFq2 = ff::Fp2<DFq>;
using DG1Curve = DeviceCurve<bn254::G1Curve>;
using DG2Curve = DeviceCurve<bn254::G2Curve>;

static_assert(DFr::N == 8 && DFq::N == 8, "BN254's fields are 8 limbs of 32 bits");
static_assert(sizeof(DFq2) == sizeof(bn254::Fq2));
static_assert(std::is_same_v<DG1Curve::Scalar, DFr> && std::is_same_v<DG2Curve::Field, DFq2>);

}  // namespace cuzk::cuda::bn254_device
