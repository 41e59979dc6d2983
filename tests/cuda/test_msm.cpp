// Device MSM (G1, G2) against host references: Σ k_i·P_i by double-and-add at small n,
// the CPU cuzk::msm::pippenger at larger n, and a small unsigned-window bucket method
// written here as a second opinion; edge cases:
// zero / one / r−1 scalars, infinity bases, P and −P, repeated points, equal scalars.
// Scalars in both forms the MSM reads: Montgomery (an NTT's output) and canonical (a
// witness), the canonical ones also unreduced (k + r, k + 2r below 2^256: taken mod r).
// Built with CUZK_CUDA_LAB (cuda_test_msm_lab) it checks the lab's MSM modes instead.
#include <doctest/doctest.h>

#include <map>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/cuda/registered_buffer.hpp"
#include "cuzk/ff/bigint.hpp"
#include "cuzk/msm/pippenger.hpp"
#ifdef CUZK_CUDA_LAB
#include "lab.hpp"
#endif

using namespace cuzk;
using bls12_381::Fr;

namespace {

template <class Curve>
ec::Jacobian<Curve> naive_msm(const std::vector<ec::Affine<Curve>>& p, const std::vector<Fr>& k) {
  ec::Jacobian<Curve> acc;
  for (std::size_t i = 0; i < p.size(); ++i) acc += ec::Jacobian<Curve>::from_affine(p[i]).mul(k[i].canonical());
  return acc;
}

// Unsigned 8-bit windows, Jacobian buckets, running-sum reduction.
template <class Curve>
ec::Jacobian<Curve> bucket_msm(const std::vector<ec::Affine<Curve>>& p, const std::vector<Fr>& k) {
  using J = ec::Jacobian<Curve>;
  std::vector<Fr::Repr> s(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) s[i] = k[i].canonical();
  J acc;
  for (int w = 31; w >= 0; --w) {
    for (int i = 0; i < 8; ++i) acc = acc.dbl();
    std::vector<J> b(256);
    for (std::size_t i = 0; i < p.size(); ++i) {
      unsigned d = unsigned(s[i][w / 8] >> (8 * (w % 8))) & 0xff;
      if (d) b[d] = b[d].add_mixed(p[i]);
    }
    J run, sum;
    for (int d = 255; d >= 1; --d) {
      run += b[d];
      sum += run;
    }
    acc += sum;
  }
  return acc;
}

template <class Curve>
ec::Jacobian<Curve> cpu_pippenger(const std::vector<ec::Affine<Curve>>& p, const std::vector<Fr>& k) {
  std::vector<ff::Limbs<4>> s(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) s[i] = k[i].canonical();
  return msm::pippenger<Curve>(p.data(), s.data(), p.size());
}

enum class Mix { Random, Edge, Ones, Zeros, Equal, SmallBits };

std::vector<Fr> scalars(std::size_t n, Mix mix) {
  std::vector<Fr> k(n);
  Fr same = test::random_field<Fr>();
  for (std::size_t i = 0; i < n; ++i) {
    switch (mix) {
      case Mix::Random: k[i] = test::random_field<Fr>(); break;
      case Mix::Ones: k[i] = Fr::one(); break;
      case Mix::Zeros: k[i] = Fr::zero(); break;
      case Mix::Equal: k[i] = same; break;
      case Mix::SmallBits: k[i] = Fr::from_u64(test::rng()() % 4); break;  // bit-decomposition-like
      case Mix::Edge: {
        switch (test::rng()() % 6) {
          case 0: k[i] = Fr::zero(); break;
          case 1: k[i] = Fr::one(); break;
          case 2: k[i] = -Fr::one(); break;  // r − 1: all windows busy, top digit
          case 3: k[i] = Fr::from_u64(test::rng()() % 70000); break;
          default: k[i] = test::random_field<Fr>();
        }
      }
    }
  }
  return k;
}

// A Groth16 witness's shape: a share p01 of 0/1 values (half each), the rest 255-bit
// values of which a third come from a pool of 5 (a few buckets hundreds of times longer
// than the rest, as a circuit's repeated constants make them); r − 1 mixed in.
std::vector<Fr> witness_like(std::size_t n, double p01) {
  std::vector<Fr> k(n), pool(5);
  for (auto& v : pool) v = test::random_field<Fr>();
  std::uniform_real_distribution<double> u(0, 1);
  for (std::size_t i = 0; i < n; ++i) {
    double x = u(test::rng());
    if (x < p01) k[i] = x < p01 / 2 ? Fr::zero() : Fr::one();
    else if (test::rng()() % 3 == 0) k[i] = pool[test::rng()() % pool.size()];
    else if (test::rng()() % 50 == 0) k[i] = -Fr::one();
    else k[i] = test::random_field<Fr>();
  }
  return k;
}

template <class Curve>
void add_edge_points(std::vector<ec::Affine<Curve>>& p) {
  if (p.size() < 8) return;
  p[1] = ec::Affine<Curve>::infinity();
  p[3] = p[2];   // repeated base: equal points land in one bucket (doubling path)
  p[5] = -p[4];  // P and −P
}

template <class Curve>
using MsmFn = ec::Jacobian<Curve> (*)(cuda::Context&, const cuda::ResidentBases<ec::Affine<Curve>>&, const Fr*,
                                      std::size_t, std::size_t);

template <class Curve>
void check(cuda::Context& ctx, std::size_t n, Mix mix, bool edge_points, MsmFn<Curve> msm) {
  CAPTURE(n);
  CAPTURE(int(mix));
  CAPTURE(edge_points);
  auto p = test::random_points<Curve>(n);
  if (edge_points) add_edge_points(p);
  auto k = scalars(n, mix);
  if (edge_points && n >= 8) k[5] = k[4];  // k·P + k·(−P) = O
  auto want = n <= 64 ? naive_msm(p, k) : cpu_pippenger(p, k);
  cuda::ResidentBases<ec::Affine<Curve>> bases;
  bases.upload(ctx, p.data(), n);
  auto got = msm(ctx, bases, k.data(), n, 0);
  CHECK(got.on_curve());
  CHECK(got == want);
}

// 40 % of the bases at infinity (a key section's density: points of variables that do not
// occur in it), plus the repeated point and P / −P of add_edge_points.
template <class Curve>
void witness_check(cuda::Context& ctx, std::size_t n, double p01, MsmFn<Curve> msm) {
  CAPTURE(n);
  CAPTURE(p01);
  auto p = test::random_points<Curve>(n);
  add_edge_points(p);
  for (std::size_t i = 0; i < n; ++i)
    if (test::rng()() % 5 < 2) p[i] = ec::Affine<Curve>::infinity();
  auto k = witness_like(n, p01);
  auto want = cpu_pippenger(p, k);
  cuda::ResidentBases<ec::Affine<Curve>> bases;
  bases.upload(ctx, p.data(), n);
  auto got = msm(ctx, bases, k.data(), n, 0);
  CHECK(got.on_curve());
  CHECK(got == want);
}

// The canonical integers of k (a witness's form). With `unreduced`, each value that stays
// below 2^256 with r or 2r added is given so in turn (the MSM must take it mod r), and
// entries 0..3 become r, r + 1, 2r and 2r + 1 when n ≥ 4 (in place of their values: the
// caller's Montgomery k is updated to match).
std::vector<Fr::Repr> canonical_of(std::vector<Fr>& k, bool unreduced) {
  std::vector<Fr::Repr> c(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) {
    c[i] = k[i].canonical();
    if (!unreduced) continue;
    Fr::Repr x = c[i];
    for (std::size_t t = 0; t < i % 3; ++t) {  // + 0, r or 2r
      Fr::Repr y = x;
      if (ff::bi::add(y, Fr::P)) break;  // past 2^256: keep the smaller one
      x = y;
    }
    c[i] = x;
  }
  if (unreduced && k.size() >= 4) {
    const std::uint64_t low[4] = {0, 1, 0, 1};
    for (std::size_t i = 0; i < 4; ++i) {
      Fr::Repr x = Fr::P;
      if (i >= 2) ff::bi::add(x, Fr::P);  // 2r < 2^256
      Fr::Repr one{};
      one[0] = low[i];
      ff::bi::add(x, one);
      c[i] = x;
      k[i] = Fr::from_u64(low[i]);  // r ≡ 0, r + 1 ≡ 1
    }
  }
  return c;
}

template <class Curve>
ec::Jacobian<Curve> msm_canonical(cuda::Context& ctx, const cuda::ResidentBases<ec::Affine<Curve>>& bases,
                                  const Fr::Repr* k, std::size_t n) {
  if constexpr (std::is_same_v<Curve, bls12_381::G1Curve>)
    return cuda::msm_g1(ctx, bases, k, n);
  else
    return cuda::msm_g2(ctx, bases, k, n);
}

// The same MSM over Montgomery and canonical scalars (host and device arrays, reduced and
// not): every result equals the CPU's. Witness-shaped scalars over bases 40 % at infinity
// when `witness`, else the mix with the edge points.
template <class Curve>
void check_forms(cuda::Context& ctx, std::size_t n, Mix mix, bool witness) {
  CAPTURE(n);
  CAPTURE(int(mix));
  CAPTURE(witness);
  auto p = test::random_points<Curve>(n);
  add_edge_points(p);
  std::vector<Fr> k = witness ? witness_like(n, 0.86) : scalars(n, mix);
  if (witness)
    for (std::size_t i = 0; i < n; ++i)
      if (test::rng()() % 5 < 2) p[i] = ec::Affine<Curve>::infinity();
  cuda::ResidentBases<ec::Affine<Curve>> bases;
  bases.upload(ctx, p.data(), n);
  for (bool unreduced : {false, true}) {
    CAPTURE(unreduced);
    const std::vector<Fr::Repr> c = canonical_of(k, unreduced);
    const auto want = n <= 64 ? naive_msm(p, k) : cpu_pippenger(p, k);
    cuda::DeviceBuffer<Fr::Repr> dc;
    dc.upload(c.data(), n, ctx.stream());
    const auto host = msm_canonical<Curve>(ctx, bases, c.data(), n);
    const auto dev = msm_canonical<Curve>(ctx, bases, dc.get(), n);
    CHECK(host.on_curve());
    CHECK(host == want);
    CHECK(dev == want);
    if constexpr (std::is_same_v<Curve, bls12_381::G1Curve>)
      CHECK(cuda::msm_g1(ctx, bases, k.data(), n) == want);
    else
      CHECK(cuda::msm_g2(ctx, bases, k.data(), n) == want);
  }
}

}  // namespace

