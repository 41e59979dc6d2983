// MSM: G1 at 2^12..2^20 (step 2²), G2 at 2^12..2^16, random 255-bit scalars; plus G1 with
// 0/1 scalars (bit decompositions). Bases: a running sum P_i = P_(i−1) + Q, normalised in
// one batch (n additions, not n scalar multiplications). Wall-clock time (both cores).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/msm/pippenger.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

template <class Curve>
const std::vector<ec::Affine<Curve>>& bases(std::size_t n) {
  static std::vector<ec::Affine<Curve>> v;
  if (v.size() < n) {
    using Jac = ec::Jacobian<Curve>;
    const Jac q = Jac::generator().mul(ff::Limbs<4>{0x1234567890abcdefull, 0x0fedcba987654321ull, 7, 1});
    std::vector<Jac> j(n);
    Jac acc = q.dbl();
    for (std::size_t i = 0; i < n; ++i) j[i] = acc = acc + q;
    v = ec::batch_to_affine(j.data(), n);
  }
  return v;
}

std::vector<ff::Limbs<4>> scalars(std::size_t n, bool bits) {
  std::mt19937_64 g(42);
  std::vector<ff::Limbs<4>> s(n);
  for (auto& k : s) {
    if (bits) {
      k = ff::bi::from_u64<4>(g() & 1);
      continue;
    }
    do {
      for (auto& w : k) w = g();
      k[3] &= 0x7fffffffffffffffull;
    } while (ff::bi::cmp(k, Fr::P) >= 0);
  }
  return s;
}

template <class Curve>
void BM_msm(benchmark::State& st, bool bits) {
  const std::size_t n = std::size_t(st.range(0));
  const auto& b = bases<Curve>(n);
  auto s = scalars(n, bits);
  for (auto _ : st) {
    auto r = msm::pippenger(b.data(), s.data(), n);
    benchmark::DoNotOptimize(r);
  }
  st.counters["window"] = msm::choose_window(n);
}

void BM_G1(benchmark::State& st) { BM_msm<G1Curve>(st, false); }
void BM_G1_bits(benchmark::State& st) { BM_msm<G1Curve>(st, true); }
void BM_G2(benchmark::State& st) { BM_msm<G2Curve>(st, false); }

}  // namespace

BENCHMARK(BM_G1)->RangeMultiplier(4)->Range(1 << 12, 1 << 20)
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_G1_bits)->RangeMultiplier(16)->Range(1 << 12, 1 << 20)
    ->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_G2)->RangeMultiplier(4)->Range(1 << 12, 1 << 16)
    ->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
