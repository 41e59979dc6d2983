// The prime fields of both curves (BLS12-381 Fr, Fq; BN254 Fr, Fq) and their Fq2 against GMP
// on fresh random inputs (seeded, printed) and edge values.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"
#include "cuzk/ff/bn254_fq2.hpp"
#include "cuzk/ff/mont_io.hpp"
#include "gmp_oracle.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;
using cuzk::test::Z;
using cuzk::test::rng;
using cuzk::test::zval;
using cuzk::test::fval;

namespace {

constexpr int RANDOM_CASES = 5000;

template <class F>
void check_constants() {
  Z p = test::zmod<F>();
  // INV·p ≡ −1 (mod 2^64)
  Z t, m64, inv = test::to_z<1>({F::INV});
  mpz_setbit(m64, 64);
  mpz_mul(t, inv, p);
  mpz_add_ui(t, t, 1);
  mpz_mod(t, t, m64);
  CHECK(mpz_sgn(t) == 0);
  // R = 2^(64N) mod p, R², R³
  Z r;
  mpz_setbit(r, 64 * F::N);
  mpz_mod(r, r, p);
  CHECK(test::to_z<F::N>(F::R1) == r);
  Z r2, r3;
  mpz_mul(r2, r, r);
  mpz_mod(r2, r2, p);
  CHECK(test::to_z<F::N>(F::R2) == r2);
  mpz_mul(r3, r2, r);
  mpz_mod(r3, r3, p);
  CHECK(test::to_z<F::N>(F::R3) == r3);
  CHECK(F::BITS == mpz_sizeinbase(p, 2));
  CHECK(mpz_probab_prime_p(p, 30) > 0);
  // 2-adicity and the smallest non-residue
  Z pm1;
  mpz_sub_ui(pm1, p, 1);
  CHECK(F::two_adicity() == mpz_scan1(pm1, 0));
  ff::u64 nqr = F::smallest_nqr();
  for (ff::u64 k = 2; k < nqr; ++k) CHECK(mpz_kronecker_ui(p, k) == 1);  // = legendre(k/p)
  Z zn(nqr);
  CHECK(mpz_legendre(zn, p) == -1);
  // the Montgomery form of x is x·R mod p
  F a = test::random_elem<F>();
  Z ar;
  mpz_mul(ar, zval(a), r);
  mpz_mod(ar, ar, p);
  CHECK(test::to_z<F::N>(a.raw()) == ar);
}

template <class F>
void check_binary_ops(const Z& x, const Z& y) {
  Z p = test::zmod<F>();
  F a = fval<F>(x), b = fval<F>(y);
  Z e;
  mpz_add(e, x, y);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(a + b) == e, "add ", x.str(), " ", y.str());
  mpz_sub(e, x, y);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(a - b) == e, "sub ", x.str(), " ", y.str());
  mpz_mul(e, x, y);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(a * b) == e, "mul ", x.str(), " ", y.str());
  REQUIRE_MESSAGE(zval(F::mul_portable(a, b)) == e, "portable mul ", x.str(), " ", y.str());
  F c = a;
  c *= b;
  REQUIRE(c == a * b);
}

template <class F>
void check_unary_ops(const Z& x) {
  Z p = test::zmod<F>();
  F a = fval<F>(x);
  REQUIRE(zval(a) == x);
  Z e;
  mpz_neg(e, x);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(-a) == e, "neg ", x.str());
  mpz_mul(e, x, x);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(a.sqr()) == e, "sqr ", x.str());
  mpz_mul_2exp(e, x, 1);
  mpz_mod(e, e, p);
  REQUIRE_MESSAGE(zval(a.dbl()) == e, "dbl ", x.str());
  // inverse (divsteps and Fermat); 0 ↦ 0
  if (mpz_sgn(x) == 0) {
    CHECK(a.inverse().is_zero());
    CHECK(a.inverse_fermat().is_zero());
  } else {
    REQUIRE(mpz_invert(e, x, p) != 0);
    REQUIRE_MESSAGE(zval(a.inverse()) == e, "inverse ", x.str());
    REQUIRE_MESSAGE(zval(a.inverse_fermat()) == e, "inverse_fermat ", x.str());
  }
  // legendre
  int l = mpz_legendre(x, p);
  REQUIRE(a.legendre() == l);
  // pow with a random exponent of up to 2N limbs, and with a u64
  ff::Limbs<2 * F::N> ex;
  for (auto& w : ex) w = rng()();
  ex[2 * F::N - 1] >>= rng()() % 64;
  mpz_powm(e, x, test::to_z<2 * F::N>(ex), p);
  REQUIRE_MESSAGE(zval(a.pow(ex)) == e, "pow ", x.str());
  ff::u64 small = rng()() % 1000;
  mpz_powm_ui(e, x, small, p);
  REQUIRE(zval(a.pow(small)) == e);
  // raw / from_raw round trip
  REQUIRE(F::from_raw(a.raw()) == a);
  // bytes, little- and big-endian
  std::uint8_t le[8 * F::N], be[F::BYTES];
  a.to_bytes_le(le);
  a.to_bytes_be(be);
  Z zle, zbe;
  mpz_import(zle, sizeof le, -1, 1, 0, 0, le);
  mpz_import(zbe, sizeof be, 1, 1, 0, 0, be);
  REQUIRE(zle == x);
  REQUIRE(zbe == x);
  REQUIRE(F::repr_from_bytes_le(le) == a.canonical());
  REQUIRE(F::repr_from_bytes_be(be, sizeof be) == a.canonical());
  // decimal and hex text
  std::string dec = a.to_decimal();
  REQUIRE(dec == x.str(10));
  REQUIRE(a.to_hex() == "0x" + x.str(16));
  auto back = ff::field_from_decimal<F>(dec);
  REQUIRE(back.has_value());
  REQUIRE(*back == a);
}