#ifndef CUZK_CUDA_LAB
TEST_CASE("canonical scalars (a witness's form), reduced or not, give the Montgomery path's sums") {
  cuda::Context ctx;
  for (std::size_t n : {1, 4, 9, 64}) {
    check_forms<bls12_381::G1Curve>(ctx, n, Mix::Edge, false);
    check_forms<bls12_381::G2Curve>(ctx, n, Mix::Random, false);
  }
  for (Mix m : {Mix::Random, Mix::Edge, Mix::Ones, Mix::Zeros, Mix::Equal, Mix::SmallBits}) {
    check_forms<bls12_381::G1Curve>(ctx, 3000, m, false);
    check_forms<bls12_381::G2Curve>(ctx, 1000, m, false);
  }
  check_forms<bls12_381::G1Curve>(ctx, std::size_t(1) << 16, Mix::Random, true);
  check_forms<bls12_381::G2Curve>(ctx, std::size_t(1) << 13, Mix::Random, true);
}

TEST_CASE("witness-shaped scalars: 0 %, 50 %, 86 %, 100 % of 0/1 values, repeated values, infinity bases") {
  cuda::Context ctx;
  MsmFn<bls12_381::G1Curve> f1 = cuda::msm_g1;
  MsmFn<bls12_381::G2Curve> f2 = cuda::msm_g2;
  for (double p01 : {0.0, 0.5, 0.86, 1.0}) {
    witness_check(ctx, std::size_t(1) << 16, p01, f1);
    witness_check(ctx, 3000, p01, f1);
    witness_check(ctx, std::size_t(1) << 13, p01, f2);
  }
  // a witness with only 0/1 values: no bucket at all but the ones bucket, many segments
  witness_check(ctx, std::size_t(1) << 18, 1.0, f1);
  witness_check(ctx, std::size_t(1) << 18, 0.86, f1);
}

