// Fr NTT at 2^12..2^22 (step 2²): forward, inverse, and the snarkjs odd-coset step
// (iNTT, scale, NTT). Wall-clock time (both cores). Domains are built outside the timing.
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "cuzk/ntt/domain.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

std::vector<Fr> data(std::size_t n) {
  std::mt19937_64 g(7);
  std::vector<Fr> v(n);
  for (auto& x : v) x = Fr::from_u64(g());
  return v;
}

void BM_forward(benchmark::State& st) {
  const ntt::Domain& d = ntt::Domain::get(unsigned(st.range(0)));
  auto v = data(d.size());
  for (auto _ : st) {
    d.forward(v.data());
    benchmark::ClobberMemory();
  }
}
void BM_inverse(benchmark::State& st) {
  const ntt::Domain& d = ntt::Domain::get(unsigned(st.range(0)));
  auto v = data(d.size());
  for (auto _ : st) {
    d.inverse(v.data());
    benchmark::ClobberMemory();
  }
}
void BM_odd_coset(benchmark::State& st) {
  const ntt::Domain& d = ntt::Domain::get(unsigned(st.range(0)));
  auto v = data(d.size());
  for (auto _ : st) {
    d.to_odd_coset(v.data());
    benchmark::ClobberMemory();
  }
}

}  // namespace

BENCHMARK(BM_forward)->DenseRange(12, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_inverse)->DenseRange(12, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_odd_coset)->DenseRange(12, 22, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

BENCHMARK_MAIN();