template <class F>
void check_field() {
  Z p = test::zmod<F>();
  check_constants<F>();
  auto edges = test::edge_values<F>();
  for (const Z& x : edges) check_unary_ops<F>(x);
  // every edge against a few edges and randoms
  for (std::size_t i = 0; i < edges.size(); ++i)
    for (std::size_t j = 0; j < edges.size(); j += 1 + (rng()() % 7)) check_binary_ops<F>(edges[i], edges[j]);
  for (int i = 0; i < RANDOM_CASES; ++i) {
    Z x = zval(test::random_elem<F>()), y = zval(test::random_elem<F>());
    check_binary_ops<F>(x, y);
    check_binary_ops<F>(x, x);
    if (i % 4 == 0) check_unary_ops<F>(x);
  }
  // long dependent chains (fast path feeds itself) against GMP
  F a = test::random_elem<F>(), b = test::random_elem<F>();
  Z za = zval(a), zb = zval(b);
  for (int i = 0; i < 2000; ++i) {
    a = a * b;
    b = b.sqr() + a;
    mpz_mul(za, za, zb);
    mpz_mod(za, za, p);
    mpz_mul(zb, zb, zb);
    mpz_add(zb, zb, za);
    mpz_mod(zb, zb, p);
  }
  CHECK(zval(a) == za);
  CHECK(zval(b) == zb);
  // decimal parsing rejects out-of-range and malformed input
  CHECK_FALSE(ff::field_from_decimal<F>(p.str()).has_value());
  Z pm1;
  mpz_sub_ui(pm1, p, 1);
  CHECK(ff::field_from_decimal<F>(pm1.str()).has_value());
  CHECK_FALSE(ff::field_from_decimal<F>("").has_value());
  CHECK_FALSE(ff::field_from_decimal<F>("12a").has_value());
  CHECK_FALSE(ff::field_from_decimal<F>("-1").has_value());
  CHECK(ff::field_from_decimal<F>("0")->is_zero());
  // non-canonical inputs are reported
  CHECK_FALSE(F::is_canonical(F::P));
}

// Compile-time evaluation takes the portable path; it must agree with the run-time path.
constexpr Fq CT_FQ = Fq::from_u64(123456789) * Fq::from_u64(987654321).inverse();
constexpr Fr CT_FR = Fr::from_u64(0xdeadbeef).sqr().inverse();
constexpr bn254::Fq CT_BN_FQ = bn254::Fq::from_u64(123456789) * bn254::Fq::from_u64(987654321).inverse();
constexpr bn254::Fr CT_BN_FR = bn254::Fr::from_u64(0xdeadbeef).sqr().inverse();

}  // namespace

#define FIELDS bls12_381::Fr, bls12_381::Fq, bn254::Fr, bn254::Fq

TEST_CASE_TEMPLATE("prime field against GMP", F, FIELDS) { check_field<F>(); }

