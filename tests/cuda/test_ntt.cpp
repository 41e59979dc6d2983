// Device NTT against host references: a naive O(n²) DFT at small sizes, the CPU
// cuzk::ntt::Domain and a textbook radix-2 NTT written here (both checked against the
// naive DFT) at larger ones; round trips and the odd-coset step up to 2^24. cuda_test_ntt
// checks the product's NTT (cuzk/cuda/ntt.hpp); the same source built as cuda_test_ntt_lab
// (CUZK_CUDA_LAB) checks every kernel of the lab (cuda/bench/lab.hpp) on the same fresh inputs.
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/ntt.hpp"
#include "cuzk/ntt/domain.hpp"
#ifdef CUZK_CUDA_LAB
#include "lab.hpp"
#endif

using namespace cuzk;
using bls12_381::Fr;

namespace {

std::vector<Fr> naive_dft(const std::vector<Fr>& x, Fr w) {
  std::size_t n = x.size();
  std::vector<Fr> X(n);
  Fr wk = Fr::one();
  for (std::size_t k = 0; k < n; ++k, wk *= w) {
    Fr acc = Fr::zero(), p = Fr::one();
    for (std::size_t i = 0; i < n; ++i, p *= wk) acc += x[i] * p;
    X[k] = acc;
  }
  return X;
}

// Cooley–Tukey, bit-reverse then log n levels (Cormen et al., "Iterative FFT").
std::vector<Fr> host_ntt(std::vector<Fr> a, Fr w) {
  std::size_t n = a.size();
  for (std::size_t i = 1, j = 0; i < n; ++i) {
    std::size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) std::swap(a[i], a[j]);
  }
  for (std::size_t len = 2; len <= n; len <<= 1) {
    Fr wl = w;
    for (std::size_t t = len; t < n; t <<= 1) wl = wl.sqr();
    std::vector<Fr> tw(len / 2);
    tw[0] = Fr::one();
    for (std::size_t j = 1; j < len / 2; ++j) tw[j] = tw[j - 1] * wl;
    for (std::size_t i = 0; i < n; i += len)
      for (std::size_t j = 0; j < len / 2; ++j) {
        Fr u = a[i + j], v = a[i + j + len / 2] * tw[j];
        a[i + j] = u + v;
        a[i + j + len / 2] = u - v;
      }
  }
  return a;
}

std::vector<Fr> random_vec(std::size_t n) {
  std::vector<Fr> v(n);
  for (auto& x : v) x = test::random_field<Fr>();
  return v;
}

// The kernels under test: the product's ("default"), and in the lab every lab kernel.
std::vector<std::string> kernels() {
  std::vector<std::string> k = {"default"};
#ifdef CUZK_CUDA_LAB
  for (const auto& name : cuda::lab::ntt_kernels()) k.push_back(name);
#endif
  return k;
}

// which: 0 forward, 1 inverse, 2 to the odd coset, by `kernel`.
void run_ntt(cuda::Context& ctx, Fr* d, unsigned L, int which, const std::string& kernel) {
#ifdef CUZK_CUDA_LAB
  if (kernel != "default") return cuda::lab::ntt(ctx, d, L, which, kernel);
#endif
  REQUIRE(kernel == "default");
  if (which == 0) cuda::ntt_forward(ctx, d, L);
  if (which == 1) cuda::ntt_inverse(ctx, d, L);
  if (which == 2) cuda::ntt_to_odd_coset(ctx, d, L);
}

std::vector<Fr> on_device(cuda::Context& ctx, const std::vector<Fr>& in, unsigned L, int which,
                          const std::string& kernel) {
  cuda::DeviceBuffer<Fr> d;
  d.upload(in.data(), in.size(), ctx.stream());
  run_ntt(ctx, d.get(), L, which, kernel);
  std::vector<Fr> out(in.size());
  d.download(out.data(), out.size(), ctx.stream());
  ctx.synchronize();
  return out;
}

std::size_t count_diff(const std::vector<Fr>& a, const std::vector<Fr>& b) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < a.size(); ++i) bad += a[i] != b[i];
  return bad;
}

}  // namespace

