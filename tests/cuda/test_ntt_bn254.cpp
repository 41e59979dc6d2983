// BN254 device NTT (cuzk/cuda/ntt.hpp's bn254::Fr overloads) against the CPU: the naive
// O(n²) DFT up to 2^8 and ntt::Bn254Domain (the CPU prover's, ffjavascript's roots) at every
// size 2^1 … 2^20: forward, inverse, to_odd_coset, on fresh random input; the edge of BN254
// Fr's 2-adicity (28): 2^27 round trip with a forward output by direct evaluation, 2^28
// refused (the coset needs ω_2n); H's pointwise step fr_mul_sub.
#include <doctest/doctest.h>

#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/ntt.hpp"
#include "cuzk/ntt/domain.hpp"

using namespace cuzk;
using bn254::Fr;

namespace {

std::vector<Fr> random_vec(std::size_t n) { return test::random_vector<Fr>(n); }

// X[k] = Σ_i x[i]·w^(ik)
std::vector<Fr> naive_dft(const std::vector<Fr>& x, Fr w) {
  std::vector<Fr> X(x.size());
  Fr wk = Fr::one();
  for (std::size_t k = 0; k < x.size(); ++k, wk *= w) {
    Fr acc = Fr::zero(), p = Fr::one();
    for (std::size_t i = 0; i < x.size(); ++i, p *= wk) acc += x[i] * p;
    X[k] = acc;
  }
  return X;
}

// which: 0 forward, 1 inverse, 2 to the odd coset, on a device copy of `in`.
std::vector<Fr> on_device(cuda::Context& ctx, const std::vector<Fr>& in, unsigned L, int which) {
  cuda::DeviceBuffer<Fr> d;
  d.upload(in.data(), in.size(), ctx.stream());
  if (which == 0) cuda::ntt_forward(ctx, d.get(), L);
  if (which == 1) cuda::ntt_inverse(ctx, d.get(), L);
  if (which == 2) cuda::ntt_to_odd_coset(ctx, d.get(), L);
  std::vector<Fr> out(in.size());
  d.download(out.data(), out.size(), ctx.stream());
  ctx.synchronize();
  return out;
}

std::size_t count_diff(const std::vector<Fr>& a, const std::vector<Fr>& b) {
  std::size_t bad = a.size() != b.size();
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) bad += a[i] != b[i];
  return bad;
}

}  // namespace

TEST_CASE("BN254 device NTT forward / inverse / coset match the CPU at 2^1 … 2^20") {
  cuda::Context ctx;
  for (unsigned L = 1; L <= 20; ++L) {
    CAPTURE(L);
    const std::size_t n = std::size_t(1) << L;
    const auto x = random_vec(n);
    const auto& D = ntt::Bn254Domain::get(L);
    auto f = x, i = x, c = x;
    D.forward(f.data());
    D.inverse(i.data());
    D.to_odd_coset(c.data());
    if (L <= 8) {  // the CPU domain itself against the definition
      CHECK(count_diff(f, naive_dft(x, bn254::fr_root_of_unity(L))) == 0);
      CHECK(D.omega() == bn254::fr_root_of_unity(L));
    }
    CHECK(count_diff(on_device(ctx, x, L, 0), f) == 0);
    CHECK(count_diff(on_device(ctx, x, L, 1), i) == 0);
    CHECK(count_diff(on_device(ctx, x, L, 2), c) == 0);
    CHECK(count_diff(on_device(ctx, f, L, 1), x) == 0);
  }
}

TEST_CASE("BN254 device NTT at the edge: 2^27 round trip, 2^28 refused, 2^0 the identity") {
  cuda::Context ctx;
  {
    const unsigned L = 27;
    const std::size_t n = std::size_t(1) << L;
    const auto x = random_vec(n);
    const Fr w = bn254::fr_root_of_unity(L);
    Fr want = Fr::zero(), p = Fr::one();  // forward output k = 1: Σ x_i ω^i
    for (std::size_t i = 0; i < n; ++i, p *= w) want += x[i] * p;
    cuda::DeviceBuffer<Fr> d;
    d.upload(x.data(), n, ctx.stream());
    cuda::ntt_forward(ctx, d.get(), L);
    std::vector<Fr> mid(2);
    d.download(mid.data(), 2, ctx.stream());
    cuda::ntt_inverse(ctx, d.get(), L);
    std::vector<Fr> back(n);
    d.download(back.data(), n, ctx.stream());
    ctx.synchronize();
    CHECK(mid[1] == want);
    CHECK(count_diff(back, x) == 0);
  }
  cuda::DeviceBuffer<Fr> one;
  std::vector<Fr> v = {test::random_field<Fr>()};
  one.upload(v.data(), 1, ctx.stream());
  for (int which = 0; which < 3; ++which) {
    std::vector<Fr> in = v;
    CHECK(count_diff(on_device(ctx, in, 0, which), v) == 0);
  }
  CHECK_THROWS_AS(cuda::ntt_forward(ctx, one.get(), 28), Error);
  CHECK_THROWS_AS(cuda::ntt_to_odd_coset(ctx, one.get(), 28), Error);
}

TEST_CASE("BN254 fr_mul_sub: out = a·b − c") {
  cuda::Context ctx;
  for (std::size_t n : {std::size_t(1), std::size_t(1000), std::size_t(1) << 18}) {
    CAPTURE(n);
    const auto a = random_vec(n), b = random_vec(n), c = random_vec(n);
    cuda::DeviceBuffer<Fr> da, db, dc;
    da.upload(a.data(), n, ctx.stream());
    db.upload(b.data(), n, ctx.stream());
    dc.upload(c.data(), n, ctx.stream());
    cuda::fr_mul_sub(ctx, da.get(), da.get(), db.get(), dc.get(), n);  // in place, as H's step
    std::vector<Fr> got(n), want(n);
    da.download(got.data(), n, ctx.stream());
    ctx.synchronize();
    for (std::size_t i = 0; i < n; ++i) want[i] = a[i] * b[i] - c[i];
    CHECK(count_diff(got, want) == 0);
  }
}