// The Montgomery kernel on raw limbs (x86 mulx path where built, else the portable loop):
// a·b·R⁻¹ mod p from GMP for raw edge values (0, 1, 2^k±1, p−1, p−2, p−2^k, R mod p ...),
// pairs whose unreduced result lands just above p (the final subtraction), `*`, `*=` (in
// place, also aliased a *= a) and mul_portable all equal.
template <class F>
void check_raw_kernel() {
  Z p = test::zmod<F>(), rinv;
  Z r;
  mpz_setbit(r, 64 * F::N);
  REQUIRE(mpz_invert(rinv, r, p) != 0);
  Z npinv;  // −p⁻¹ mod R
  REQUIRE(mpz_invert(npinv, p, r) != 0);
  mpz_sub(npinv, r, npinv);
  std::vector<Z> raws = test::edge_values<F>();
  for (int i = 0; i < 40; ++i) raws.push_back(zval(test::random_elem<F>()));
  auto limbs = [](const Z& x) { return test::from_z<F::N>(x); };
  std::size_t subtractions = 0;
  for (const Z& x : raws)
    for (const Z& y : raws) {
      F a = F::from_raw(limbs(x)), b = F::from_raw(limbs(y));
      Z e;
      mpz_mul(e, x, y);
      mpz_mul(e, e, rinv);
      mpz_mod(e, e, p);
      F c = a * b;
      REQUIRE_MESSAGE(test::to_z<F::N>(c.raw()) == e, "raw ", x.str(16), " * ", y.str(16));
      REQUIRE(F::mul_portable(a, b) == c);
      F d = a;
      d *= b;
      REQUIRE(d == c);
      // before the final subtraction: u = (x·y + m·p)/R, m = x·y·(−p⁻¹) mod R
      Z t, m, u;
      mpz_mul(t, x, y);
      mpz_mul(m, t, npinv);
      mpz_fdiv_r_2exp(m, m, 64 * F::N);
      mpz_addmul(t, m, p);
      mpz_fdiv_q_2exp(u, t, 64 * F::N);
      if (mpz_cmp(u, p) >= 0) ++subtractions;
    }
  CHECK(subtractions > 0);
  for (const Z& x : raws) {
    F a = F::from_raw(limbs(x)), s = a * a;
    a *= a;
    REQUIRE(a == s);
    REQUIRE(a.raw() == s.raw());
    REQUIRE(F::from_raw(limbs(x)).sqr() == s);
  }
}

TEST_CASE_TEMPLATE("Montgomery kernel on raw edge limbs", F, FIELDS) { check_raw_kernel<F>(); }

// Dependent chains, as exponentiation and the NTT's twiddle runs use the product: x = x.sqr(),
// x *= b, x = x * b back to back, four steps between looks so that x can stay in registers (the
// 4-limb x86 kernels take it from the previous product's), on raw limbs against GMP
// (x·y·R⁻¹ mod p per step). Also counts the squares whose unreduced result lands at or above p
// (the square's final subtraction; about 6 % of them for these moduli).
template <class F>
void check_chains() {
  Z p = test::zmod<F>(), rinv, r, npinv;
  mpz_setbit(r, 64 * F::N);
  REQUIRE(mpz_invert(rinv, r, p) != 0);
  REQUIRE(mpz_invert(npinv, p, r) != 0);
  mpz_sub(npinv, r, npinv);
  std::size_t square_subtractions = 0;
  F x = test::random_elem<F>();
  const F b = test::random_elem<F>();
  Z zx = test::to_z<F::N>(x.raw()), zb = test::to_z<F::N>(b.raw());
  for (int i = 0; i < 1000; ++i) {
    x = x.sqr();
    x *= b;
    x = x * b;
    x = x.sqr();
    for (int k = 0; k < 4; ++k) {
      const bool square = k == 0 || k == 3;
      Z t, m, u;
      mpz_mul(t, zx, square ? zx : zb);
      if (square) {  // before the final subtraction: u = (x² + m·p)/R, m = x²·(−p⁻¹) mod R
        mpz_mul(m, t, npinv);
        mpz_fdiv_r_2exp(m, m, 64 * F::N);
        mpz_addmul(u, m, p);
        mpz_add(u, u, t);
        mpz_fdiv_q_2exp(u, u, 64 * F::N);
        if (mpz_cmp(u, p) >= 0) ++square_subtractions;
      }
      mpz_mul(t, t, rinv);
      mpz_mod(zx, t, p);
    }
    REQUIRE_MESSAGE(test::to_z<F::N>(x.raw()) == zx, "chain block ", i);
  }
  CHECK(square_subtractions > 0);
}

TEST_CASE_TEMPLATE("dependent product and square chains against GMP", F, FIELDS) { check_chains<F>(); }