TEST_CASE("host reference NTT equals the naive DFT") {
  for (unsigned L : {1u, 3u, 8u}) {
    auto x = random_vec(std::size_t(1) << L);
    Fr w = bls12_381::fr_root_of_unity(L);
    CHECK(count_diff(host_ntt(x, w), naive_dft(x, w)) == 0);
    auto y = x;
    ntt::Domain::get(L).forward(y.data());
    CHECK(count_diff(y, naive_dft(x, w)) == 0);
  }
}

TEST_CASE("device NTT forward / inverse / coset match the host") {
  cuda::Context ctx;
  for (unsigned L : {1u, 2u, 4u, 9u, 10u, 11u, 12u, 13u, 16u, 17u, 19u, 20u}) {
    CAPTURE(L);
    std::size_t n = std::size_t(1) << L;
    auto x = random_vec(n);
    Fr w = bls12_381::fr_root_of_unity(L);
    auto want = L <= 10 ? naive_dft(x, w) : host_ntt(x, w);
    // inverse: x = n⁻¹ · NTT_{ω⁻¹}(X)
    auto inv = host_ntt(want, w.inverse());
    Fr ninv = Fr::from_u64(n).inverse();
    for (auto& v : inv) v *= ninv;
    CHECK(count_diff(inv, x) == 0);
    // odd coset: evaluations of the polynomial with values x at ω_2n·ω^k
    auto coeff = host_ntt(x, w.inverse());
    Fr g = bls12_381::fr_root_of_unity(L + 1), gi = Fr::one();
    for (auto& v : coeff) v *= ninv * gi, gi *= g;
    auto coset = host_ntt(coeff, w);
    for (const auto& kernel : kernels()) {
      CAPTURE(kernel);
      CHECK(count_diff(on_device(ctx, x, L, 0, kernel), want) == 0);
      CHECK(count_diff(on_device(ctx, want, L, 1, kernel), x) == 0);
      CHECK(count_diff(on_device(ctx, x, L, 2, kernel), coset) == 0);
    }
    // the CPU Domain (the prover's reference) agrees on all three
    const auto& D = ntt::Domain::get(L);
    auto f = x, i = want, c = x;
    D.forward(f.data());
    D.inverse(i.data());
    D.to_odd_coset(c.data());
    CHECK(count_diff(f, want) == 0);
    CHECK(count_diff(i, x) == 0);
    CHECK(count_diff(c, coset) == 0);
  }
}

TEST_CASE("device NTT round trips at large sizes") {
  cuda::Context ctx;
  for (unsigned L : {21u, 22u, 24u}) {
    CAPTURE(L);
    std::size_t n = std::size_t(1) << L;
    auto x = random_vec(n);
    Fr w = bls12_381::fr_root_of_unity(L);
    // a few forward outputs by direct evaluation Σ x_i ω^(ik)
    std::vector<std::size_t> ks = {1, n / 2 + 3, n - 1};
    std::vector<Fr> direct;
    for (std::size_t k : ks) {
      Fr wk = w.pow(k), acc = Fr::zero(), p = Fr::one();
      for (std::size_t i = 0; i < n; ++i, p *= wk) acc += x[i] * p;
      direct.push_back(acc);
    }
    for (const auto& kernel : kernels()) {
      if (L == 24 && kernel != "default") continue;  // 2^24: the product's kernel only (host time)
      CAPTURE(kernel);
      cuda::DeviceBuffer<Fr> d;
      d.upload(x.data(), n, ctx.stream());
      run_ntt(ctx, d.get(), L, 0, kernel);
      std::vector<Fr> mid(n);
      d.download(mid.data(), n, ctx.stream());
      run_ntt(ctx, d.get(), L, 1, kernel);
      std::vector<Fr> back(n);
      d.download(back.data(), n, ctx.stream());
      ctx.synchronize();
      CHECK(count_diff(back, x) == 0);
      for (std::size_t j = 0; j < ks.size(); ++j) CHECK(mid[ks[j]] == direct[j]);
    }
  }
}
