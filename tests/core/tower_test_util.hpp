#pragma once
// Random tower elements and naive oracles for the tower / pairing tests, generic over the
// curve's Fq12 (BLS12-381 by default, so the BLS12-381 tests call them without arguments).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>

#include "cuzk/ff/bls12_381_tower.hpp"
#include "gmp_oracle.hpp"
#include "rng.hpp"

namespace cuzk::test {

using namespace cuzk::bls12_381;

// The types of a tower, from its Fq12.
template <class F12>
struct TowerOf {
  using Fq6 = typename F12::F6;
  using Fq2 = typename Fq6::Base;
  using Fq = typename Fq2::Base;
  using Cfg = typename Fq6::Config;
};

template <class F12 = Fq12>
typename TowerOf<F12>::Fq random_fq() {
  return random_elem<typename TowerOf<F12>::Fq>();
}
template <class F12 = Fq12>
typename TowerOf<F12>::Fq2 random_fq2() {
  return {random_fq<F12>(), random_fq<F12>()};
}
template <class F12 = Fq12>
typename TowerOf<F12>::Fq6 random_fq6() {
  return {random_fq2<F12>(), random_fq2<F12>(), random_fq2<F12>()};
}
template <class F12 = Fq12>
F12 random_fq12() {
  return {random_fq6<F12>(), random_fq6<F12>()};
}
template <class Scalar = Fr>
Scalar random_fr() {
  return random_elem<Scalar>();
}

// Naive oracle: Fq12 as Fq2[w]/(w⁶ − ξ), coefficient of w^(2k) = c0.ck, of w^(2k+1) = c1.ck.
// Schoolbook product (36 Fq2 products) and reduction w^(6+j) = ξ·w^j. Shares nothing with
// the Karatsuba / tower code but Fq2 itself and ξ.
template <class F12>
void fq12_to_w(const F12& a, typename TowerOf<F12>::Fq2 out[6]) {
  const typename TowerOf<F12>::Fq2* h0[3] = {&a.c0.c0, &a.c0.c1, &a.c0.c2};
  const typename TowerOf<F12>::Fq2* h1[3] = {&a.c1.c0, &a.c1.c1, &a.c1.c2};
  for (int k = 0; k < 3; ++k) {
    out[2 * k] = *h0[k];
    out[2 * k + 1] = *h1[k];
  }
}
template <class F12>
F12 fq12_from_w(const typename TowerOf<F12>::Fq2 c[6]) {
  using F6 = typename TowerOf<F12>::Fq6;
  return {F6(c[0], c[2], c[4]), F6(c[1], c[3], c[5])};
}
template <class Cfg>
ff::Fp12<Cfg> naive_mul(const ff::Fp12<Cfg>& a, const ff::Fp12<Cfg>& b) {
  using F12 = ff::Fp12<Cfg>;
  using F2 = typename TowerOf<F12>::Fq2;
  F2 x[6], y[6], z[11];
  fq12_to_w(a, x);
  fq12_to_w(b, y);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) z[i + j] += x[i] * y[j];
  const F2 xi = TowerOf<F12>::Cfg::xi();
  for (int j = 10; j >= 6; --j) z[j - 6] += z[j] * xi;
  return fq12_from_w<F12>(z);
}
// Fq6 as Fq2[v]/(v³ − ξ), schoolbook.
template <class Cfg>
ff::Fp6<Cfg> naive_mul(const ff::Fp6<Cfg>& a, const ff::Fp6<Cfg>& b) {
  using F2 = typename Cfg::Base;
  F2 x[3] = {a.c0, a.c1, a.c2}, y[3] = {b.c0, b.c1, b.c2}, z[5];
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) z[i + j] += x[i] * y[j];
  const F2 xi = Cfg::xi();
  z[0] += z[3] * xi;
  z[1] += z[4] * xi;
  return {z[0], z[1], z[2]};
}

// p^k as a big integer (k ≤ 12 fits 72 limbs for BLS12-381's 6-limb p).
template <class F12 = Fq12>
ff::Limbs<72> p_pow(unsigned k) {
  ff::Limbs<72> r = ff::bi::from_u64<72>(1), p = ff::bi::resize<72>(TowerOf<F12>::Fq::P);
  for (unsigned i = 0; i < k; ++i) r = ff::bi::mul(r, p);
  return r;
}

}  // namespace cuzk::test
