#pragma once
// bench_cuda's MSM inputs (the lab, cuda/bench): random scalars, and bases whose MSM value is
// known without an MSM. Generic over the curve (BLS12-381's and BN254's G1 and G2): the
// scalars are the curve's Scalar field.
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cuzk/cuda/memory.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/msm/pippenger.hpp"
#include "cuzk/util/error.hpp"

namespace cuzk::bench {

inline std::mt19937_64 g(12345);

// A uniform element of F (top bit cleared, then rejection).
template <class F>
F rnd() {
  for (;;) {
    typename F::Repr r;
    for (auto& l : r) l = g();
    r[F::N - 1] &= ~std::uint64_t(0) >> 1;
    if (F::is_canonical(r)) return F::from_raw(r);
  }
}

// Base i of an input is block[tile(i, B)]: every block point recurs, in a scattered order.
inline std::size_t tile(std::size_t i, std::size_t B) { return (i * 31 + i / B) % B; }

template <class Curve>
std::vector<ec::Affine<Curve>> point_block() {
  using J = ec::Jacobian<Curve>;
  using Fr = typename Curve::Scalar;
  std::vector<J> jp(std::size_t(1) << 14);
  J acc = J::generator().mul(rnd<Fr>().raw()), step = J::generator().mul(rnd<Fr>().raw());
  for (auto& p : jp) p = acc += step;
  return ec::batch_to_affine(jp.data(), jp.size());
}

// CUZK_BENCH_POINTS: distinct (the default) or tiled; anything else is an error (exit 2).
inline bool tiled_points() {
  const char* env = std::getenv("CUZK_BENCH_POINTS");
  const std::string_view v = env ? env : "";
  if (v.empty() || v == "distinct") return false;
  if (v == "tiled") return true;
  throw Error(Error::Kind::BadInput, "CUZK_BENCH_POINTS: \"" + std::string(v) + "\" is not distinct or tiled");
}

// The MSM's points, distinct or tiled (above), and the value Σ k_i·P_i they must give,
// computed without the code under test.
template <class Curve>
struct PointSource {
  using J = ec::Jacobian<Curve>;
  using A = ec::Affine<Curve>;
  using Fr = typename Curve::Scalar;
  bool tiled = false;
  std::vector<A> block;  // tiled: the 2^14 distinct points (made only then)
  Fr a, d;               // distinct: P_i = (a + i·d)·G

  explicit PointSource(bool tiled_bases)
      : tiled(tiled_bases), block(tiled ? point_block<Curve>() : std::vector<A>{}), a(rnd<Fr>()), d(rnd<Fr>()) {}
  const char* kind() const { return tiled ? "bases tiled from 2^14 points" : "distinct points"; }

  // pts[0..n): distinct points in chunks of 2^12 on all cores, a chunk's first point by a
  // scalar multiplication and the rest by adding D = d·G, then one batch normalisation a
  // chunk (2^26 G1 points: a few seconds on 16 cores).
  void fill(std::vector<A>& pts, std::size_t n) const {
    pts.resize(n);
    if (tiled) {
      for (std::size_t i = 0; i < n; ++i) pts[i] = block[tile(i, block.size())];
      return;
    }
    const A D = J::generator().mul(d.canonical()).to_affine();
    constexpr std::size_t chunk = std::size_t(1) << 12;
    tbb::parallel_for(std::size_t(0), (n + chunk - 1) / chunk, [&](std::size_t c) {
      const std::size_t i0 = c * chunk, m = std::min(chunk, n - i0);
      std::vector<J> jp(m);
      jp[0] = J::generator().mul((a + d * Fr::from_u64(i0)).canonical());
      for (std::size_t j = 1; j < m; ++j) jp[j] = jp[j - 1].add_mixed(D);
      const auto aff = ec::batch_to_affine(jp.data(), m);
      std::copy(aff.begin(), aff.end(), pts.begin() + std::ptrdiff_t(i0));
    });
  }

  J expected(const std::vector<Fr>& k) const {
    if (tiled) {  // Σ_j (Σ_{tile(i) = j} k_i)·block[j]: one CPU MSM over the block
      const std::size_t B = block.size();
      std::vector<Fr> fold(B, Fr::zero());
      for (std::size_t i = 0; i < k.size(); ++i) fold[tile(i, B)] += k[i];
      std::vector<ff::Limbs<4>> kk(B);
      for (std::size_t j = 0; j < B; ++j) kk[j] = fold[j].canonical();
      return msm::pippenger(block.data(), kk.data(), B);
    }
    // Σ k_i·(a + i·d) = a·Σk_i + d·Σ i·k_i, in Fr on all cores, then one multiplication of G
    using Sums = std::pair<Fr, Fr>;
    const Sums s = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, k.size(), std::size_t(1) << 14), Sums(Fr::zero(), Fr::zero()),
        [&](const tbb::blocked_range<std::size_t>& r, Sums acc) {
          for (std::size_t i = r.begin(); i < r.end(); ++i) {
            acc.first += k[i];
            acc.second += Fr::from_u64(i) * k[i];
          }
          return acc;
        },
        [](Sums x, const Sums& y) { return Sums(x.first + y.first, x.second + y.second); });
    return J::generator().mul((a * s.first + d * s.second).canonical());
  }
};

// 2^L resident bases from the source, and 2^L random scalars on the device. The host keeps
// the scalars for expected().
template <class Curve>
struct MsmInput {
  using Fr = typename Curve::Scalar;
  cuda::ResidentBases<ec::Affine<Curve>> bases;
  cuda::DeviceBuffer<Fr> scalars;
  std::vector<Fr> host_scalars;
  MsmInput(cuda::Context& ctx, const PointSource<Curve>& src, unsigned L) {
    const std::size_t n = std::size_t(1) << L;
    std::vector<ec::Affine<Curve>> pts;
    src.fill(pts, n);
    bases.upload(ctx, pts.data(), n);
    pts = {};
    host_scalars.resize(n);
    for (auto& x : host_scalars) x = rnd<Fr>();
    scalars.upload(host_scalars.data(), n, ctx.stream());
    ctx.synchronize();
  }
  ec::Jacobian<Curve> expected(const PointSource<Curve>& src) const { return src.expected(host_scalars); }
};

}  // namespace cuzk::bench