TEST_CASE("host bucket reference equals naive") {
  auto p = test::random_points<bls12_381::G1Curve>(40);
  auto k = scalars(40, Mix::Edge);
  CHECK(bucket_msm(p, k) == naive_msm(p, k));
  auto q = test::random_points<bls12_381::G1Curve>(3000);
  auto m = scalars(3000, Mix::Edge);
  CHECK(bucket_msm(q, m) == cpu_pippenger(q, m));
}

TEST_CASE("G1 MSM matches the host") {
  cuda::Context ctx;
  MsmFn<bls12_381::G1Curve> f = cuda::msm_g1;
  for (std::size_t n : {1, 2, 3, 7, 8, 33, 64}) check(ctx, n, Mix::Random, false, f);
  for (std::size_t n : {8, 64}) check(ctx, n, Mix::Edge, true, f);
  for (std::size_t n : {100, 1000, 4096, 1 << 15}) check(ctx, n, Mix::Random, n < 5000, f);
  // 2^18: c = 13, segments of L = 2 buckets (the (segment offset)·sum term is live)
  check(ctx, std::size_t(1) << 18, Mix::Random, true, f);
  check(ctx, std::size_t(1) << 18, Mix::Edge, false, f);
  for (Mix m : {Mix::Edge, Mix::Ones, Mix::Zeros, Mix::Equal, Mix::SmallBits}) check(ctx, 5000, m, true, f);
}

