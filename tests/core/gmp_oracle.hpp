#pragma once
// GMP as an independent oracle for the field/curve tests (tests only; lib/ never sees GMP).
#include <gmp.h>

#include <cstddef>
#include <string>
#include <vector>

#include "cuzk/ff/bigint.hpp"
#include "rng.hpp"

namespace cuzk::test {

// RAII mpz_t.
struct Z {
  mpz_t z;
  Z() { mpz_init(z); }
  explicit Z(unsigned long v) { mpz_init_set_ui(z, v); }
  explicit Z(const char* s, int base = 10) { mpz_init_set_str(z, s, base); }
  Z(const Z& o) { mpz_init_set(z, o.z); }
  Z& operator=(const Z& o) {
    mpz_set(z, o.z);
    return *this;
  }
  ~Z() { mpz_clear(z); }
  operator mpz_ptr() { return z; }
  const __mpz_struct* operator->() const { return z; }  // for GMP's macros (mpz_sgn, ...)
  operator mpz_srcptr() const { return z; }
  std::string str(int base = 10) const {
    char* s = mpz_get_str(nullptr, base, z);
    std::string r(s);
    void (*freefn)(void*, size_t);
    mp_get_memory_functions(nullptr, nullptr, &freefn);
    freefn(s, r.size() + 1);
    return r;
  }
  friend bool operator==(const Z& a, const Z& b) { return mpz_cmp(a, b) == 0; }
};

template <std::size_t N>
Z to_z(const ff::Limbs<N>& l) {
  Z r;
  mpz_import(r, N, -1, sizeof(ff::u64), 0, 0, l.data());
  return r;
}
template <std::size_t N>
ff::Limbs<N> from_z(const Z& a) {
  ff::Limbs<N> l{};
  size_t cnt = 0;
  if (mpz_sizeinbase(a, 2) > 64 * N) throw "from_z: value too wide";
  mpz_export(l.data(), &cnt, -1, sizeof(ff::u64), 0, 0, a);
  return l;
}

// Canonical value of a field element as an mpz.
template <class F>
Z zval(const F& a) {
  return to_z<F::N>(a.canonical());
}
template <class F>
F fval(const Z& a) {
  return F::from_canonical(from_z<F::N>(a));
}
template <class F>
Z zmod() {
  return to_z<F::N>(F::P);
}

// Uniform in [0, p) by rejection.
template <class F>
F random_elem() {
  for (;;) {
    ff::Limbs<F::N> l;
    for (auto& x : l) x = rng()();
    unsigned top = F::BITS - 64 * (F::N - 1);
    if (top < 64) l[F::N - 1] &= (ff::u64(1) << top) - 1;
    if (F::is_canonical(l)) return F::from_canonical(l);
  }
}

// Edge values: 0, 1, 2, p−1, p−2, (p±1)/2, 2^k − 1, 2^k, 2^k + 1 and p − 2^k for all k
// with the value in range (for a 254-bit p: up to 2^253 ± 1 and p − 2^253, the values
// nearest 2^254), and the Montgomery R = 2^(64N) mod p, R², R − 1, p − R.
template <class F>
std::vector<Z> edge_values() {
  Z p = zmod<F>();
  std::vector<Z> v;
  auto push = [&](const Z& x) {
    if (mpz_sgn(x) >= 0 && mpz_cmp(x, p) < 0) v.push_back(x);
  };
  for (unsigned long k : {0ul, 1ul, 2ul, 3ul}) push(Z(k));
  for (unsigned long k : {1ul, 2ul}) {
    Z t;
    mpz_sub_ui(t, p, k);
    push(t);
  }
  Z h;
  mpz_sub_ui(h, p, 1);
  mpz_fdiv_q_2exp(h, h, 1);
  push(h);
  mpz_add_ui(h, h, 1);
  push(h);
  Z R, R2;
  mpz_setbit(R, 64 * F::N);
  mpz_mod(R, R, p);
  push(R);
  mpz_mul(R2, R, R);
  mpz_mod(R2, R2, p);
  push(R2);
  Z Rm1, pmR;
  mpz_sub_ui(Rm1, R, 1);
  push(Rm1);
  mpz_sub(pmR, p, R);
  push(pmR);
  for (unsigned k = 1; k < F::BITS; ++k) {
    Z t;
    mpz_setbit(t, k);
    push(t);
    Z m, q;
    mpz_sub_ui(m, t, 1);
    push(m);
    mpz_add_ui(q, t, 1);
    push(q);
    Z s;
    mpz_sub(s, p, t);
    push(s);
  }
  return v;
}

}  // namespace cuzk::test
