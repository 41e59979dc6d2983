// pippenger() / msm_naive() for BN254's G1 and G2 (bodies in pippenger_impl.hpp; apart from
// the BLS12-381 instances so their code is compiled as before), and BN254's GLV split.
#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/msm/pippenger_impl.hpp"

namespace cuzk::msm {

namespace {

// GLV on BN254's G1: φ(x, y) = (β·x, y) acts as [λ], λ = 36u³ + 18u² + 6u + 1 (192 bits), so
// a 2-dimensional split (Gallant, Lambert, Vanstone 2001, §4) with the lattice
// {(a, b) : a + b·λ ≡ 0 mod r} and its short basis v1 = (2u + 1, −(6u² + 2u)),
// v2 = (6u² + 4u + 1, 2u + 1) (determinant r): with c_i = ⌊k·g_i / 2^256⌋, g1 = ⌊b2·2^256/r⌋,
// g2 = ⌊|b1|·2^256/r⌋ (c_i = the Babai coefficients or one less),
//   k1 = k − c1·a1 − c2·a2 ∈ [0, 2^128),   k2 = c1·|b1| − c2·b2,   k = k1 + k2·λ (mod r).
// (k1, k2) = f1·v1 + f2·v2 with f_i ∈ [0, 2): k1 ≥ 0, and k2 ≤ 0 unless f1 < f2/(3u); then
// (k1 + a1, k2 − |b1|) (adding v1) makes it negative. So k·P = k1·P + |k2|·(−φ(P)), the
// shape of the BLS12-381 split above: both halves below 2^128.
namespace glv_bn254 {
constexpr Limbs<4> U = {bn254::SEED, 0, 0, 0};
constexpr Limbs<4> A1 = [] { auto t = bi::mul<4>(U, bi::from_u64<4>(2)); bi::add(t, bi::from_u64<4>(1)); return t; }();
constexpr Limbs<4> B2 = A1;                                                        // 2u + 1
constexpr Limbs<4> U2X6 = bi::mul<4>(bi::mul<4>(U, U), bi::from_u64<4>(6));
constexpr Limbs<4> B1_ABS = [] { auto t = U2X6; bi::add(t, bi::mul<4>(U, bi::from_u64<4>(2))); return t; }();  // 6u²+2u
constexpr Limbs<4> A2 = [] { auto t = U2X6; bi::add(t, bi::mul<4>(U, bi::from_u64<4>(4))); bi::add(t, bi::from_u64<4>(1)); return t; }();
constexpr Limbs<8> G1 = bi::from_hex<8>("0x2d91d232ec7e0b3d7");                     // ⌊b2·2^256/r⌋
constexpr Limbs<8> G2 = bi::from_hex<8>("0x24ccef014a773d2cf7a7bd9d4391eb18d");     // ⌊|b1|·2^256/r⌋
// g = ⌊b·2^256/r⌋  ⇔  g·r ≤ b·2^256 < g·r + r
constexpr bool is_floor_quotient(const Limbs<8>& g, const Limbs<4>& b) {
  const Limbs<8> r = bi::resize<8>(bn254::Fr::P);
  Limbs<8> lo = bi::mul<8>(g, r), hi = lo, b256{};
  bi::add(hi, r);
  for (int i = 0; i < 4; ++i) b256[4 + i] = b[i];
  return bi::cmp(lo, b256) <= 0 && bi::cmp(b256, hi) < 0;
}
static_assert(is_floor_quotient(G1, B2) && is_floor_quotient(G2, B1_ABS), "g1, g2 must be the floor quotients");
// det(v1, v2) = a1·b2 − a2·b1 = a1·b2 + a2·|b1| = r
static_assert([] {
  Limbs<8> d = bi::mul<8>(bi::resize<8>(A1), bi::resize<8>(B2));
  bi::add(d, bi::mul<8>(bi::resize<8>(A2), bi::resize<8>(B1_ABS)));
  return d == bi::resize<8>(bn254::Fr::P);
}(), "the lattice basis must have determinant r");
}  // namespace glv_bn254

inline void glv_split_bn254(const Limbs<4>& k, Limbs<4>& rem, Limbs<4>& q) {
  using namespace glv_bn254;
  const Limbs<8> k8 = bi::resize<8>(k);
  const Limbs<8> p1 = bi::mul<8>(k8, G1), p2 = bi::mul<8>(k8, G2);
  const Limbs<4> c1 = {p1[4], p1[5], 0, 0}, c2 = {p2[4], p2[5], 0, 0};  // < 2^64, < 2^128
  rem = k;  // k1, exact in wrap-around arithmetic (the result is below 2^128)
  bi::sub(rem, bi::mul<4>(c1, A1));
  bi::sub(rem, bi::mul<4>(c2, A2));
  q = bi::mul<4>(c2, B2);  // −k2 = c2·b2 − c1·|b1|
  bi::sub(q, bi::mul<4>(c1, B1_ABS));
  if (q[3] >> 63) {  // k2 > 0: add v1
    bi::add(rem, A1);
    bi::add(q, B1_ABS);
  }
}

template <>
struct Glv<bn254::G1Curve> {
  static constexpr bool enabled = true;
  static void split(const Limbs<4>& k, Limbs<4>& rem, Limbs<4>& q) { glv_split_bn254(k, rem, q); }
  static constexpr const bn254::Fq& beta = bn254::subgroup_detail::kBeta;
};

}  // namespace

template ec::Jacobian<bn254::G1Curve> pippenger(const ec::Affine<bn254::G1Curve>*, const Limbs<4>*, std::size_t,
                                                const MsmConfig&);
template ec::Jacobian<bn254::G2Curve> pippenger(const ec::Affine<bn254::G2Curve>*, const Limbs<4>*, std::size_t,
                                                const MsmConfig&);
template ec::Jacobian<bn254::G1Curve> msm_naive(const ec::Affine<bn254::G1Curve>*, const Limbs<4>*, std::size_t);
template ec::Jacobian<bn254::G2Curve> msm_naive(const ec::Affine<bn254::G2Curve>*, const Limbs<4>*, std::size_t);

}  // namespace cuzk::msm
