// Pippenger MSM against the naive Σ kᵢ·Pᵢ: sizes 0, 1, 2 and up, infinity points, zero and
// one scalars, repeated and opposite points (bucket doubling / cancellation), every window.
#include <doctest/doctest.h>

#include "cuzk/msm/pippenger.hpp"
#include "random_points.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;
using cuzk::test::rng;

namespace {

enum class Mix { Random, ZeroOne, Sparse, Edge };

ff::Limbs<4> scalar_for(Mix mix) {
  switch (mix) {
    case Mix::Random: return test::random_scalar();
    case Mix::ZeroOne: return ff::bi::from_u64<4>(rng()() & 1);
    case Mix::Sparse: {
      auto r = rng()() % 4;
      return r == 0 ? test::random_scalar() : ff::bi::from_u64<4>(r == 1 ? 0 : r == 2 ? 1 : rng()() % 1000);
    }
    case Mix::Edge: {
      ff::Limbs<4> k{};
      switch (rng()() % 6) {
        case 0: k = Fr::P, ff::bi::sub(k, ff::bi::from_u64<4>(1)); break;   // r − 1
        case 1: k = Fr::P, ff::bi::sub(k, ff::bi::from_u64<4>(2)); break;   // r − 2
        case 2: { unsigned b = rng()() % 255; k[b / 64] = ff::u64(1) << (b % 64); } break;  // 2^b
        case 3: { unsigned b = 1 + rng()() % 254; for (unsigned i = 0; i < b; ++i) k[i / 64] |= ff::u64(1) << (i % 64); } break;  // 2^b − 1
        case 4: k = test::random_scalar(); break;
        default: break;  // 0
      }
      return k;
    }
  }
  return {};
}

template <class Curve>
void check_msm(std::size_t n, Mix mix, unsigned window, double inf_rate = 0.05) {
  auto pts = test::random_affine_points<Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (std::size_t i = 0; i < n; ++i) {
    ks[i] = scalar_for(mix);
    if (double(rng()() % 1000) < inf_rate * 1000) pts[i] = ec::Affine<Curve>::infinity();
  }
  // repeated and opposite points
  if (n >= 4) {
    pts[1] = pts[0];
    ks[1] = ks[0];
    pts[3] = -pts[2];
    ks[3] = ks[2];
  }
  auto expect = msm::msm_naive(pts.data(), ks.data(), n);
  auto got = msm::pippenger(pts.data(), ks.data(), n, msm::MsmConfig{window});
  REQUIRE_MESSAGE(got == expect, Curve::name, " n=", n, " mix=", int(mix), " window=", window);
  CHECK(got.on_curve());
}

}  // namespace

TEST_CASE("G1 pippenger vs naive, sizes and scalar mixes") {
  for (std::size_t n : {0, 1, 2, 3, 4, 5, 8, 17, 64, 129, 300, 1000})
    for (Mix mix : {Mix::Random, Mix::ZeroOne, Mix::Sparse, Mix::Edge}) check_msm<G1Curve>(n, mix, 0);
}

TEST_CASE("G1 pippenger, every window width forced") {
  for (unsigned c = 1; c <= 16; ++c) {
    check_msm<G1Curve>(40 + rng()() % 60, Mix::Random, c);
    check_msm<G1Curve>(40, Mix::Edge, c);
  }
  check_msm<G1Curve>(50, Mix::Random, 99);  // clamped to 16
}

TEST_CASE("G1 pippenger, all infinity / all zero / all one") {
  const std::size_t n = 200;
  auto pts = test::random_affine_points<G1Curve>(n);
  std::vector<ff::Limbs<4>> ks(n);
  for (auto& k : ks) k = test::random_scalar();
  std::vector<G1Affine> infs(n);
  CHECK(msm::pippenger(infs.data(), ks.data(), n).is_inf());
  std::vector<ff::Limbs<4>> zeros(n);
  CHECK(msm::pippenger(pts.data(), zeros.data(), n).is_inf());
  std::vector<ff::Limbs<4>> ones(n, ff::bi::from_u64<4>(1));
  G1 sum;
  for (auto& p : pts) sum = sum.add_mixed(p);
  CHECK(msm::pippenger(pts.data(), ones.data(), n) == sum);
  // P and −P with equal scalars cancel
  std::vector<G1Affine> pm = {pts[0], -pts[0], pts[1], -pts[1]};
  std::vector<ff::Limbs<4>> kk = {ks[0], ks[0], ks[1], ks[1]};
  CHECK(msm::pippenger(pm.data(), kk.data(), 4).is_inf());
}

TEST_CASE("G1 pippenger, larger size with the chosen window") {
  check_msm<G1Curve>(3000, Mix::Random, 0);
  check_msm<G1Curve>(3000, Mix::Sparse, 0);
}

TEST_CASE("G2 pippenger vs naive") {
  for (std::size_t n : {0, 1, 2, 5, 33, 200})
    for (Mix mix : {Mix::Random, Mix::Sparse, Mix::Edge}) check_msm<G2Curve>(n, mix, 0);
  for (unsigned c : {1u, 3u, 8u, 13u, 16u}) check_msm<G2Curve>(30, Mix::Random, c);
}

TEST_CASE("choose_window grows with n") {
  unsigned prev = 0;
  for (std::size_t n = 1; n <= (std::size_t(1) << 26); n *= 2) {
    unsigned c = msm::choose_window(n);
    CHECK(c >= prev);
    CHECK(c >= 1);
    CHECK(c <= 16);
    prev = c;
  }
}
