#pragma once
// BLS12-381 fields. The curve is defined by the seed x = −0xd201000000010000
// (Bowe, "BLS12-381: New zk-SNARK Elliptic Curve Construction", 2017):
//   r = x⁴ − x² + 1                (scalar field, 255 bits)
//   p = (x − 1)² · r / 3 + x       (base field, 381 bits)
// The moduli are written as data below and re-derived from x at compile time.
#include "cuzk/ff/bigint.hpp"
#include "cuzk/ff/mont.hpp"

namespace cuzk::bls12_381 {

using ff::Limbs;
namespace bi = ff::bi;

inline constexpr ff::u64 SEED_ABS = 0xd201000000010000ull;  // |x|; x is negative
inline constexpr bool SEED_NEGATIVE = true;

struct FrCfg {
  static constexpr std::size_t limbs = 4;
  static constexpr Limbs<4> modulus =
      bi::from_hex<4>("0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001");
  static constexpr const char* name = "bls12_381::Fr";
};
struct FqCfg {
  static constexpr std::size_t limbs = 6;
  static constexpr Limbs<6> modulus = bi::from_hex<6>(
      "0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaab");
  static constexpr const char* name = "bls12_381::Fq";
};

using Fr = ff::Mont<FrCfg>;
using Fq = ff::Mont<FqCfg>;

namespace detail {
constexpr Limbs<6> derive_r() {
  Limbs<6> x = bi::from_u64<6>(SEED_ABS);
  Limbs<6> x2 = bi::mul(x, x), x4 = bi::mul(x2, x2);
  Limbs<6> r = x4;
  bi::sub(r, x2);
  bi::add(r, bi::from_u64<6>(1));
  return r;
}
constexpr Limbs<8> derive_p() {
  Limbs<8> r = bi::resize<8>(derive_r());
  Limbs<8> xm1 = bi::from_u64<8>(SEED_ABS);  // x − 1 = −(|x| + 1): squared, sign vanishes
  bi::add(xm1, bi::from_u64<8>(1));
  Limbs<8> t = bi::mul(bi::mul(xm1, xm1), r);
  ff::u64 rem = 1;
  t = bi::div_small(t, 3, rem);
  if (rem != 0) throw "(x-1)^2 r not divisible by 3";
  bi::sub(t, bi::from_u64<8>(SEED_ABS));  // + x with x negative
  return t;
}
}  // namespace detail

static_assert(bi::cmp(bi::resize<4>(detail::derive_r()), FrCfg::modulus) == 0 &&
                  bi::is_zero(Limbs<2>{detail::derive_r()[4], detail::derive_r()[5]}),
              "Fr modulus must equal x^4 - x^2 + 1");
static_assert(bi::cmp(bi::resize<6>(detail::derive_p()), FqCfg::modulus) == 0 && detail::derive_p()[6] == 0,
              "Fq modulus must equal (x-1)^2 r / 3 + x");
static_assert(Fr::BITS == 255 && Fq::BITS == 381);
static_assert(Fq::P[0] % 4 == 3, "Fq sqrt uses p = 3 mod 4");

// ---- Fr roots of unity, the ffjavascript way ---------------------------------------
// ffjavascript takes nqr = smallest quadratic non-residue (5 for this r) and
// ω_(2^s) = nqr^((r−1)/2^s); smaller power-of-two roots by squaring. This differs from
// the generator-7 root used by blst/arkworks/bellperson; snarkjs keys require this one.
inline constexpr std::size_t FR_TWO_ADICITY = Fr::two_adicity();
inline constexpr ff::u64 FR_NQR = Fr::smallest_nqr();
static_assert(FR_TWO_ADICITY == 32);
static_assert(FR_NQR == 5, "ffjavascript's nqr for BLS12-381 Fr is 5");

namespace detail {
constexpr Fr derive_max_root() {
  Limbs<4> e = Fr::P;
  bi::sub(e, bi::from_u64<4>(1));
  for (std::size_t i = 0; i < FR_TWO_ADICITY; ++i) bi::shr1(e);
  return Fr::from_u64(FR_NQR).pow(e);
}
}  // namespace detail
inline constexpr Fr FR_ROOT_MAX = detail::derive_max_root();  // primitive 2^32-th root

// Primitive 2^log_n-th root of unity (log_n ≤ 32).
constexpr Fr fr_root_of_unity(std::size_t log_n) {
  Fr w = FR_ROOT_MAX;
  for (std::size_t i = log_n; i < FR_TWO_ADICITY; ++i) w = w.sqr();
  return w;
}
static_assert(fr_root_of_unity(1) == -Fr::one(), "ω_2 must be −1");

}  // namespace cuzk::bls12_381
