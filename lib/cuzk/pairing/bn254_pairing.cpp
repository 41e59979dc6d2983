// Optimal ate pairing on BN254 (Vercauteren, "Optimal pairings", IEEE TIT 2010, §IV BN
// curves): f = f_{6u+2,Q}(P) · ℓ_{T,π(Q)}(P) · ℓ_{T+π(Q),−π²(Q)}(P), T = [6u+2]Q, then the
// final exponentiation. The steps and the line placement (D-type twist) are shared with
// BLS12-381 (miller_steps.hpp). Counts in Fq2 multiplications (M₂) and squarings (S₂).
#include "cuzk/pairing/bn254_pairing.hpp"

#include <array>
#include <vector>

#include "cuzk/ec/bn254_subgroup.hpp"
#include "cuzk/pairing/miller_steps.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::bn254 {
namespace {

constexpr pairing::Twist TWIST = pairing::Twist::D;  // b' = b/ξ (ec/bn254_curves.hpp)
constexpr Fq2 THREE_B = G2Curve::b() + G2Curve::b() + G2Curve::b();

// The ate loop count 6u + 2 (65 bits) in non-adjacent form, least significant digit first,
// derived at compile time (NAF: Reitwiesner 1960; 66 digits, 22 non-zero against 37 set
// bits in binary, so 21 addition steps instead of 36).
constexpr std::size_t NAF_LEN = 66;
constexpr std::array<signed char, NAF_LEN> loop_naf() {
  std::array<signed char, NAF_LEN> d{};
  unsigned __int128 k = (unsigned __int128)SEED * 6 + 2;
  std::size_t i = 0;
  while (k != 0) {
    if (i >= NAF_LEN) throw "6u+2 has a longer NAF";
    signed char z = 0;
    if (k & 1) {
      z = (k & 3) == 1 ? 1 : -1;
      k = z == 1 ? k - 1 : k + 1;
    }
    d[i++] = z;
    k >>= 1;
  }
  if (i != NAF_LEN || d[NAF_LEN - 1] != 1) throw "NAF length";
  return d;
}
constexpr std::array<signed char, NAF_LEN> NAF = loop_naf();
constexpr unsigned __int128 naf_value() {
  __int128 v = 0;
  for (std::size_t i = NAF_LEN; i-- > 0;) v = 2 * v + NAF[i];
  return (unsigned __int128)v;
}
static_assert(naf_value() == (unsigned __int128)SEED * 6 + 2, "NAF must evaluate to 6u + 2");

}  // namespace

// Digits 64..0 below the leading 1: for n pairs the 64 Fq12 squarings (12M₂ each) are
// shared; each pair adds 65 doubling steps and 21 + 2 addition steps, each followed by a
// 13M₂ sparse product.
Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Affine> qs) {
  if (ps.size() != qs.size()) throw Error(Error::Kind::BadInput, "miller_loop: number of G1 and G2 points differ");
  struct Pair {
    Fq xp, yp;
    G2Affine q, neg_q;
    pairing::G2Proj<Fq2> t;
  };
  std::vector<Pair> pairs;
  pairs.reserve(ps.size());
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (ps[i].inf || qs[i].inf) continue;  // e(O, Q) = e(P, O) = 1
    pairs.push_back({ps[i].x, ps[i].y, qs[i], -qs[i], {qs[i].x, qs[i].y, Fq2::one()}});
  }
  Fq12 f = Fq12::one();
  if (pairs.empty()) return f;
  for (std::size_t i = NAF_LEN - 1; i-- > 0;) {
    if (i != NAF_LEN - 2) f = f.sqr();
    for (auto& pr : pairs) pairing::mul_line<TWIST>(f, pairing::dbl_step(pr.t, THREE_B, pr.xp, pr.yp));
    if (NAF[i] != 0)
      for (auto& pr : pairs) {
        const G2Affine& q = NAF[i] > 0 ? pr.q : pr.neg_q;
        pairing::mul_line<TWIST>(f, pairing::add_step(pr.t, q.x, q.y, pr.xp, pr.yp));
      }
  }
  // The two Frobenius lines: Q1 = π(Q) = ψ(Q), −Q2 = −π²(Q) (ψ of ec/bn254_subgroup.hpp).
  for (auto& pr : pairs) {
    const G2Affine q1 = endo_psi(pr.q), q2 = -endo_psi(q1);
    pairing::mul_line<TWIST>(f, pairing::add_step(pr.t, q1.x, q1.y, pr.xp, pr.yp));
    pairing::mul_line<TWIST>(f, pairing::add_step(pr.t, q2.x, q2.y, pr.xp, pr.yp));
  }
  return f;
}

