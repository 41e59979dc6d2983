// BN254 device MSM (G1, G2; resident bases and G1 window tables) against the CPU on fresh
// random input: Σ k_i·P_i by double-and-add for n ≤ 64, else the CPU cuzk::msm::pippenger
// over BN254's curves. Sizes 0, 1, 2, small, not powers of two, 2^16; scalars 0, 1, r − 1,
// small, random and a witness's shape (86 % 0/1, repeated values); infinity bases, repeated
// points, P and −P. Scalars in both forms the MSM reads, from host and device memory:
// Montgomery and canonical, the canonical ones also unreduced (k + t·r below 2^256 for
// t ≤ 5: BN254's r < 2^254 leaves five multiples to take off, BLS12-381's two). Fixed
// window widths whose W·c is exactly 255 (the top window holds bit 254, zero below r) and
// the others.
#include <doctest/doctest.h>

#include <cstdint>
#include <type_traits>
#include <vector>

#include "cuda_test_util.hpp"
#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ec/bn254_curves.hpp"
#include "cuzk/ff/bigint.hpp"
#include "cuzk/msm/pippenger.hpp"

using namespace cuzk;
using bn254::Fr;

namespace {

template <class Curve>
using Points = std::vector<ec::Affine<Curve>>;

template <class Curve>
ec::Jacobian<Curve> cpu_msm(const Points<Curve>& p, const std::vector<Fr>& k) {
  std::vector<Fr::Repr> s(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) s[i] = k[i].canonical();
  if (p.size() > 64) return msm::pippenger<Curve>(p.data(), s.data(), p.size());
  ec::Jacobian<Curve> acc;  // n ≤ 64: double-and-add, no shared code with either MSM
  for (std::size_t i = 0; i < p.size(); ++i) acc += ec::Jacobian<Curve>::from_affine(p[i]).mul(s[i]);
  return acc;
}

// Edge scalars mixed with random ones, or a Groth16 witness's shape.
std::vector<Fr> scalars(std::size_t n, bool witness) {
  std::vector<Fr> k(n), pool(5);
  for (auto& v : pool) v = test::random_field<Fr>();
  for (std::size_t i = 0; i < n; ++i) {
    const auto x = test::rng()() % 100;
    if (witness)
      k[i] = x < 43 ? Fr::zero() : x < 86 ? Fr::one() : x < 91 ? pool[x % 5] : test::random_field<Fr>();
    else
      k[i] = x < 10   ? Fr::zero()
             : x < 20 ? Fr::one()
             : x < 30 ? -Fr::one()  // r − 1: every window busy
             : x < 40 ? Fr::from_u64(test::rng()() % 70000)
                      : test::random_field<Fr>();
  }
  return k;
}

// Infinity bases (every 11th, and 40 % for a witness, as a key section's density), a
// repeated point, P and −P with equal scalars (k·P + k·(−P) = O).
template <class Curve>
void add_edges(Points<Curve>& p, std::vector<Fr>& k, bool witness) {
  for (std::size_t i = 0; i < p.size(); ++i)
    if (i % 11 == 1 || (witness && test::rng()() % 5 < 2)) p[i] = ec::Affine<Curve>::infinity();
  if (p.size() < 8) return;
  p[3] = p[2];
  p[5] = -p[4];
  k[5] = k[4];
}

// k's canonical integers, each with t·r added for t = i mod 6 while the sum stays below
// 2^256 (the MSM takes any 256-bit value mod r).
std::vector<Fr::Repr> canonical_unreduced(const std::vector<Fr>& k) {
  std::vector<Fr::Repr> c(k.size());
  for (std::size_t i = 0; i < k.size(); ++i) {
    c[i] = k[i].canonical();
    for (std::size_t t = 0; t < i % 6; ++t) {
      Fr::Repr y = c[i];
      if (ff::bi::add(y, Fr::P)) break;  // past 2^256
      c[i] = y;
    }
  }
  return c;
}

template <class Curve, class S>
ec::Jacobian<Curve> gpu_msm(cuda::Context& ctx, const cuda::ResidentBases<ec::Affine<Curve>>& b, const S* k,
                            std::size_t n, std::size_t first = 0) {
  if constexpr (std::is_same_v<Curve, bn254::G1Curve>)
    return cuda::msm_g1(ctx, b, k, n, first);
  else
    return cuda::msm_g2(ctx, b, k, n, first);
}

// One input, every form: host / device × Montgomery / canonical / canonical unreduced.
template <class Curve>
void check(cuda::Context& ctx, std::size_t n, bool witness) {
  CAPTURE(n);
  CAPTURE(witness);
  auto p = test::random_points<Curve>(n);
  auto k = scalars(n, witness);
  add_edges(p, k, witness);
  const auto want = cpu_msm(p, k);
  cuda::ResidentBases<ec::Affine<Curve>> bases;
  bases.upload(ctx, p.data(), n);
  REQUIRE(bases.size() == n);
  std::vector<Fr::Repr> c(n);
  for (std::size_t i = 0; i < n; ++i) c[i] = k[i].canonical();
  const auto u = canonical_unreduced(k);
  cuda::DeviceBuffer<Fr> dk;
  cuda::DeviceBuffer<Fr::Repr> du;
  dk.upload(k.data(), n, ctx.stream());
  du.upload(u.data(), n, ctx.stream());
  const auto got = gpu_msm<Curve>(ctx, bases, k.data(), n);
  CHECK(got.on_curve());
  CHECK(got == want);
  CHECK(gpu_msm<Curve>(ctx, bases, dk.get(), n) == want);
  CHECK(gpu_msm<Curve>(ctx, bases, c.data(), n) == want);
  CHECK(gpu_msm<Curve>(ctx, bases, u.data(), n) == want);
  CHECK(gpu_msm<Curve>(ctx, bases, du.get(), n) == want);
}

const std::size_t kSizes[] = {0, 1, 2, 3, 7, 8, 33, 64, 65, 1000, 3001, std::size_t(1) << 16};

}  // namespace

