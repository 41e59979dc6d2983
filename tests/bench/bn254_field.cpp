// BN254 field benchmarks (dependent chains = latency; _tp8 = throughput), linked into bench_field (a separate translation unit: see
// CMakeLists.txt).
#include "cuzk/ff/bn254.hpp"
#include "field_benches.hpp"

namespace {
// Runs of 16 dependent products (squares) between two DoNotOptimize: the value can stay in
// registers within a run, as in exponentiation or a formula's chain (the chains above store it
// every product). The Time column is for 16; per_op is one. As .device-ref's fieldmul times them.
constexpr int RUN = 16;
template <class F, bool SQUARE>
void BM_run16(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), b = rnd<F>(g);
  for (auto _ : st) {
#pragma GCC unroll 16
    for (int i = 0; i < RUN; ++i) a = SQUARE ? a.sqr() : a * b;
    benchmark::DoNotOptimize(a);
  }
  st.counters["per_op"] =
      benchmark::Counter(RUN, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
}  // namespace

BENCHMARK(BM_mul_inplace<cuzk::bn254::Fq>)->Name("BN254_Fq_mul");
BENCHMARK(BM_mul<cuzk::bn254::Fq>)->Name("BN254_Fq_mul_copy");
BENCHMARK(BM_sqr<cuzk::bn254::Fq>)->Name("BN254_Fq_sqr");
BENCHMARK(BM_mul_portable<cuzk::bn254::Fq>)->Name("BN254_Fq_mul_portable");
BENCHMARK(BM_add<cuzk::bn254::Fq>)->Name("BN254_Fq_add");
BENCHMARK(BM_mul_inplace<cuzk::bn254::Fr>)->Name("BN254_Fr_mul");
BENCHMARK(BM_mul<cuzk::bn254::Fr>)->Name("BN254_Fr_mul_copy");
BENCHMARK(BM_sqr<cuzk::bn254::Fr>)->Name("BN254_Fr_sqr");
// 8 independent chains (throughput), as .device-ref's side-by-side program times rapidsnark's
BENCHMARK(BM_mul_tp8<cuzk::bn254::Fq>)->Name("BN254_Fq_mul_tp8");
BENCHMARK(BM_mul_tp8<cuzk::bn254::Fr>)->Name("BN254_Fr_mul_tp8");
BENCHMARK(BM_run16<cuzk::bn254::Fq, false>)->Name("BN254_Fq_mul_run16");
BENCHMARK(BM_run16<cuzk::bn254::Fq, true>)->Name("BN254_Fq_sqr_run16");
BENCHMARK(BM_run16<cuzk::bn254::Fr, false>)->Name("BN254_Fr_mul_run16");
BENCHMARK(BM_run16<cuzk::bn254::Fr, true>)->Name("BN254_Fr_sqr_run16");
BENCHMARK(BM_inverse<cuzk::bn254::Fq>)->Name("BN254_Fq_inverse");
BENCHMARK(BM_inverse<cuzk::bn254::Fr>)->Name("BN254_Fr_inverse");