Fq12 miller_loop(const G1Affine& p, const G2Affine& q) {
  return miller_loop(std::span<const G1Affine>(&p, 1), std::span<const G2Affine>(&q, 1));
}

// m^u by left-to-right square-and-multiply over the 63 bits of u (62 cyclotomic squarings,
// 27 Fq12 multiplications).
Fq12 cyclotomic_exp_by_seed(const Fq12& m) {
  Fq12 r = m;
  for (int i = 61; i >= 0; --i) {
    r = r.cyclotomic_sqr();
    if ((SEED >> i) & 1) r *= m;
  }
  return r;
}

// Final exponentiation f^(λ·(p¹²−1)/r), λ = 2u(6u² + 3u + 1):
//   Easy part: m = f^(p⁶−1) = conj(f)·f⁻¹ (1 inversion + 1M), m ← m^(p²)·m.
//   Hard part: Fuentes-Castañeda, Knapp, Rodríguez-Henríquez, "Faster hashing to G2"
//   (SAC 2011) §6, as an identity of integers (test_pairing_bn254.cpp checks the result
//   against f^(λ(p¹²−1)/r) by plain powering):
//     λ·(p⁴ − p² + 1)/r = λ0 + λ1·p + λ2·p² + λ3·p³,  λ0 = 12u³ + 12u² + 6u + 1,
//     λ1 = 12u³ + 6u² + 4u,  λ2 = 12u³ + 6u² + 6u,  λ3 = 12u³ + 6u² + 4u − 1,
//   evaluated by the chain below: 3 exponentiations by u (62 cyclotomic squarings + 27 M
//   each), 4 more cyclotomic squarings, 3 Frobenius maps and 10 M: ≈ 190 cyclotomic
//   squarings + 91 M. The same chain as @noble/curves', so the same power λ.
Fq12 final_exponentiation(const Fq12& f) {
  Fq12 m = f.conj() * f.inverse();
  m = m.frobenius_map(2) * m;
  auto exp_neg_u = [](const Fq12& a) { return cyclotomic_exp_by_seed(a).conj(); };  // a^(−u)
  const Fq12 y1 = exp_neg_u(m).cyclotomic_sqr();             // m^(−2u)
  const Fq12 y2 = y1.cyclotomic_sqr() * y1;                  // m^(−6u)
  const Fq12 y4 = exp_neg_u(y2);                             // m^(6u²)
  const Fq12 y6 = exp_neg_u(y4.cyclotomic_sqr());            // m^(−12u³)
  const Fq12 y8 = y6.conj() * y4 * y2.conj();                // m^(12u³ + 6u² + 6u)
  const Fq12 y9 = y8 * y1;                                   // m^(12u³ + 6u² + 4u)
  return (m.conj() * y9).frobenius_map(3) * y8.frobenius_map(2) * y9.frobenius_map(1) * (y8 * y4 * m);
}

Fq12 pairing(const G1Affine& p, const G2Affine& q) { return final_exponentiation(miller_loop(p, q)); }

bool pairing_product_is_one(std::span<const G1Affine> ps, std::span<const G2Affine> qs) {
  if (ps.size() != qs.size())
    throw Error(Error::Kind::BadInput, "pairing_product_is_one: number of G1 and G2 points differ");
  return final_exponentiation(miller_loop(ps, qs)).is_one();
}

}  // namespace cuzk::bn254
