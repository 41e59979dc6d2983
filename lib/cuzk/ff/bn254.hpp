#pragma once
// The BN254 parameters ("bn128" in circom/snarkjs, alt_bn128 in Ethereum's EIP-196/197):
// a Barreto–Naehrig curve (Barreto, Naehrig, "Pairing-friendly elliptic curves of prime
// order", SAC 2005) with the seed u = 0x44e992b44a6909f1 (positive, 63 bits):
//   p = 36u⁴ + 36u³ + 24u² + 6u + 1   (base field, 254 bits)
//   r = 36u⁴ + 36u³ + 18u² + 6u + 1   (scalar field, 254 bits; r = p + 1 − t, t = 6u² + 1)
// The moduli are written as data below and re-derived from u at compile time.
//
// Further parameters, each in its file and derived from these:
//   tower ξ = 9 + u                            ff/bn254_fq2.hpp, ff/bn254_tower.hpp
//   G1: y² = x³ + 3, G2: y² = x³ + 3/ξ (D-type)  ec/bn254_curves.hpp
//   G2 subgroup test (ψ constants)             ec/bn254_subgroup.hpp
//   ate loop 6u + 2, final exponentiation      pairing/bn254_pairing.cpp
//
// Limb headroom (mont.hpp, mont_x86.hpp): both moduli have top limb 0x30644e72e131a029 < 2^62,
// i.e. 2 spare bits. The field code keeps every value fully reduced in [0, p) and needs only
// p < 2^(64N−1) (one-subtraction add) and top limb < 2^63 − 1 (no-carry CIOS), asserted in
// mont.hpp; nothing relies on more spare bits (BLS12-381 Fq has 3, its Fr 1).
#include "cuzk/ff/bigint.hpp"
#include "cuzk/ff/mont.hpp"
#include "cuzk/ff/roots_of_unity.hpp"

namespace cuzk::bn254 {

using ff::Limbs;
namespace bi = ff::bi;

inline constexpr ff::u64 SEED = 0x44e992b44a6909f1ull;  // u > 0

struct FrCfg {
  static constexpr std::size_t limbs = 4;
  static constexpr Limbs<4> modulus =
      bi::from_hex<4>("0x30644e72e131a029b85045b68181585d2833e84879b9709143e1f593f0000001");
  static constexpr const char* name = "bn254::Fr";
};
struct FqCfg {
  static constexpr std::size_t limbs = 4;
  static constexpr Limbs<4> modulus =
      bi::from_hex<4>("0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd47");
  static constexpr const char* name = "bn254::Fq";
};

using Fr = ff::Mont<FrCfg>;
using Fq = ff::Mont<FqCfg>;

namespace detail {
// 36u⁴ + 36u³ + c2·u² + 6u + 1 in 6 limbs (the value has 254 bits).
constexpr Limbs<6> bn_poly(ff::u64 c2) {
  const Limbs<6> u = bi::from_u64<6>(SEED), u2 = bi::mul(u, u), u3 = bi::mul(u2, u), u4 = bi::mul(u3, u);
  Limbs<6> s = bi::from_u64<6>(1);
  bi::add(s, bi::mul(u4, bi::from_u64<6>(36)));
  bi::add(s, bi::mul(u3, bi::from_u64<6>(36)));
  bi::add(s, bi::mul(u2, bi::from_u64<6>(c2)));
  bi::add(s, bi::mul(u, bi::from_u64<6>(6)));
  return s;
}
}  // namespace detail

static_assert(bi::resize<6>(FqCfg::modulus) == detail::bn_poly(24), "Fq modulus must equal 36u^4+36u^3+24u^2+6u+1");
static_assert(bi::resize<6>(FrCfg::modulus) == detail::bn_poly(18), "Fr modulus must equal 36u^4+36u^3+18u^2+6u+1");
static_assert(Fr::BITS == 254 && Fq::BITS == 254);
static_assert(Fq::P[3] < (ff::u64(1) << 62) && Fr::P[3] < (ff::u64(1) << 62), "two spare bits in the top limb");
static_assert(Fq::P[0] % 4 == 3, "Fq sqrt and Fq2 = Fq[u]/(u^2+1) use p = 3 mod 4");
static_assert([] {
  ff::u64 rem = 0;
  bi::div_small(Fq::P, 6, rem);
  return rem == 1;
}(), "the sextic tower needs p = 1 mod 6");

// ---- Fr roots of unity (ff/roots_of_unity.hpp: nqr^((r−1)/2^s), as ffjavascript) -------
inline constexpr std::size_t FR_TWO_ADICITY = Fr::two_adicity();
inline constexpr ff::u64 FR_NQR = Fr::smallest_nqr();
static_assert(FR_TWO_ADICITY == 28);
static_assert(FR_NQR == 5, "ffjavascript's nqr for BN254 Fr is 5");
inline constexpr Fr FR_ROOT_MAX = ff::max_root_of_unity<Fr>;  // primitive 2^28-th root
constexpr Fr fr_root_of_unity(std::size_t log_n) { return ff::root_of_unity<Fr>(log_n); }
static_assert(fr_root_of_unity(1) == -Fr::one(), "ω_2 must be −1");

}  // namespace cuzk::bn254
