#pragma once
// BLS12-381 groups: G1 ⊂ E(Fq): y² = x³ + 4 and G2 ⊂ E'(Fq2): y² = x³ + 4(1 + u)
// (the M-type sextic twist). Generators as in the IETF pairing-friendly-curves draft /
// zcash spec; checked on the curve at compile time.
#include "cuzk/ec/affine.hpp"
#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bls12_381_fq2.hpp"

namespace cuzk::bls12_381 {

constexpr Fq fq_hex(const char* h) { return Fq::from_canonical(bi::from_hex<6>(h)); }

struct G1Curve {
  using Field = Fq;
  using Scalar = Fr;
  static constexpr const char* name = "G1";
  // Each constant is a constexpr local: evaluated once by the compiler, never per call (a
  // Montgomery form is a product, and the x86 one is asm the optimizer cannot fold).
  static constexpr Fq b() { constexpr Fq k = Fq::from_u64(4); return k; }
  static constexpr Fq gen_x() {
    constexpr Fq k = fq_hex("0x17f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb");
    return k;
  }
  static constexpr Fq gen_y() {
    constexpr Fq k = fq_hex("0x08b3f481e3aaa0f1a09e30ed741d8ae4fcf5e095d5d00af600db18cb2c04b3edd03cc744a2888ae40caa232946c5e7e1");
    return k;
  }
};

struct G2Curve {
  using Field = Fq2;
  using Scalar = Fr;
  static constexpr const char* name = "G2";
  static constexpr Fq2 b() { constexpr Fq2 k = Fq2(Fq::from_u64(4), Fq::from_u64(4)); return k; }
  static constexpr Fq2 gen_x() {
    constexpr Fq2 k = Fq2(fq_hex("0x024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"),
               fq_hex("0x13e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"));
    return k;
  }
  static constexpr Fq2 gen_y() {
    constexpr Fq2 k = Fq2(fq_hex("0x0ce5d527727d6e118cc9cdc6da2e351aadfd9baa8cbdd3a76d429a695160d12c923ac9cc3baca289e193548608b82801"),
               fq_hex("0x0606c4a02ea734cc32acd2b02bc28b99cb3e287e85a763af267492ab572e99ab3f370d275cec1da1aaa9075ff05f79be"));
    return k;
  }
};

using G1Affine = ec::Affine<G1Curve>;
using G1 = ec::Jacobian<G1Curve>;
using G1XYZZ = ec::XYZZ<G1Curve>;
using G2Affine = ec::Affine<G2Curve>;
using G2 = ec::Jacobian<G2Curve>;
using G2XYZZ = ec::XYZZ<G2Curve>;

static_assert(G1Affine::generator().on_curve(), "G1 generator must lie on y^2 = x^3 + 4");
static_assert(G2Affine::generator().on_curve(), "G2 generator must lie on y^2 = x^3 + 4(1+u)");
// The sextic twist E': y² = x³ + 4ξ (M-type: b' = b·ξ, ξ = 1 + u as in ff/bls12_381_tower.hpp).
static_assert(G2Curve::b() == Fq2(G1Curve::b(), Fq::zero()).mul_by_k_plus_u<XI_K>(), "twist b' must be 4(1+u)");

// Subgroup membership: cuzk/ec/bls12_381_subgroup.hpp (in_subgroup).

}  // namespace cuzk::bls12_381
