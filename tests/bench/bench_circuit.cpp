// Prove-mode synthesis of porep-lite (witness + a/b/c in one pass, challenges in parallel
// over oneTBB's default arena): constraints per second at a few sizes. Depth 16 (a 4 MiB
// replica); the argument is the number of challenges (≈ 31k constraints each).
//   bench_circuit --benchmark_filter=Prove   (BM_Prove/<challenges>/<1 = one thread>)
// Also: shape-mode (R1cs) synthesis and native hashing, for scale.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/poseidon.hpp"
#include "cuzk/util/sha256.hpp"

#include <memory>

using namespace cuzk;
using namespace cuzk::circuit;

namespace {

constexpr unsigned kDepth = 16;

const porep_lite::Replica& replica() {
  static const auto r = porep_lite::Replica::generate(kDepth, 1);
  return r;
}

// range(1) = 1: one thread (per-core rate, robust on a shared machine); 0: all threads.
void BM_Prove(benchmark::State& st) {
  const auto k = std::uint32_t(st.range(0));
  std::unique_ptr<tbb::global_control> one;
  if (st.range(1)) one = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, 1);
  const auto ch = porep_lite::draw_challenges(2, k, kDepth);
  const auto L = porep_lite::layout(kDepth, k);
  const auto& rep = replica();  // generated once, outside the timing
  for (auto _ : st) {
    auto s = porep_lite::synthesize(rep, ch);
    benchmark::DoNotOptimize(s.abc.c.data());
  }
  st.counters["constraints"] = double(L.n_constraints);
  st.counters["per_challenge"] = double(L.per_challenge.rows);
  st.counters["log_domain"] = double(L.log_domain);
  st.counters["constraints/s"] =
      benchmark::Counter(double(L.n_constraints) * double(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Prove)->ArgsProduct({{2, 8, 32, 128}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_Shape(benchmark::State& st) {
  const auto k = std::uint32_t(st.range(0));
  const auto L = porep_lite::layout(kDepth, k);
  for (auto _ : st) {
    auto r = porep_lite::build_r1cs(kDepth, k);
    benchmark::DoNotOptimize(r.constraints.data());
  }
  st.counters["constraints/s"] =
      benchmark::Counter(double(L.n_constraints) * double(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Shape)->Arg(2)->Arg(8)->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_NativePoseidonHash2(benchmark::State& st) {
  Fr a = Fr::from_u64(1), b = Fr::from_u64(2);
  for (auto _ : st) {
    a = poseidon_hash2(a, b);
    benchmark::DoNotOptimize(a);
  }
}
BENCHMARK(BM_NativePoseidonHash2);

void BM_NativeSha256Compress(benchmark::State& st) {
  Sha256State s = sha256_iv();
  Sha256Block blk{};
  for (auto _ : st) {
    sha256_compress(s, blk);
    benchmark::DoNotOptimize(s);
  }
}
BENCHMARK(BM_NativeSha256Compress);

}  // namespace

BENCHMARK_MAIN();
