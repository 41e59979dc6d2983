// Prove-mode synthesis of porep-lite (witness + a/b/c in one pass, challenges in parallel
// over oneTBB's default arena): constraints per second at a few sizes. Depth 16 (a 4 MiB
// replica); the argument is the number of challenges (≈ 31k constraints each).
//   bench_circuit --benchmark_filter=Prove   (BM_Prove/<challenges>/<1 = one thread>)
// Partitions the size of a batch's (max_challenges(16, log_domain), the gen-porep sizing),
// W synthesized at once as the batch's synthesis node runs them (--synth-workers W): wall
// time per partition (1/throughput), core-seconds per partition (process CPU time) and the
// two phases of one synthesis (alloc: the vectors, partly serial; challenges: parallel):
//   bench_circuit --benchmark_filter='BM_ProveDomain/24/' --benchmark_repetitions=3
//   (BM_ProveDomain/<log_domain>/<W>; "s/partition" is the rate to hold against the GPU
//   span per proof; pipeline/config.cpp's worker rule uses alloc_s / core_s)
// Also: shape-mode (R1cs) synthesis and native hashing, for scale.
#include <benchmark/benchmark.h>
#include <tbb/global_control.h>
#include <tbb/task_group.h>

#include "cuzk/circuit/porep_lite.hpp"
#include "cuzk/circuit/poseidon.hpp"
#include "cuzk/util/sha256.hpp"

#include <memory>
#include <mutex>

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
    benchmark::DoNotOptimize(s.abc.b.data());
  }
  st.counters["constraints"] = double(L.n_constraints);
  st.counters["per_challenge"] = double(L.per_challenge.rows);
  st.counters["log_domain"] = double(L.log_domain);
  st.counters["constraints/s"] =
      benchmark::Counter(double(L.n_constraints) * double(st.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Prove)->ArgsProduct({{2, 8, 32, 128}, {0, 1}})->Unit(benchmark::kMillisecond)->UseRealTime();

void BM_ProveDomain(benchmark::State& st) {
  const auto log_domain = unsigned(st.range(0));
  const auto workers = unsigned(st.range(1));
  const std::uint32_t k = porep_lite::max_challenges(kDepth, log_domain);
  const auto L = porep_lite::layout(kDepth, k);
  const auto& rep = replica();
  std::vector<std::vector<std::uint64_t>> ch(workers);
  for (unsigned i = 0; i < workers; ++i) ch[i] = porep_lite::draw_challenges(3 + i, k, kDepth);
  std::mutex m;
  double alloc = 0, gates = 0;
  for (auto _ : st) {
    tbb::task_group g;
    for (unsigned i = 0; i < workers; ++i)
      g.run([&, i] {
        auto s = porep_lite::synthesize(rep, ch[i]);
        benchmark::DoNotOptimize(s.abc.b.data());
        std::lock_guard<std::mutex> lk(m);
        alloc += s.alloc_s;
        gates += s.challenges_s;
      });
    g.wait();
  }
  const double n = double(st.iterations()) * workers;
  st.counters["challenges"] = double(k);
  st.counters["constraints"] = double(L.n_constraints);
  st.counters["alloc_s"] = alloc / n;
  st.counters["challenges_s"] = gates / n;
  st.counters["s/partition"] = benchmark::Counter(n, benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}
// CPU time = all threads' (core-seconds per iteration of W partitions).
BENCHMARK(BM_ProveDomain)
    ->ArgsProduct({{18, 20, 22, 24}, {1, 2, 3, 4, 6}})
    ->Unit(benchmark::kMillisecond)
    ->MeasureProcessCPUTime()
    ->UseRealTime();

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
