#pragma once
// BN254 groups: G1 = E(Fq): y² = x³ + 3 (prime order r, cofactor 1) and G2 ⊂ E'(Fq2):
// y² = x³ + 3/ξ, ξ = 9 + u, the D-type sextic twist (b' = b/ξ), #E'(Fq2) = h2·r with
// h2 = 2p − r (scripts/subgroup-constants.py factors it). Generators as EIP-197 and
// snarkjs/ffjavascript's bn128 (G1 = (1, 2)); checked on the curve at compile time and
// against [r]G = O in tests/core/test_curve.cpp.
#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"
#include "cuzk/ff/bn254.hpp"
#include "cuzk/ff/bn254_fq2.hpp"

namespace cuzk::bn254 {

constexpr Fq fq_from_decimal(const char* d) {  // decimal literal → Fq (compile time; < p checked by use)
  Limbs<4> x{};
  for (; *d; ++d) {
    Limbs<4> t = bi::mul(x, bi::from_u64<4>(10));
    bi::add(t, bi::from_u64<4>(ff::u64(*d - '0')));
    x = t;
  }
  if (!Fq::is_canonical(x)) throw "coordinate not below p";
  return Fq::from_canonical(x);
}

struct G1Curve {
  using Field = Fq;
  using Scalar = Fr;
  static constexpr const char* name = "G1";
  // Each constant is a constexpr local: evaluated once by the compiler, never per call (a
  // Montgomery form is a product, and the x86 one is asm the optimizer cannot fold).
  static constexpr Fq b() { constexpr Fq k = Fq::from_u64(3); return k; }
  static constexpr Fq gen_x() { constexpr Fq k = Fq::from_u64(1); return k; }
  static constexpr Fq gen_y() { constexpr Fq k = Fq::from_u64(2); return k; }
};

struct G2Curve {
  using Field = Fq2;
  using Scalar = Fr;
  static constexpr const char* name = "G2";
  // 3/ξ = 3·(9 − u)/82. A constexpr local, as in G1Curve: returned as a plain return, the
  // inversion ran on every call, and on_curve() calls b() once a point (17 % of a BN254
  // `prove` at 2^16 went to parsing the key's G2 points through it).
  static constexpr Fq2 b() {
    constexpr Fq2 k = Fq2(Fq::from_u64(27), -Fq::from_u64(3)).mul_base(Fq::from_u64(82).inverse_fermat());
    return k;
  }
  static constexpr Fq2 gen_x() {
    constexpr Fq2 k = Fq2(fq_from_decimal("10857046999023057135944570762232829481370756359578518086990519993285655852781"),
               fq_from_decimal("11559732032986387107991004021392285783925812861821192530917403151452391805634"));
    return k;
  }
  static constexpr Fq2 gen_y() {
    constexpr Fq2 k = Fq2(fq_from_decimal("8495653923123431417604973247489272438418190587263600148770280649306958101930"),
               fq_from_decimal("4082367875863433681332203403145435568316851327593401208105741076214120093531"));
    return k;
  }
};

using G1Affine = ec::Affine<G1Curve>;
using G1 = ec::Jacobian<G1Curve>;
using G1XYZZ = ec::XYZZ<G1Curve>;
using G2Affine = ec::Affine<G2Curve>;
using G2 = ec::Jacobian<G2Curve>;
using G2XYZZ = ec::XYZZ<G2Curve>;

static_assert(G1Affine::generator().on_curve(), "G1 generator must lie on y^2 = x^3 + 3");
static_assert(G2Affine::generator().on_curve(), "G2 generator must lie on y^2 = x^3 + 3/(9+u)");
// D-type twist: b'·ξ = b.
static_assert(G2Curve::b().mul_by_k_plus_u<XI_K>() == Fq2(G1Curve::b(), Fq::zero()), "twist b' must be 3/xi");

// Subgroup membership: cuzk/ec/bn254_subgroup.hpp (in_subgroup).

}  // namespace cuzk::bn254
