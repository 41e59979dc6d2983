// BLS12-381 pairing (BN254: bn254_pairing.cpp): Miller loop, final exponentiation, full pairing, a 4-pair product
// check (the Groth16 verifier's shape) and the tower operations they are built from.
#include <benchmark/benchmark.h>

#include <vector>

#include "cuzk/pairing/bls12_381_pairing.hpp"

using namespace cuzk::bls12_381;

namespace {
Fr fr_of(std::uint64_t k) { return Fr::from_u64(k); }
G1Affine g1(std::uint64_t k) { return G1::generator().mul(fr_of(k).canonical()).to_affine(); }
G2Affine g2(std::uint64_t k) { return G2::generator().mul(fr_of(k).canonical()).to_affine(); }
}  // namespace

static void BM_MillerLoop(benchmark::State& st) {
  G1Affine p = g1(12345);
  G2Affine q = g2(67890);
  for (auto _ : st) benchmark::DoNotOptimize(miller_loop(p, q));
}
BENCHMARK(BM_MillerLoop)->Unit(benchmark::kMicrosecond);

static void BM_FinalExponentiation(benchmark::State& st) {
  Fq12 f = miller_loop(g1(3), g2(5));
  for (auto _ : st) benchmark::DoNotOptimize(final_exponentiation(f));
}
BENCHMARK(BM_FinalExponentiation)->Unit(benchmark::kMicrosecond);

static void BM_Pairing(benchmark::State& st) {
  G1Affine p = g1(12345);
  G2Affine q = g2(67890);
  for (auto _ : st) benchmark::DoNotOptimize(pairing(p, q));
}
BENCHMARK(BM_Pairing)->Unit(benchmark::kMicrosecond);

static void BM_PairingProduct4(benchmark::State& st) {
  std::vector<G1Affine> ps = {g1(6), -g1(2), g1(5), g1(1)};
  std::vector<G2Affine> qs = {g2(1), g2(3), g2(7), -g2(35)};
  for (auto _ : st) benchmark::DoNotOptimize(pairing_product_is_one(ps, qs));
}
BENCHMARK(BM_PairingProduct4)->Unit(benchmark::kMicrosecond);

static void BM_Fq12Mul(benchmark::State& st) {
  Fq12 a = miller_loop(g1(3), g2(5)), b = miller_loop(g1(7), g2(11));
  for (auto _ : st) benchmark::DoNotOptimize(a = a * b);
}
BENCHMARK(BM_Fq12Mul);

static void BM_Fq12Sqr(benchmark::State& st) {
  Fq12 a = miller_loop(g1(3), g2(5));
  for (auto _ : st) benchmark::DoNotOptimize(a = a.sqr());
}
BENCHMARK(BM_Fq12Sqr);

static void BM_Fq12CyclotomicSqr(benchmark::State& st) {
  Fq12 a = pairing(G1Affine::generator(), G2Affine::generator());
  for (auto _ : st) benchmark::DoNotOptimize(a = a.cyclotomic_sqr());
}
BENCHMARK(BM_Fq12CyclotomicSqr);

BENCHMARK_MAIN();
