// Optimal ate pairing on BLS12-381: Miller loop over the seed x = −0xd201000000010000
// with G2 in homogeneous projective coordinates and sparse line multiplication, then the
// final exponentiation. Formula sources and operation counts are given per step; counts
// in Fq2 multiplications (M₂), squarings (S₂) and Fq2×Fq products (m).
#include "cuzk/pairing/bls12_381_pairing.hpp"

#include <vector>

#include "cuzk/util/error.hpp"

namespace cuzk::bls12_381 {
namespace {

// a/2 in Fq: halving is linear, so it works on the Montgomery representation directly:
// (a + (a odd ? p : 0)) >> 1. p < 2^381, so the sum fits in 6 limbs.
Fq halve(const Fq& a) {
  Fq r = a;
  ff::u64 mask = 0 - (a.v[0] & 1), c = 0;
  for (std::size_t i = 0; i < Fq::N; ++i) {
    ff::u128 t = ff::u128(r.v[i]) + (Fq::P[i] & mask) + c;
    r.v[i] = ff::u64(t);
    c = ff::u64(t >> 64);
  }
  for (std::size_t i = 0; i < Fq::N; ++i) r.v[i] = (r.v[i] >> 1) | (i + 1 < Fq::N ? r.v[i + 1] << 63 : c << 63);
  return r;
}
Fq2 halve(const Fq2& a) { return {halve(a.c0), halve(a.c1)}; }

// T ∈ E'(Fq2) in homogeneous projective coordinates: (X : Y : Z) ↦ (X/Z, Y/Z).
struct G2Proj {
  Fq2 X, Y, Z;
};

// 3b' for the twist E': y² = x³ + b', b' = 4(1 + u).
constexpr Fq2 THREE_B = G2Curve::b() + G2Curve::b() + G2Curve::b();

// The line through T (tangent or chord) is ℓ evaluated at ψ(Q) with the untwisting
// ψ(x', y') = (x'/w², y'/w³) of the M-type twist. Multiplied by w³ and by subfield
// constants (killed by the final exponentiation, as Fq2* and Fq4* are) it reads
//   ℓ = l0 + l1·v + l4·v·w,   l0 ∈ Fq2, l1 = c1·x_P, l4 = c4·y_P,
// the (0, 1, 4) sparse shape of Fp12::mul_by_014.
struct Line {
  Fq2 l0, l1, l4;
};

// Doubling step, Aranha, Karabina, Longa, Gebotys, López, "Faster explicit formulas for
// computing pairings over ordinary curves" (Eurocrypt 2011, eprint 2010/526) eq. (10),
// based on Costello, Lange, Naehrig, "Faster pairing computations on curves with
// high-degree twists" (PKC 2010):
//   A = XY/2, B = Y², C = Z², E = 3b'·C, F = 3E, G = (B+F)/2, H = (Y+Z)² − (B+C)
//   X3 = A(B − F), Y3 = G² − 3E², Z3 = B·H
//   line (M-type placement): l0 = E − B, l1 = 3X²·x_P, l4 = −H·y_P
// 2M₂ + 7S₂ (+ 1M₂ for 3b'·C, ξ-multiple of a small constant) + 4m.
Line dbl_step(G2Proj& t, const Fq& xp, const Fq& yp) {
  Fq2 A = halve(t.X * t.Y), B = t.Y.sqr(), C = t.Z.sqr();
  Fq2 E = THREE_B * C, F = E.dbl() + E, G = halve(B + F);
  Fq2 H = (t.Y + t.Z).sqr() - (B + C);
  Fq2 X2 = t.X.sqr(), E2 = E.sqr();
  Line l{E - B, (X2.dbl() + X2).mul_base(xp), (-H).mul_base(yp)};
  t.X = A * (B - F);
  t.Y = G.sqr() - (E2.dbl() + E2);
  t.Z = B * H;
  return l;
}

// Mixed addition step T + Q, Q affine (Aranha et al. 2011 eq. (12)):
//   θ = Y − y_Q·Z, λ = X − x_Q·Z, C = θ², D = λ², E = λ·D, F = Z·C, G = X·D,
//   H = E + F − 2G, X3 = λH, Y3 = θ(G − H) − Y·E, Z3 = Z·E
//   line: l0 = θ·x_Q − λ·y_Q, l1 = −θ·x_P, l4 = λ·y_P
// 11M₂ + 2S₂ + 4m.
Line add_step(G2Proj& t, const G2Affine& q, const Fq& xp, const Fq& yp) {
  Fq2 theta = t.Y - q.y * t.Z, lambda = t.X - q.x * t.Z;
  Fq2 C = theta.sqr(), D = lambda.sqr(), E = lambda * D, F = t.Z * C, G = t.X * D;
  Fq2 H = E + F - G.dbl();
  Line l{theta * q.x - lambda * q.y, (-theta).mul_base(xp), lambda.mul_base(yp)};
  t.X = lambda * H;
  t.Y = theta * (G - H) - t.Y * E;
  t.Z = t.Z * E;
  return l;
}

// Multiplies f by ℓ: 13M₂ (Fp12::mul_by_014).
inline void mul_line(Fq12& f, const Line& l) { f = f.mul_by_014(l.l0, l.l1, l.l4); }

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
