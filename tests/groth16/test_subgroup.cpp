// The batched subgroup check of key sections (points_in_subgroup): subgroup points pass,
// one torsion point among them fails, in G1 and G2; and its cost. The cost is printed
// (MESSAGE), never asserted; CUZK_SUBGROUP_TIMING=1 measures 2^16 .. 2^20 points.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/ec/bls12_381_subgroup.hpp"
#include "cuzk/groth16/zkey.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

// n varied subgroup points: running sums of a few multiples of the generator.
template <class Curve>
std::vector<ec::Affine<Curve>> subgroup_points(std::size_t n) {
  using Jac = ec::Jacobian<Curve>;
  std::mt19937_64 rng(42);
  std::vector<Jac> seeds;
  for (int i = 0; i < 8; ++i) seeds.push_back(Jac::generator().mul(ff::Limbs<4>{rng(), rng(), rng(), 0}));
  std::vector<Jac> pts(n);
  Jac acc = seeds[0];
  for (std::size_t i = 0; i < n; ++i) pts[i] = acc += seeds[rng() % seeds.size()];
  return ec::batch_to_affine(pts.data(), n);
}

// The first point of the curve with x = 1, 2, ... (x = c or c(1 + u) in G2): on the curve,
// outside the subgroup (the cofactor is ~2^126 in G1, ~2^254 in G2).
template <class Curve>
ec::Affine<Curve> torsion_point() {
  using F = typename Curve::Field;
  for (std::uint64_t c = 1;; ++c) {
    F x;
    if constexpr (std::is_same_v<F, Fq>)
      x = Fq::from_u64(c);
    else
      x = F(Fq::from_u64(c), Fq::from_u64(1));
    F y;
    if ((x.sqr() * x + Curve::b()).sqrt(y)) {
      ec::Affine<Curve> p(x, y);
      REQUIRE(p.on_curve());
      REQUIRE_FALSE(in_subgroup(p));
      return p;
    }
  }
}

template <class Curve>
double seconds_for(const std::vector<ec::Affine<Curve>>& p) {
  auto t0 = std::chrono::steady_clock::now();
  CHECK(groth16::points_in_subgroup(p.data(), p.size()));
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

TEST_CASE_TEMPLATE("points_in_subgroup: subgroup points pass, one torsion point fails", Curve, G1Curve, G2Curve) {
  auto p = subgroup_points<Curve>(3000);
  CHECK(groth16::points_in_subgroup(p.data(), p.size()));
  CHECK(groth16::points_in_subgroup(p.data(), 0));
  p[1234] = torsion_point<Curve>();
  CHECK_FALSE(groth16::points_in_subgroup(p.data(), p.size()));
  p[1234] = ec::Affine<Curve>::infinity();
  CHECK(groth16::points_in_subgroup(p.data(), p.size()));
}

TEST_CASE("points_in_subgroup: cost (printed, not asserted)") {
  const bool full = std::getenv("CUZK_SUBGROUP_TIMING") != nullptr;
  for (unsigned lg = 16; lg <= (full ? 20u : 16u); lg += 2) {
    const std::size_t n = std::size_t(1) << lg;
    auto g1 = subgroup_points<G1Curve>(n);
    const double t1 = seconds_for(g1);
    auto g2 = subgroup_points<G2Curve>(n);
    const double t2 = seconds_for(g2);
    // the exact per-point check, extrapolated from 256 points
    auto t0 = std::chrono::steady_clock::now();
    for (std::size_t i = 0; i < 256; ++i) CHECK(in_subgroup(g1[i]));
    const double per = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() / 256;
    char line[200];
    std::snprintf(line, sizeof line, "2^%u points: G1 %.3f s, G2 %.3f s batched; G1 exact per point would be %.1f s",
                  lg, t1, t2, per * double(n));
    MESSAGE(line);
  }
}
