// Optimal ate pairing on BLS12-381: Miller loop over the seed x = −0xd201000000010000
// with G2 in homogeneous projective coordinates and sparse line multiplication, then the
// final exponentiation. Formula sources and operation counts are given per step; counts
// in Fq2 multiplications (M₂), squarings (S₂) and Fq2×Fq products (m).
#include "cuzk/pairing/bls12_381_pairing.hpp"

#include <vector>

#include "cuzk/pairing/miller_steps.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::bls12_381 {
namespace {

// 3b' for the twist E': y² = x³ + b', b' = 4(1 + u).
constexpr Fq2 THREE_B = G2Curve::b() + G2Curve::b() + G2Curve::b();

// The steps and the line placement are shared with BN254 (pairing/miller_steps.hpp);
// BLS12-381's twist is M-type: ℓ = c + x·v + y·v·w, the (0, 1, 4) shape, 13M₂.
using G2Proj = pairing::G2Proj<Fq2>;
inline void mul_line(Fq12& f, const pairing::Line<Fq2>& l) { pairing::mul_line<pairing::Twist::M>(f, l); }
inline pairing::Line<Fq2> dbl_step(G2Proj& t, const Fq& xp, const Fq& yp) { return pairing::dbl_step(t, THREE_B, xp, yp); }
inline pairing::Line<Fq2> add_step(G2Proj& t, const G2Affine& q, const Fq& xp, const Fq& yp) {
  return pairing::add_step(t, q.x, q.y, xp, yp);
}

}  // namespace

// Miller loop, Miller's algorithm in the optimal-ate form for BLS12 (Vercauteren,
// "Optimal pairings", IEEE TIT 2010): f_{|x|,Q}(P) by the binary expansion of
// |x| = 0xd201000000010000 (64 bits, Hamming weight 6: 63 doubling steps, 5 addition
// steps), then f ↦ conj(f) = f^(p⁶) because x < 0 (f_{−n} = 1/(f_n·v_{nQ}); the vertical
// line lies in Fq6 and 1/f ≡ f^(p⁶) after the easy part). For n pairs the 62 Fq12
// squarings (12M₂ each) are shared; each pair adds 63·(dbl + 13M₂) + 5·(add + 13M₂).
Fq12 miller_loop(std::span<const G1Affine> ps, std::span<const G2Affine> qs) {
  if (ps.size() != qs.size()) throw Error(Error::Kind::BadInput, "miller_loop: number of G1 and G2 points differ");
  struct Pair {
    Fq xp, yp;
    G2Affine q;
    G2Proj t;
  };
  std::vector<Pair> pairs;
  pairs.reserve(ps.size());
  for (std::size_t i = 0; i < ps.size(); ++i) {
    if (ps[i].inf || qs[i].inf) continue;  // e(O, Q) = e(P, O) = 1
    pairs.push_back({ps[i].x, ps[i].y, qs[i], {qs[i].x, qs[i].y, Fq2::one()}});
  }
  Fq12 f = Fq12::one();
  if (pairs.empty()) return f;
  bool first = true;
  for (int i = 62; i >= 0; --i) {
    if (!first) f = f.sqr();
    first = false;
    for (auto& pr : pairs) mul_line(f, dbl_step(pr.t, pr.xp, pr.yp));
    if ((SEED_ABS >> i) & 1)
      for (auto& pr : pairs) mul_line(f, add_step(pr.t, pr.q, pr.xp, pr.yp));
  }
  static_assert(SEED_NEGATIVE && (SEED_ABS >> 63) == 1, "loop assumes a 64-bit negative seed");
  return f.conj();
}

Fq12 miller_loop(const G1Affine& p, const G2Affine& q) {
  return miller_loop(std::span<const G1Affine>(&p, 1), std::span<const G2Affine>(&q, 1));
}

// m^|x| by left-to-right square-and-multiply over the 64 bits of |x| (63 cyclotomic
// squarings, 5 Fq12 multiplications), then conjugation for x < 0 (m unitary).
Fq12 cyclotomic_exp_by_seed(const Fq12& m) {
  Fq12 r = m;
  for (int i = 62; i >= 0; --i) {
    r = r.cyclotomic_sqr();
    if ((SEED_ABS >> i) & 1) r *= m;
  }
  return SEED_NEGATIVE ? r.conj() : r;
}

// Final exponentiation f^(3·(p¹²−1)/r) = f^((p⁶−1)(p²+1) · 3(p⁴−p²+1)/r).
//   Easy part: m = f^(p⁶−1) = conj(f)·f⁻¹ (1 inversion + 1M), m ← m^(p²)·m.
//   Hard part: Hayashida, Hayasaka, Teruya, "Efficient Final Exponentiation via Cyclotomic
//   Structure for Pairings over Families of Elliptic Curves" (eprint 2020/875) §4 for BLS12:
//     3·(p⁴ − p² + 1)/r = (x − 1)²·(x + p)·(x² + p² − 1) + 3,
//   an identity of polynomials in x (also checked numerically in the tests), evaluated as
//     a = m^((x−1)²)          2 exp-by-x, 2 conj, 2M
//     b = a^(x+p)             1 exp-by-x, 1 Frobenius, 1M
//     c = b^(x²+p²−1)         2 exp-by-x, 1 Frobenius², 1 conj, 2M
//     result = c · m³         1 cyclotomic squaring, 2M
//   5 exponentiations by x in total (as in the chain of zkcrypto/ffjavascript, Guide to
//   Pairing-Based Cryptography Alg. 5.5.4), ≈ 315 cyclotomic squarings + 37 M.
// The factor 3 is deliberate: it avoids the division (x−1)²/3 and it is what snarkjs
// (vk_alphabeta_12), noble and zkcrypto compute.
Fq12 final_exponentiation(const Fq12& f) {
  Fq12 m = f.conj() * f.inverse();
  m = m.frobenius_map(2) * m;
  Fq12 t = cyclotomic_exp_by_seed(m) * m.conj();  // m^(x−1)
  Fq12 a = cyclotomic_exp_by_seed(t) * t.conj();  // m^((x−1)²)
  Fq12 b = cyclotomic_exp_by_seed(a) * a.frobenius_map(1);
  Fq12 bx2 = cyclotomic_exp_by_seed(cyclotomic_exp_by_seed(b));
  Fq12 c = bx2 * b.frobenius_map(2) * b.conj();
  return c * m.cyclotomic_sqr() * m;
}

Fq12 pairing(const G1Affine& p, const G2Affine& q) { return final_exponentiation(miller_loop(p, q)); }

bool pairing_product_is_one(std::span<const G1Affine> ps, std::span<const G2Affine> qs) {
  if (ps.size() != qs.size())
    throw Error(Error::Kind::BadInput, "pairing_product_is_one: number of G1 and G2 points differ");
  return final_exponentiation(miller_loop(ps, qs)).is_one();
}

}  // namespace cuzk::bls12_381
