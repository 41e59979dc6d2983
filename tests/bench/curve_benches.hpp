#pragma once
// The point benchmark bodies (dependent chains), shared by bench_curve.cpp (BLS12-381) and
// bn254_curve.cpp (BN254), separate translation units on purpose (CMakeLists.txt).
#include <benchmark/benchmark.h>

#include "cuzk/ec/jacobian.hpp"
#include "cuzk/ec/xyzz.hpp"

namespace {  // private to each benchmark program
using namespace cuzk;

template <class Curve>
ec::Jacobian<Curve> pt(std::uint64_t k) {
  return ec::Jacobian<Curve>::generator().mul(ff::Limbs<4>{k * 0x9e3779b97f4a7c15ull, k, ~k, k >> 3});
}

template <class Curve>
void BM_add(benchmark::State& st) {
  auto a = pt<Curve>(3), b = pt<Curve>(5);
  for (auto _ : st) {
    a = a + b;
    benchmark::DoNotOptimize(a);
  }
}
template <class Curve>
void BM_madd(benchmark::State& st) {
  auto a = pt<Curve>(3);
  auto b = pt<Curve>(5).to_affine();
  for (auto _ : st) {
    a = a.add_mixed(b);
    benchmark::DoNotOptimize(a);
  }
}
template <class Curve>
void BM_dbl(benchmark::State& st) {
  auto a = pt<Curve>(3);
  for (auto _ : st) {
    a = a.dbl();
    benchmark::DoNotOptimize(a);
  }
}
template <class Curve>
void BM_xyzz_madd(benchmark::State& st) {
  auto a = ec::XYZZ<Curve>::from_affine(pt<Curve>(3).to_affine());
  auto b = pt<Curve>(5).to_affine();
  for (auto _ : st) {
    a = a.add_mixed(b);
    benchmark::DoNotOptimize(a);
  }
}
template <class Curve>
void BM_to_affine(benchmark::State& st) {
  auto a = pt<Curve>(3);
  for (auto _ : st) {
    auto r = a.to_affine();
    benchmark::DoNotOptimize(r);
    a.X += Curve::Field::one();
  }
}

}  // namespace