TEST_CASE("G1 MSM: device scalars, offsets into resident bases, reuse") {
  cuda::Context ctx;
  std::size_t n = 3000;
  auto p = test::random_points<bls12_381::G1Curve>(n);
  auto k = scalars(n, Mix::Edge);
  cuda::ResidentG1 bases;
  bases.upload(ctx, p.data(), n);
  cuda::DeviceBuffer<Fr> dk;
  dk.upload(k.data(), n, ctx.stream());
  for (std::size_t first : {std::size_t(0), std::size_t(1000)}) {
    std::size_t m = n - first - 500;
    std::vector<ec::Affine<bls12_381::G1Curve>> ps(p.begin() + first, p.begin() + first + m);
    std::vector<Fr> ks(k.begin(), k.begin() + m);
    auto want = bucket_msm(ps, ks);
    CHECK(cuda::msm_g1(ctx, bases, dk.get(), m, first) == want);
    CHECK(cuda::msm_g1(ctx, bases, ks.data(), m, first) == want);
  }
  CHECK(cuda::msm_g1(ctx, bases, k.data(), 0, 0).is_inf());
  CHECK_THROWS_AS(cuda::msm_g1(ctx, bases, k.data(), n, 1), Error);
}

TEST_CASE("G2 MSM matches the host") {
  cuda::Context ctx;
  MsmFn<bls12_381::G2Curve> f = cuda::msm_g2;
  for (std::size_t n : {1, 5, 64}) check(ctx, n, Mix::Random, false, f);
  check(ctx, 64, Mix::Edge, true, f);
  for (std::size_t n : {300, 2048}) check(ctx, n, Mix::Random, true, f);
  for (Mix m : {Mix::Edge, Mix::Ones, Mix::Equal}) check(ctx, 1000, m, true, f);
  check(ctx, std::size_t(1) << 18, Mix::Random, true, f);
}

