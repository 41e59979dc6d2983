// Field kernels: dependent chains, so the figure is latency per operation.
// Fq_mul / Fr_mul time `a *= b` (in place, through memory), the loop blst_bench's "Fp/Fr mul"
// lines time (blst_fp_mul(&a, &a, &b), 2^22 times); *_mul_copy time `a = a * b`, which adds
// the copy of a temporary.
#include <benchmark/benchmark.h>

#include <random>

#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"

using namespace cuzk::bls12_381;

namespace {

template <class F>
F rnd(std::mt19937_64& g) {
  for (;;) {
    cuzk::ff::Limbs<F::N> l;
    for (auto& x : l) x = g();
    l[F::N - 1] >>= 64 - (F::BITS - 64 * (F::N - 1));
    if (F::is_canonical(l)) return F::from_canonical(l);
  }
}

template <class F>
void BM_mul(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), b = rnd<F>(g);
  for (auto _ : st) {
    a = a * b;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_mul_inplace(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), b = rnd<F>(g);
  for (auto _ : st) {
    a *= b;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_mul_portable(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), b = rnd<F>(g);
  for (auto _ : st) {
    a = F::mul_portable(a, b);
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_sqr(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g);
  for (auto _ : st) {
    a = a.sqr();
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_add(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), b = rnd<F>(g);
  for (auto _ : st) {
    a = a + b;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_inverse(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), one = F::one();
  for (auto _ : st) {
    a = a.inverse() + one;
    benchmark::DoNotOptimize(a);
  }
}
template <class F>
void BM_inverse_fermat(benchmark::State& st) {
  std::mt19937_64 g(1);
  F a = rnd<F>(g), one = F::one();
  for (auto _ : st) {
    a = a.inverse_fermat() + one;
    benchmark::DoNotOptimize(a);
  }
}

}  // namespace

BENCHMARK(BM_mul_inplace<Fq>)->Name("Fq_mul");
BENCHMARK(BM_mul<Fq>)->Name("Fq_mul_copy");
BENCHMARK(BM_sqr<Fq>)->Name("Fq_sqr");
BENCHMARK(BM_mul_portable<Fq>)->Name("Fq_mul_portable");
BENCHMARK(BM_add<Fq>)->Name("Fq_add");
BENCHMARK(BM_mul_inplace<Fr>)->Name("Fr_mul");
BENCHMARK(BM_mul<Fr>)->Name("Fr_mul_copy");
BENCHMARK(BM_sqr<Fr>)->Name("Fr_sqr");
BENCHMARK(BM_mul_portable<Fr>)->Name("Fr_mul_portable");
BENCHMARK(BM_inverse<Fq>)->Name("Fq_inverse");
BENCHMARK(BM_inverse_fermat<Fq>)->Name("Fq_inverse_fermat");
BENCHMARK(BM_inverse<Fr>)->Name("Fr_inverse");
// BN254 (4-limb Fq and Fr)
BENCHMARK(BM_mul_inplace<cuzk::bn254::Fq>)->Name("BN254_Fq_mul");
BENCHMARK(BM_mul<cuzk::bn254::Fq>)->Name("BN254_Fq_mul_copy");
BENCHMARK(BM_sqr<cuzk::bn254::Fq>)->Name("BN254_Fq_sqr");
BENCHMARK(BM_mul_portable<cuzk::bn254::Fq>)->Name("BN254_Fq_mul_portable");
BENCHMARK(BM_add<cuzk::bn254::Fq>)->Name("BN254_Fq_add");
BENCHMARK(BM_mul_inplace<cuzk::bn254::Fr>)->Name("BN254_Fr_mul");
BENCHMARK(BM_inverse<cuzk::bn254::Fq>)->Name("BN254_Fq_inverse");
BENCHMARK(BM_inverse<cuzk::bn254::Fr>)->Name("BN254_Fr_inverse");

BENCHMARK_MAIN();