TEST_CASE("BN254: canonical reduction count and window model come from the curve") {
  CHECK(cuda::kMsmScalarBits<bn254::G1Affine> == 255);
  CHECK(cuda::kMsmScalarBits<bn254::G2Affine> == 255);
  CHECK(cuda::kMsmScalarBits<bls12_381::G1Affine> == 256);
  CHECK(cuda::WindowTableG1Bn254::windows_for(16) == 16);  // ⌈255/16⌉
  CHECK(cuda::WindowTableG1Bn254::windows_for(17) == 15);
  CHECK(cuda::WindowTableG1::windows_for(16) == 16);
  CHECK(cuda::WindowTableG1::windows_for(17) == 16);  // ⌈256/17⌉
  // 5r < 2^256 < 6r: five subtractions take any 256-bit integer below r
  Fr::Repr x = Fr::P;
  for (int t = 1; t < 5; ++t) CHECK_FALSE(ff::bi::add(x, Fr::P));
  CHECK(ff::bi::add(x, Fr::P));
}

TEST_CASE("BN254 G1 MSM matches the CPU") {
  cuda::Context ctx;
  for (std::size_t n : kSizes) check<bn254::G1Curve>(ctx, n, false);
  check<bn254::G1Curve>(ctx, 3001, true);
  check<bn254::G1Curve>(ctx, std::size_t(1) << 16, true);
}

TEST_CASE("BN254 G2 MSM matches the CPU") {
  cuda::Context ctx;
  for (std::size_t n : kSizes) check<bn254::G2Curve>(ctx, n, false);
  check<bn254::G2Curve>(ctx, 3001, true);
  check<bn254::G2Curve>(ctx, std::size_t(1) << 16, true);
}

TEST_CASE("BN254 MSM at fixed window widths (W·c = 255 at 5, 15, 17) and offsets into the bases") {
  cuda::Context ctx;
  const std::size_t n = 3000;
  auto p1 = test::random_points<bn254::G1Curve>(n);
  auto p2 = test::random_points<bn254::G2Curve>(n);
  auto k = scalars(n, false);
  add_edges(p1, k, false);
  add_edges(p2, k, false);
  cuda::ResidentG1Bn254 b1;
  cuda::ResidentG2Bn254 b2;
  b1.upload(ctx, p1.data(), n);
  b2.upload(ctx, p2.data(), n);
  const auto w1 = cpu_msm(p1, k);
  const auto w2 = cpu_msm(p2, k);
  for (unsigned c : {4u, 5u, 8u, 13u, 15u, 16u, 17u}) {
    CAPTURE(c);
    cuda::CudaOptions o;
    o.msm_window_bits_g1 = o.msm_window_bits_g2 = c;
    ctx.set_options(o);
    CHECK(cuda::msm_window_bits(n, "G1", o, 255) == c);
    CHECK(cuda::msm_g1(ctx, b1, k.data(), n) == w1);
    CHECK(cuda::msm_g2(ctx, b2, k.data(), n) == w2);
  }
  ctx.set_options({});
  for (std::size_t first : {std::size_t(1), std::size_t(1000)}) {
    CAPTURE(first);
    const std::size_t m = n - first - 500;
    Points<bn254::G1Curve> ps(p1.begin() + first, p1.begin() + first + m);
    std::vector<Fr> ks(k.begin(), k.begin() + m);
    CHECK(cuda::msm_g1(ctx, b1, ks.data(), m, first) == cpu_msm(ps, ks));
  }
  CHECK(cuda::msm_g1(ctx, b1, k.data(), 0, 0).is_inf());
  CHECK_THROWS_AS(cuda::msm_g1(ctx, b1, k.data(), n, 1), Error);
}

TEST_CASE("BN254 G1 MSM over a window table matches the CPU") {
  cuda::Context ctx;
  for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(3001), std::size_t(1) << 16}) {
    CAPTURE(n);
    auto p = test::random_points<bn254::G1Curve>(n);
    auto k = scalars(n, n == 3001);
    add_edges(p, k, false);
    const auto want = cpu_msm(p, k);
    cuda::ResidentG1Bn254 bases;
    bases.upload(ctx, p.data(), n);
    for (unsigned c : {8u, 15u, 17u, 22u}) {
      CAPTURE(c);
      cuda::WindowTableG1Bn254 t;
      t.build(ctx, bases, c);
      REQUIRE(t.windows() == (255 + c - 1) / c);
      CHECK(t.bytes() == t.windows() * n * 2 * sizeof(bn254::Fq));
      CHECK(cuda::msm_g1(ctx, t, k.data(), n) == want);
    }
  }
  cuda::WindowTableG1Bn254 empty;
  std::vector<Fr> one(1, Fr::one());
  CHECK_THROWS_AS(cuda::msm_g1(ctx, empty, one.data(), 1), Error);
}
