// Point operations (dependent chains): G1/G2 Jacobian add, mixed add, double; XYZZ madd;
// BLS12-381 and BN254.
#include <benchmark/benchmark.h>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "cuzk/ec/bn254_curves.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

namespace {

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

BENCHMARK(BM_add<G1Curve>)->Name("G1_add");
BENCHMARK(BM_madd<G1Curve>)->Name("G1_madd");
BENCHMARK(BM_dbl<G1Curve>)->Name("G1_dbl");
BENCHMARK(BM_xyzz_madd<G1Curve>)->Name("G1_xyzz_madd");
BENCHMARK(BM_to_affine<G1Curve>)->Name("G1_to_affine");
BENCHMARK(BM_add<G2Curve>)->Name("G2_add");
BENCHMARK(BM_madd<G2Curve>)->Name("G2_madd");
BENCHMARK(BM_dbl<G2Curve>)->Name("G2_dbl");
BENCHMARK(BM_xyzz_madd<G2Curve>)->Name("G2_xyzz_madd");

BENCHMARK(BM_add<bn254::G1Curve>)->Name("BN254_G1_add");
BENCHMARK(BM_madd<bn254::G1Curve>)->Name("BN254_G1_madd");
BENCHMARK(BM_dbl<bn254::G1Curve>)->Name("BN254_G1_dbl");
BENCHMARK(BM_xyzz_madd<bn254::G1Curve>)->Name("BN254_G1_xyzz_madd");
BENCHMARK(BM_to_affine<bn254::G1Curve>)->Name("BN254_G1_to_affine");
BENCHMARK(BM_add<bn254::G2Curve>)->Name("BN254_G2_add");
BENCHMARK(BM_madd<bn254::G2Curve>)->Name("BN254_G2_madd");
BENCHMARK(BM_dbl<bn254::G2Curve>)->Name("BN254_G2_dbl");
BENCHMARK(BM_xyzz_madd<bn254::G2Curve>)->Name("BN254_G2_xyzz_madd");

BENCHMARK_MAIN();