// The divstep inversion on raw integers (not Montgomery values): every edge value of
// gmp_oracle (0, 1, 2, p − 1, p − 2, (p ± 1)/2, 2^k ± 1, 2^k, p − 2^k), values with long runs
// of zero low bits (many batches start with g even), and random ones, against mpz_invert.
template <class F>
void check_divstep_inverse() {
  const ff::DivstepInverse<F::N> inv(F::P);
  Z p = test::zmod<F>();
  std::vector<Z> xs = test::edge_values<F>();
  for (int i = 0; i < 20000; ++i) xs.push_back(zval(test::random_elem<F>()));
  for (int k = 1; k < int(F::BITS) - 1; k += 7) {  // random odd part shifted up by k bits
    Z x = zval(test::random_elem<F>());
    mpz_fdiv_q_2exp(x, x, unsigned(k));
    mpz_setbit(x, 0);
    mpz_mul_2exp(x, x, unsigned(k));
    if (mpz_cmp(x, p) < 0) xs.push_back(x);
  }
  std::size_t checked = 0;
  for (const Z& x : xs) {
    const Z got = test::to_z<F::N>(inv.inverse(test::from_z<F::N>(x)));
    if (mpz_sgn(x) == 0) {
      REQUIRE(mpz_sgn(got) == 0);
      continue;
    }
    Z e;
    REQUIRE(mpz_invert(e, x, p) != 0);
    REQUIRE_MESSAGE(got == e, "divstep inverse of ", x.str(16));
    ++checked;
  }
  CHECK(checked > 20000);
}

TEST_CASE_TEMPLATE("divstep inversion against GMP", F, FIELDS) { check_divstep_inverse<F>(); }

TEST_CASE("constant evaluation agrees with run time") {
  volatile ff::u64 k1 = 123456789, k2 = 987654321, k3 = 0xdeadbeef;
  CHECK(CT_FQ == Fq::from_u64(k1) * Fq::from_u64(k2).inverse());
  CHECK(CT_FR == Fr::from_u64(k3).sqr().inverse());
  CHECK(CT_BN_FQ == bn254::Fq::from_u64(k1) * bn254::Fq::from_u64(k2).inverse());
  CHECK(CT_BN_FR == bn254::Fr::from_u64(k3).sqr().inverse());
}

TEST_CASE_TEMPLATE("Fq sqrt against GMP", Fq, bls12_381::Fq, bn254::Fq) {
  Z p = test::zmod<Fq>();
  int squares = 0;
  auto one = [&](const Fq& a) {
    Z x = zval(a);
    Fq r;
    bool ok = a.sqrt(r);
    REQUIRE(ok == (mpz_legendre(x, p) >= 0));
    if (ok) {
      Z rr;
      mpz_mul(rr, zval(r), zval(r));
      mpz_mod(rr, rr, p);
      REQUIRE(rr == x);
      ++squares;
    }
  };
  for (const Z& x : test::edge_values<Fq>()) one(fval<Fq>(x));
  for (int i = 0; i < 1000; ++i) {
    Fq a = test::random_elem<Fq>();
    one(a);
    one(a.sqr());
  }
  CHECK(squares > 1000);
}

// fr_root_of_unity(k) = ω_(2^s)^(2^(s−k)) = 5^((r−1)/2^k) for both scalar fields (s = 32, 28).
template <class F>
void check_roots(F (*root)(std::size_t), unsigned s) {
  Z r = test::zmod<F>(), e, w;
  REQUIRE(F::two_adicity() == s);
  for (unsigned k = 0; k <= s; ++k) {
    mpz_sub_ui(e, r, 1);
    mpz_fdiv_q_2exp(e, e, k);
    Z five(5);
    mpz_powm(w, five, e, r);
    CHECK(zval(root(k)) == w);
    CHECK(zval(ff::root_of_unity<F>(k)) == w);
    // primitive: ω^(2^(k−1)) = −1 for k ≥ 1
    if (k >= 1) {
      F t = root(k);
      for (unsigned i = 1; i < k; ++i) t = t.sqr();
      CHECK(t == -F::one());
    }
  }
}
TEST_CASE("Fr roots of unity against GMP (ffjavascript: 5^((r-1)/2^k))") {
  check_roots<bls12_381::Fr>([](std::size_t k) { return bls12_381::fr_root_of_unity(k); }, 32);
  check_roots<bn254::Fr>([](std::size_t k) { return bn254::fr_root_of_unity(k); }, 28);
}

