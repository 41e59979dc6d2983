#pragma once
// Random BLS12-381 tower elements and naive oracles for the tower / pairing tests.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "cuzk/ff/bls12_381_tower.hpp"
#include "rng.hpp"

namespace cuzk::test {

using namespace cuzk::bls12_381;

// Uniform in [0, p): 381 random bits, rejected when ≥ p.
inline Fq random_fq() {
  for (;;) {
    ff::Limbs<6> l;
    for (auto& x : l) x = rng()();
    l[5] &= (1ull << (381 - 320)) - 1;
    if (Fq::is_canonical(l)) return Fq::from_canonical(l);
  }
}
inline Fq2 random_fq2() { return {random_fq(), random_fq()}; }
inline Fq6 random_fq6() { return {random_fq2(), random_fq2(), random_fq2()}; }
inline Fq12 random_fq12() { return {random_fq6(), random_fq6()}; }
inline Fr random_fr() {
  for (;;) {
    ff::Limbs<4> l;
    for (auto& x : l) x = rng()();
    l[3] &= (1ull << (255 - 192)) - 1;
    if (Fr::is_canonical(l)) return Fr::from_canonical(l);
  }
}

// Naive oracle: Fq12 as Fq2[w]/(w⁶ − ξ), coefficient of w^(2k) = c0.ck, of w^(2k+1) = c1.ck.
// Schoolbook product (36 Fq2 products) and reduction w^(6+j) = ξ·w^j. Shares nothing with
// the Karatsuba / tower code but Fq2 itself.
inline void fq12_to_w(const Fq12& a, Fq2 out[6]) {
  const Fq2* h0[3] = {&a.c0.c0, &a.c0.c1, &a.c0.c2};
  const Fq2* h1[3] = {&a.c1.c0, &a.c1.c1, &a.c1.c2};
  for (int k = 0; k < 3; ++k) {
    out[2 * k] = *h0[k];
    out[2 * k + 1] = *h1[k];
  }
}
inline Fq12 fq12_from_w(const Fq2 c[6]) { return {Fq6(c[0], c[2], c[4]), Fq6(c[1], c[3], c[5])}; }
inline Fq12 naive_mul(const Fq12& a, const Fq12& b) {
  Fq2 x[6], y[6], z[11];
  fq12_to_w(a, x);
  fq12_to_w(b, y);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) z[i + j] += x[i] * y[j];
  const Fq2 xi(Fq::one(), Fq::one());
  for (int j = 10; j >= 6; --j) z[j - 6] += z[j] * xi;
  return fq12_from_w(z);
}
// Fq6 as Fq2[v]/(v³ − ξ), schoolbook.
inline Fq6 naive_mul(const Fq6& a, const Fq6& b) {
  Fq2 x[3] = {a.c0, a.c1, a.c2}, y[3] = {b.c0, b.c1, b.c2}, z[5];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) z[i + j] += x[i] * y[j];
  const Fq2 xi(Fq::one(), Fq::one());
  z[0] += z[3] * xi;
  z[1] += z[4] * xi;
  return {z[0], z[1], z[2]};
}

// p^k as a big integer (k ≤ 12 fits 72 limbs).
inline ff::Limbs<72> p_pow(unsigned k) {
  ff::Limbs<72> r = ff::bi::from_u64<72>(1), p = ff::bi::resize<72>(Fq::P);
  for (unsigned i = 0; i < k; ++i) r = ff::bi::mul(r, p);
  return r;
}

}  // namespace cuzk::test
