// Proving-key load: what a 2^24 batch spends its first ~15 s on (docs/experiments/seed-2026-12-03-2e24).
// construct_std / construct_first_touch: a vector of n G1 points made the std::vector way
// (each new page faulted and zeroed by the constructing thread) and with BigVector
// (pages faulted on every core first); the ratio is the gain of FirstTouchAllocator.
// read_zkey: the whole load of the key named by CUZK_BENCH_ZKEY (skipped when unset).
// Wall-clock time, all cores.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <vector>

#include "cuzk/groth16/zkey.hpp"

using namespace cuzk;
using E = cuzk::pairing::Bls12_381;  // this file's keys and proofs are BLS12-381's
using bls12_381::G1Affine;

namespace {

template <class Vec>
void construct(benchmark::State& state) {
  const auto n = std::size_t(state.range(0));
  for (auto _ : state) {
    Vec v(n);
    benchmark::DoNotOptimize(v.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(n * sizeof(G1Affine)));
}
void construct_std(benchmark::State& s) { construct<std::vector<G1Affine>>(s); }
void construct_first_touch(benchmark::State& s) { construct<BigVector<G1Affine>>(s); }
BENCHMARK(construct_std)->Arg(1 << 20)->Arg(1 << 22)->Arg(1 << 24)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(construct_first_touch)->Arg(1 << 20)->Arg(1 << 22)->Arg(1 << 24)->Unit(benchmark::kMillisecond)->UseRealTime();

void read_zkey(benchmark::State& state) {
  const char* path = std::getenv("CUZK_BENCH_ZKEY");
  if (!path || !*path) {
    state.SkipWithError("set CUZK_BENCH_ZKEY to a .zkey file");
    return;
  }
  for (auto _ : state) {
    auto k = groth16::read_zkey<E>(path);
    benchmark::DoNotOptimize(k.a.data());
  }
}
BENCHMARK(read_zkey)->Unit(benchmark::kMillisecond)->UseRealTime()->Iterations(1)->Repetitions(3);

}  // namespace

BENCHMARK_MAIN();