// ---- Fq2 = Fq[u]/(u² + 1) against a hand-written GMP Fq2 ----------------------------
namespace {
struct ZFq2 {
  Z a, b;
};
template <class F2>
ZFq2 zf2(const F2& x) { return {zval(x.c0), zval(x.c1)}; }
void md(Z& x, const Z& p) { mpz_mod(x, x, p); }
ZFq2 zmul(const ZFq2& x, const ZFq2& y, const Z& p) {
  ZFq2 r;
  Z t;
  mpz_mul(r.a, x.a, y.a);
  mpz_mul(t, x.b, y.b);
  mpz_sub(r.a, r.a, t);
  md(r.a, p);
  mpz_mul(r.b, x.a, y.b);
  mpz_mul(t, x.b, y.a);
  mpz_add(r.b, r.b, t);
  md(r.b, p);
  return r;
}
template <class F2>
bool eq(const F2& x, const ZFq2& y) { return zval(x.c0) == y.a && zval(x.c1) == y.b; }
template <class F2>
F2 rand_fq2() { return {test::random_elem<typename F2::Base>(), test::random_elem<typename F2::Base>()}; }
// An Fq2 with its tower's ξ = K + u.
template <class F2, unsigned K>
struct WithXi {
  using Fq2 = F2;
  static constexpr unsigned XI_K = K;
};
}  // namespace

TEST_CASE_TEMPLATE("Fq2 against GMP", T, WithXi<bls12_381::Fq2, bls12_381::XI_K>, WithXi<bn254::Fq2, bn254::XI_K>) {
  using Fq2 = typename T::Fq2;
  using Fq = typename Fq2::Base;
  Z p = test::zmod<Fq>();
  for (int i = 0; i < 2000; ++i) {
    Fq2 x = rand_fq2<Fq2>(), y = rand_fq2<Fq2>();
    if (i == 0) x = Fq2::zero();
    if (i == 1) y = Fq2::one();
    if (i == 2) x = Fq2(Fq::zero(), -Fq::one());
    ZFq2 zx = zf2(x), zy = zf2(y), e;
    mpz_add(e.a, zx.a, zy.a), md(e.a, p), mpz_add(e.b, zx.b, zy.b), md(e.b, p);
    REQUIRE(eq(x + y, e));
    mpz_sub(e.a, zx.a, zy.a), md(e.a, p), mpz_sub(e.b, zx.b, zy.b), md(e.b, p);
    REQUIRE(eq(x - y, e));
    mpz_neg(e.a, zx.a), md(e.a, p), mpz_neg(e.b, zx.b), md(e.b, p);
    REQUIRE(eq(-x, e));
    REQUIRE(eq(x * y, zmul(zx, zy, p)));
    REQUIRE(eq(x.sqr(), zmul(zx, zx, p)));
    // ×ξ = ×(K + u)
    ZFq2 xi{Z(T::XI_K), Z(1)};
    REQUIRE(eq(x.template mul_by_k_plus_u<T::XI_K>(), zmul(zx, xi, p)));
    // conj / Frobenius (x^p) / norm
    mpz_neg(e.b, zx.b), md(e.b, p);
    e.a = zx.a;
    REQUIRE(eq(x.conj(), e));
    REQUIRE(eq(x.frobenius(), e));
    Z n, t;
    mpz_mul(n, zx.a, zx.a), mpz_mul(t, zx.b, zx.b), mpz_add(n, n, t), md(n, p);
    REQUIRE(zval(x.norm()) == n);
    REQUIRE(eq(x.mul_base(y.c0), ZFq2{[&] { Z r; mpz_mul(r, zx.a, zy.a); md(r, p); return r; }(),
                                     [&] { Z r; mpz_mul(r, zx.b, zy.a); md(r, p); return r; }()}));
    // inverse: (a − bu)/(a² + b²)
    if (!x.is_zero()) {
      Z ni;
      REQUIRE(mpz_invert(ni, n, p) != 0);
      ZFq2 inv;
      mpz_mul(inv.a, zx.a, ni), md(inv.a, p);
      mpz_neg(inv.b, zx.b), mpz_mul(inv.b, inv.b, ni), md(inv.b, p);
      REQUIRE(eq(x.inverse(), inv));
    }
    // sqrt: a square iff its norm is a square in Fq
    if (i % 8 == 0) {
      Fq2 r;
      bool ok = x.sqrt(r);
      REQUIRE(ok == (mpz_legendre(n, p) >= 0));
      if (ok) REQUIRE(eq(r.sqr(), zx));
      Fq2 s = x.sqr(), rs;
      REQUIRE(s.sqrt(rs));
      REQUIRE(rs.sqr() == s);
    }
  }
}
