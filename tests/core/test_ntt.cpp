// NTT of both scalar fields (BLS12-381: 2-adicity 32, BN254: 28) against the naive O(n²) DFT, round trips, and the snarkjs odd-coset step against
// direct evaluation of the interpolated polynomial at ω_2n^(2i+1).
#include <doctest/doctest.h>

#include <type_traits>
#include <utility>
#include <vector>

#include "cuzk/ntt/domain.hpp"
#include <tbb/parallel_for.h>

#include "cuzk/util/error.hpp"
#include "gmp_oracle.hpp"

using namespace cuzk;
using cuzk::test::rng;

namespace {

template <class Fr>
std::vector<Fr> random_vec(std::size_t n) {
  std::vector<Fr> v(n);
  for (auto& x : v) x = test::random_elem<Fr>();
  return v;
}

// Σ_j a_j x^j by Horner.
template <class Fr>
Fr eval(const std::vector<Fr>& a, const Fr& x) {
  Fr r;
  for (std::size_t j = a.size(); j-- > 0;) r = r * x + a[j];
  return r;
}

template <class Fr>
std::vector<Fr> naive_dft(const std::vector<Fr>& a, const Fr& w) {
  std::vector<Fr> out(a.size());
  Fr wi = Fr::one();
  for (std::size_t i = 0; i < a.size(); ++i, wi *= w) out[i] = eval(a, wi);
  return out;
}

}  // namespace

#define DOMAINS ntt::Domain, ntt::Bn254Domain

TEST_CASE_TEMPLATE("domain roots are the ffjavascript ones, checked with GMP", D, DOMAINS) {
  using Fr = typename std::remove_cvref_t<decltype(std::declval<D>().omega())>;
  for (unsigned k : {0u, 1u, 5u, 12u, 20u}) {
    D d(k);
    CHECK(d.size() == (std::size_t(1) << k));
    CHECK(d.log_n() == k);
    test::Z r = test::zmod<Fr>(), e, w, five(5);
    mpz_sub_ui(e, r, 1);
    mpz_fdiv_q_2exp(e, e, k);
    mpz_powm(w, five, e, r);
    CHECK(test::zval(d.omega()) == w);
    CHECK(d.omega_2n().sqr() == d.omega());
    CHECK(d.n_inv() * Fr::from_u64(d.size()) == Fr::one());
  }
  CHECK_THROWS_AS(D(D::MAX_LOG + 1), Error);
  CHECK(D::get(0).omega_2n() == -Fr::one());  // ω_2
  CHECK(D::MAX_LOG + 1 == Fr::two_adicity());
}

TEST_CASE_TEMPLATE("forward and inverse against the naive DFT", D, DOMAINS) {
  using Fr = typename std::remove_cvref_t<decltype(std::declval<D>().omega())>;
  for (unsigned k = 0; k <= 9; ++k) {
    D d(k);
    auto a = random_vec<Fr>(d.size());
    if (k == 3) std::fill(a.begin(), a.end(), Fr::zero());
    if (k == 4) std::fill(a.begin(), a.end(), Fr::one());
    auto f = a;
    d.forward(f.data());
    REQUIRE_MESSAGE(f == naive_dft(a, d.omega()), "forward, log n = ", k);
    auto g = a;
    d.inverse(g.data());
    auto expect = naive_dft(a, d.omega().inverse());
    for (auto& x : expect) x *= d.n_inv();
    REQUIRE_MESSAGE(g == expect, "inverse, log n = ", k);
  }
}

TEST_CASE_TEMPLATE("round trips at larger sizes (block and pass stages)", D, DOMAINS) {
  using Fr = typename std::remove_cvref_t<decltype(std::declval<D>().omega())>;
  for (unsigned k : {10u, 12u, 13u, 15u, 17u}) {
    const D& d = D::get(k);
    auto a = random_vec<Fr>(d.size());
    auto b = a;
    d.forward(b.data());
    // spot-check a few outputs against direct evaluation
    for (int t = 0; t < 3; ++t) {
      std::size_t i = rng()() % d.size();
      REQUIRE(b[i] == eval(a, d.omega().pow(i)));
    }
    d.inverse(b.data());
    REQUIRE(a == b);
    d.inverse(b.data());
    d.forward(b.data());
    REQUIRE(a == b);
  }
  CHECK(&D::get(12) == &D::get(12));
}

TEST_CASE_TEMPLATE("to_odd_coset: evaluations at ω_2n^(2i+1) of the interpolant", D, DOMAINS) {
  using Fr = typename std::remove_cvref_t<decltype(std::declval<D>().omega())>;
  for (unsigned k : {0u, 1u, 2u, 3u, 6u, 9u, 13u}) {
    const D& d = D::get(k);
    const std::size_t n = d.size();
    auto evals = random_vec<Fr>(n);
    auto coef = evals;
    d.inverse(coef.data());  // interpolant
    auto got = evals;
    d.to_odd_coset(got.data());
    const Fr w2 = d.omega_2n();
    const std::size_t checks = n <= 512 ? n : 16;
    for (std::size_t t = 0; t < checks; ++t) {
      std::size_t i = n <= 512 ? t : rng()() % n;
      REQUIRE_MESSAGE(got[i] == eval(coef, w2.pow(2 * i + 1)), "log n = ", k, " i = ", i);
    }
  }
}

TEST_CASE("concurrent use of one shared domain") {
  const ntt::Domain& d = ntt::Domain::get(11);
  std::vector<std::vector<bls12_381::Fr>> v(3, random_vec<bls12_381::Fr>(d.size()));
  auto ref = v[0];
  d.to_odd_coset(ref.data());
  tbb::parallel_for(0, 3, [&](int i) { d.to_odd_coset(v[i].data()); });
  for (auto& x : v) CHECK(x == ref);
}
