// MSM: G1 at 2^12..2^20 (step 2²), G2 at 2^12..2^16, random 255-bit scalars; plus G1 with
// 0/1 scalars (bit decompositions). Bases: a running sum P_i = P_(i−1) + Q, normalised in
// one batch (n additions, not n scalar multiplications). Wall-clock time (all cores).
// Every result is checked: P_i = (i + 3)·Q, so Σ kᵢ·Pᵢ must equal (Σ kᵢ·(i + 3) mod r)·Q
// (the counter "ok" is 1; a wrong result stops the benchmark with an error).
// Threads: CUZK_THREADS=<t> in the environment limits TBB to t threads (default: all cores).
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include <cstdlib>
#include <memory>
#include <random>
#include <vector>

#include "cuzk/ec/batch_affine.hpp"
#include "cuzk/msm/pippenger.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

template <class Curve>
ec::Jacobian<Curve> base_q() {
  return ec::Jacobian<Curve>::generator().mul(ff::Limbs<4>{0x1234567890abcdefull, 0x0fedcba987654321ull, 7, 1});
}

// (Σ kᵢ·(i + 3) mod r)·Q: the expected value of the MSM over bases() (P_i = (i + 3)·Q).
template <class Curve>
ec::Jacobian<Curve> expected(const std::vector<ff::Limbs<4>>& s) {
  Fr acc = Fr::zero();
  for (std::size_t i = 0; i < s.size(); ++i) acc += Fr::from_canonical(s[i]) * Fr::from_u64(i + 3);
  return base_q<Curve>().mul(acc.canonical());
}

template <class Curve>
const std::vector<ec::Affine<Curve>>& bases(std::size_t n) {
  static std::vector<ec::Affine<Curve>> v;
  if (v.size() < n) {
    using Jac = ec::Jacobian<Curve>;
    const Jac q = base_q<Curve>();
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
  ec::Jacobian<Curve> r;
  for (auto _ : st) {
    r = msm::pippenger(b.data(), s.data(), n);
    benchmark::DoNotOptimize(r);
  }
  const bool ok = r == expected<Curve>(s);
  if (!ok) st.SkipWithError("MSM result differs from the expected (sum k_i*(i+3))*Q");
  st.counters["ok"] = ok ? 1 : 0;
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

int main(int argc, char** argv) {
  std::unique_ptr<tbb::global_control> threads;
  if (const char* t = std::getenv("CUZK_THREADS"); t && std::atoi(t) > 0)
    threads = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism,
                                                    std::size_t(std::atoi(t)));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