TEST_CASE("MSM windows from CudaOptions (--msm-window-g1/-g2): fixed widths give the same sums") {
  cuda::CudaOptions o;
  CHECK(cuda::msm_window_bits(std::size_t(1) << 18, "G1", o) == cuda::msm_window_bits(std::size_t(1) << 18, "G1"));
  o.msm_window_bits_g1 = 7;
  o.msm_window_bits_g2 = 11;
  CHECK(cuda::msm_window_bits(5000, "G1", o) == 7);
  CHECK(cuda::msm_window_bits(5000, "G2", o) == 11);
  // the cost model's widths at 2^16 … 2^26: each the best one measured there on an H100
  // (window sweeps on distinct points), for both curves
  const std::pair<unsigned, unsigned> picks[] = {{16, 10}, {18, 13}, {20, 16}, {22, 16}, {24, 20}, {26, 20}};
  for (const auto& [log_n, c] : picks)
    for (const char* curve : {"G1", "G2"}) CHECK(cuda::msm_window_bits(std::size_t(1) << log_n, curve) == c);
  cuda::Context ctx(0, o);
  MsmFn<bls12_381::G1Curve> f1 = cuda::msm_g1;
  MsmFn<bls12_381::G2Curve> f2 = cuda::msm_g2;
  for (Mix m : {Mix::Random, Mix::Edge}) {
    check(ctx, 5000, m, true, f1);
    check(ctx, 2048, m, true, f2);
  }
}

TEST_CASE("MSM: a segment length that does not divide a window's buckets") {
  // c = 15: 18 windows of 2^14 buckets. The segment length comes from the GPU's resident
  // slots (for G1 on a 132-SM H100 at 3 blocks an SM: 6 buckets a thread; G2's lane pairs
  // have half the slots, so twice or more), so a window's last segment is shorter than
  // the others on such a card.
  cuda::CudaOptions o;
  o.msm_window_bits_g1 = 15;
  o.msm_window_bits_g2 = 15;
  cuda::Context ctx(0, o);
  MsmFn<bls12_381::G1Curve> f1 = cuda::msm_g1;
  MsmFn<bls12_381::G2Curve> f2 = cuda::msm_g2;
  check(ctx, std::size_t(1) << 16, Mix::Random, true, f1);
  check(ctx, std::size_t(1) << 14, Mix::Random, true, f2);
}

// Window tables (the prover's case): entries against the host's 2^(cw)·P, and the MSM over
// a table against the host reference and the plain device MSM, with the edge cases.
TEST_CASE("window table: entries are 2^(c·w)·P, infinity stays zero") {
  using A = bls12_381::G1Affine;
  using J = bls12_381::G1;
  cuda::Context ctx;
  const std::size_t n = 3001;  // not a multiple of the build's batch or block
  auto p = test::random_points<bls12_381::G1Curve>(n);
  add_edge_points(p);
  p[n - 1] = A::infinity();
  cuda::ResidentG1 bases;
  bases.upload(ctx, p.data(), n);
  for (unsigned c : {8u, 13u, 22u}) {
    CAPTURE(c);
    cuda::WindowTableG1 t;
    t.build(ctx, bases, c, c == 13 ? 1000 : cuda::WindowTableG1::kBuildChunk);  // 13: in chunks of 1000 points
    const unsigned W = (256 + c - 1) / c;
    REQUIRE(t.windows() == W);
    REQUIRE(t.size() == n);
    CHECK(t.bytes() == W * n * 2 * sizeof(bls12_381::Fq));
    CHECK(cuda::WindowTableG1::bytes_for(n, c) == t.bytes());
    std::vector<bls12_381::Fq> xy(2 * W * n);
    CUZK_CUDA_CHECK(cudaMemcpy(xy.data(), t.device_xy(), xy.size() * sizeof(bls12_381::Fq), cudaMemcpyDeviceToHost));
    std::size_t bad = 0, checked = 0;
    for (unsigned w = 0; w < W; ++w) {
      Fr two_cw = Fr::one();
      for (unsigned i = 0; i < c * w; ++i) two_cw = two_cw + two_cw;
      // edge points, both sides of the 1000-point chunks (c = 13) and of a thread's stride
      for (std::size_t i : {std::size_t(0), std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(4),
                            std::size_t(5), std::size_t(255), std::size_t(256), std::size_t(999), std::size_t(1000),
                            std::size_t(1234), std::size_t(1999), std::size_t(2000), std::size_t(2047),
                            std::size_t(2048), n - 2, n - 1}) {
        const A want = J::from_affine(p[i]).mul(two_cw.canonical()).to_affine();
        const auto& x = xy[2 * (w * n + i)];
        const auto& y = xy[2 * (w * n + i) + 1];
        const bool ok = want.inf ? (x.is_zero() && y.is_zero()) : (x == want.x && y == want.y);
        bad += !ok;
        ++checked;
      }
    }
    CHECK_MESSAGE(bad == 0, bad << " of " << checked << " table entries wrong");
  }
  cuda::WindowTableG1 t;
  CHECK_THROWS_AS(t.build(ctx, bases, 7), Error);
  CHECK_THROWS_AS(t.build(ctx, bases, 27), Error);
  CHECK_THROWS_AS(t.build(ctx, bases, 16, 0), Error);
  CHECK(t.windows() == 0);
}

