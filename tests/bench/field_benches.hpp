#pragma once
// The field benchmark bodies (dependent chains, and BM_mul_tp8's independent ones), shared by bench_field.cpp (BLS12-381) and
// bn254_field.cpp (BN254), which are separate translation units on purpose (CMakeLists.txt).
#include <benchmark/benchmark.h>

#include <random>

#include "cuzk/ff/bigint.hpp"

namespace {  // private to each benchmark program

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
// Throughput: 8 independent chains a_j *= b_j, interleaved, so the core overlaps the products.
// The Time column is for the 8 products; the per_op counter is the time of one.
template <class F>
void BM_mul_tp8(benchmark::State& st) {
  constexpr int K = 8;
  std::mt19937_64 g(1);
  F a[K], b[K];
  for (int j = 0; j < K; ++j) a[j] = rnd<F>(g), b[j] = rnd<F>(g);
  for (auto _ : st) {
#pragma GCC unroll 8
    for (int j = 0; j < K; ++j) a[j] *= b[j];
    benchmark::DoNotOptimize(a);
  }
  st.counters["per_op"] =
      benchmark::Counter(K, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
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