TEST_CASE("G1 MSM over a window table matches the host and the plain MSM") {
  cuda::Context ctx;
  for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(3000), std::size_t(1) << 16}) {
    CAPTURE(n);
    auto p = test::random_points<bls12_381::G1Curve>(n);
    add_edge_points(p);
    cuda::ResidentG1 bases;
    bases.upload(ctx, p.data(), n);
    for (unsigned c : {8u, 16u, 22u}) {
      CAPTURE(c);
      cuda::WindowTableG1 t;
      t.build(ctx, bases, c);
      for (Mix mix : {Mix::Random, Mix::Edge, Mix::Ones, Mix::Equal, Mix::SmallBits}) {
        CAPTURE(int(mix));
        auto k = scalars(n, mix);
        if (n >= 8) k[5] = k[4];  // k·P + k·(−P) = O in one bucket of every window
        auto want = n <= 64 ? naive_msm(p, k) : cpu_pippenger(p, k);
        auto got = cuda::msm_g1(ctx, t, k.data(), n);
        CHECK(got.on_curve());
        CHECK(got == want);
        if (mix == Mix::Random) CHECK(cuda::msm_g1(ctx, bases, k.data(), n) == want);
      }
    }
  }
}

TEST_CASE("G1 MSM over a window table: one bucket of every window, offsets, witness shape, errors") {
  cuda::Context ctx;
  const std::size_t n = 5000;
  auto p = test::random_points<bls12_381::G1Curve>(n);
  add_edge_points(p);
  for (std::size_t i = 0; i < n; ++i)
    if (test::rng()() % 5 < 2) p[i] = ec::Affine<bls12_381::G1Curve>::infinity();
  cuda::ResidentG1 bases;
  bases.upload(ctx, p.data(), n);
  cuda::WindowTableG1 t;
  t.build(ctx, bases, 8);
  // every digit of every scalar is 5: all n·32 entries in one bucket (the longest run a
  // shared bucket set can have; the tree over its chunk partials must cover it)
  Fr five_all = Fr::zero(), two8 = Fr::from_u64(256);
  for (int w = 0; w < 32; ++w) five_all = five_all * two8 + Fr::from_u64(5);
  std::vector<Fr> k(n, five_all);
  CHECK(cuda::msm_g1(ctx, t, k.data(), n) == cpu_pippenger(p, k));
  for (double p01 : {0.0, 0.86, 1.0}) {
    CAPTURE(p01);
    auto kw = witness_like(n, p01);
    CHECK(cuda::msm_g1(ctx, t, kw.data(), n) == cpu_pippenger(p, kw));
  }
  // a sub-range of the table's points, scalars on the device
  auto ks = scalars(n, Mix::Edge);
  cuda::DeviceBuffer<Fr> dk;
  dk.upload(ks.data(), n, ctx.stream());
  const std::size_t first = 1000, m = 2500;
  std::vector<ec::Affine<bls12_381::G1Curve>> ps(p.begin() + first, p.begin() + first + m);
  std::vector<Fr> kk(ks.begin(), ks.begin() + m);
  CHECK(cuda::msm_g1(ctx, t, dk.get(), m, first) == cpu_pippenger(ps, kk));
  CHECK(cuda::msm_g1(ctx, t, ks.data(), 0, 0).is_inf());
  CHECK_THROWS_AS(cuda::msm_g1(ctx, t, ks.data(), n, 1), Error);
  cuda::WindowTableG1 empty;
  CHECK_THROWS_AS(cuda::msm_g1(ctx, empty, ks.data(), 1, 0), Error);
}

// The key upload (resident_upload.cpp): several chunks per packer thread, a short last
// chunk, infinity points packed as x = y = 0, one staging reused by several uploads.
template <class A>
void check_upload(std::size_t n, cuda::UploadStaging& st) {
  using F = typename A::Field;
  std::vector<A> p(n);
  for (std::size_t i = 0; i < n; ++i) {  // only the packing is checked: any field values do
    if constexpr (std::is_same_v<F, bls12_381::Fq>) {
      p[i].x = test::random_field<bls12_381::Fq>();
      p[i].y = test::random_field<bls12_381::Fq>();
    } else {
      p[i].x = test::random_fq2();
      p[i].y = test::random_fq2();
    }
    p[i].inf = (test::rng()() % 5) == 0 || i == 0 || i + 1 == n;
  }
  cuda::Context ctx(0);
  cuda::ResidentBases<A> b;
  b.upload(ctx, p.data(), n, st);
  REQUIRE(b.size() == n);
  std::vector<F> got(2 * n);
  CUZK_CUDA_CHECK(cudaMemcpy(got.data(), b.device_xy(), 2 * n * sizeof(F), cudaMemcpyDeviceToHost));
  std::size_t bad = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const F wx = p[i].inf ? F::zero() : p[i].x, wy = p[i].inf ? F::zero() : p[i].y;
    bad += !(got[2 * i] == wx) || !(got[2 * i + 1] == wy);
  }
  CHECK(bad == 0);
}

TEST_CASE("key upload: many chunks over the packer threads, infinity as zeros, staging reused") {
  cuda::UploadStaging st;
  const std::size_t g1 = cuda::UploadStaging::kBytes / (2 * sizeof(bls12_381::Fq));
  const std::size_t g2 = cuda::UploadStaging::kBytes / (2 * sizeof(bls12_381::Fq2));
  for (std::size_t n : {std::size_t(1), g1 - 1, g1, 9 * g1 + 7}) check_upload<bls12_381::G1Affine>(n, st);
  for (std::size_t n : {std::size_t(3), 5 * g2 + 1}) check_upload<bls12_381::G2Affine>(n, st);
  // Staging sized to one upload: a small one pins one buffer pair of its size, not 128 MiB.
  const auto small = cuda::UploadStaging::for_bytes(5 * 96);
  CHECK(small.packers() == 1);
  CHECK(small.buffer_bytes() == 5 * 96);
  const auto big = cuda::UploadStaging::for_bytes(std::size_t(100) << 20);
  CHECK(big.packers() == cuda::UploadStaging::kPackers);
  CHECK(big.buffer_bytes() == cuda::UploadStaging::kBytes);
  auto odd = cuda::UploadStaging::for_bytes(2 * cuda::UploadStaging::kBytes + 1);  // three chunks, 3 packers
  CHECK(odd.packers() == 3);
  check_upload<bls12_381::G1Affine>(g1 * 5 + 3, odd);
  cuda::Context ctx(0);
  cuda::ResidentG1 empty;
  empty.upload(ctx, nullptr, 0, st);
  CHECK(empty.size() == 0);
}

TEST_CASE("registered host buffers: zeroed, copy both ways at page-locked speed paths, moves, empty") {
  cuda::Context ctx(0);
  for (std::size_t n : {std::size_t(1), std::size_t(4097), std::size_t(3) << 20}) {
    cuda::RegisteredBuffer<std::uint32_t> h(n);
    REQUIRE(h.size() == n);
    std::size_t nonzero = 0;
    for (std::size_t i = 0; i < n; ++i) nonzero += h[i] != 0;
    CHECK(nonzero == 0);  // fresh anonymous pages
    for (std::size_t i = 0; i < n; ++i) h[i] = std::uint32_t(i * 2654435761u);
    cudaPointerAttributes at{};
    CUZK_CUDA_CHECK(cudaPointerGetAttributes(&at, h.get()));
    CHECK(at.type == cudaMemoryTypeHost);  // registered, not pageable
    cuda::DeviceBuffer<std::uint32_t> d;
    d.resize(n);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(d.get(), h.get(), n * 4, cudaMemcpyHostToDevice, ctx.stream()));
    cuda::RegisteredBuffer<std::uint32_t> back(n);
    CUZK_CUDA_CHECK(cudaMemcpyAsync(back.get(), d.get(), n * 4, cudaMemcpyDeviceToHost, ctx.stream()));
    ctx.synchronize();
    std::size_t bad = 0;
    for (std::size_t i = 0; i < n; ++i) bad += back[i] != h[i];
    CHECK(bad == 0);
    cuda::RegisteredBuffer<std::uint32_t> moved = std::move(h);
    CHECK(moved.size() == n);
    CHECK(moved[n - 1] == std::uint32_t((n - 1) * 2654435761u));
  }
  cuda::RegisteredBuffer<std::uint32_t> empty(0);
  CHECK(empty.get() == nullptr);
}
#else  // CUZK_CUDA_LAB: the lab's MSM modes (cuda/bench/lab.hpp)

// The product's G2 accumulation is on lane pairs; this is the one-thread one.
TEST_CASE("lab: G2 MSM with one thread a point matches the host") {
  cuda::Context ctx;
  MsmFn<bls12_381::G2Curve> f = [](cuda::Context& c, const cuda::ResidentG2& b, const Fr* k, std::size_t n,
                                   std::size_t first) {
    REQUIRE(first == 0);
    return cuda::lab::msm_g2(c, b, k, n, cuda::lab::MsmMode{false, 1});
  };
  for (std::size_t n : {1, 2, 5, 64}) check(ctx, n, Mix::Random, false, f);
  check(ctx, 64, Mix::Edge, true, f);
  for (std::size_t n : {300, 2048}) check(ctx, n, Mix::Random, true, f);
  for (Mix m : {Mix::Edge, Mix::Ones, Mix::Zeros, Mix::Equal, Mix::SmallBits}) check(ctx, 1000, m, true, f);
  check(ctx, std::size_t(1) << 18, Mix::Random, true, f);
  for (double p01 : {0.0, 0.86, 1.0}) witness_check(ctx, std::size_t(1) << 13, p01, f);
}

TEST_CASE("lab: per-stage MSM profiling does not change the sums") {
  cuda::Context ctx;
  MsmFn<bls12_381::G1Curve> f1 = [](cuda::Context& c, const cuda::ResidentG1& b, const Fr* k, std::size_t n,
                                    std::size_t first) {
    REQUIRE(first == 0);
    return cuda::lab::msm_g1(c, b, k, n, cuda::lab::MsmMode{true, 2});
  };
  MsmFn<bls12_381::G2Curve> f2 = [](cuda::Context& c, const cuda::ResidentG2& b, const Fr* k, std::size_t n,
                                    std::size_t first) {
    REQUIRE(first == 0);
    return cuda::lab::msm_g2(c, b, k, n, cuda::lab::MsmMode{true, 2});
  };
  for (Mix m : {Mix::Random, Mix::Edge}) {
    check(ctx, 5000, m, true, f1);
    check(ctx, 2048, m, true, f2);
  }
}

TEST_CASE("lab: the MSM mode from the environment") {
  auto env = [](std::map<std::string, std::string> v) {
    return [v](const char* n) -> const char* {
      auto it = v.find(n);
      return it == v.end() ? nullptr : it->second.c_str();
    };
  };
  CHECK(cuda::lab::msm_mode(env({})).is_product());
  const auto m = cuda::lab::msm_mode(env({{"CUZK_MSM_PROFILE", "on"}, {"CUZK_MSM_G2_LANES", "1"}}));
  CHECK(m.profile);
  CHECK(m.g2_lanes == 1);
  CHECK_THROWS_AS(cuda::lab::msm_mode(env({{"CUZK_MSM_G2_LANES", "3"}})), Error);
  CHECK_THROWS_AS(cuda::lab::msm_mode(env({{"CUZK_MSM_PROFILE", "yes"}})), Error);
}
#endif
