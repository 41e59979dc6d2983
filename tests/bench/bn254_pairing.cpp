// BN254 pairing benchmarks, linked into bench_pairing (a separate translation unit: see
// CMakeLists.txt).
#include <benchmark/benchmark.h>

#include <vector>

#include "cuzk/pairing/bn254_pairing.hpp"

namespace bn {
using Fr = cuzk::bn254::Fr;
using Fq12 = cuzk::bn254::Fq12;
using G1 = cuzk::bn254::G1;
using G2 = cuzk::bn254::G2;
using G1Affine = cuzk::bn254::G1Affine;
using G2Affine = cuzk::bn254::G2Affine;
using cuzk::bn254::final_exponentiation;
using cuzk::bn254::miller_loop;
using cuzk::bn254::pairing;
using cuzk::bn254::pairing_product_is_one;
G1Affine g1(std::uint64_t k) { return G1::generator().mul(Fr::from_u64(k).canonical()).to_affine(); }
G2Affine g2(std::uint64_t k) { return G2::generator().mul(Fr::from_u64(k).canonical()).to_affine(); }

void BM_MillerLoop(benchmark::State& st) {
  G1Affine p = g1(12345);
  G2Affine q = g2(67890);
  for (auto _ : st) benchmark::DoNotOptimize(miller_loop(p, q));
}
void BM_FinalExponentiation(benchmark::State& st) {
  Fq12 f = miller_loop(g1(3), g2(5));
  for (auto _ : st) benchmark::DoNotOptimize(final_exponentiation(f));
}
void BM_Pairing(benchmark::State& st) {
  G1Affine p = g1(12345);
  G2Affine q = g2(67890);
  for (auto _ : st) benchmark::DoNotOptimize(pairing(p, q));
}
void BM_PairingProduct4(benchmark::State& st) {
  std::vector<G1Affine> ps = {g1(6), -g1(2), g1(5), g1(1)};
  std::vector<G2Affine> qs = {g2(1), g2(3), g2(7), -g2(35)};
  for (auto _ : st) benchmark::DoNotOptimize(pairing_product_is_one(ps, qs));
}
void BM_Fq12Mul(benchmark::State& st) {
  Fq12 a = miller_loop(g1(3), g2(5)), b = miller_loop(g1(7), g2(11));
  for (auto _ : st) benchmark::DoNotOptimize(a = a * b);
}
void BM_Fq12CyclotomicSqr(benchmark::State& st) {
  Fq12 a = pairing(G1Affine::generator(), G2Affine::generator());
  for (auto _ : st) benchmark::DoNotOptimize(a = a.cyclotomic_sqr());
}
}  // namespace bn
BENCHMARK(bn::BM_MillerLoop)->Name("BN254_MillerLoop")->Unit(benchmark::kMicrosecond);
BENCHMARK(bn::BM_FinalExponentiation)->Name("BN254_FinalExponentiation")->Unit(benchmark::kMicrosecond);
BENCHMARK(bn::BM_Pairing)->Name("BN254_Pairing")->Unit(benchmark::kMicrosecond);
BENCHMARK(bn::BM_PairingProduct4)->Name("BN254_PairingProduct4")->Unit(benchmark::kMicrosecond);
BENCHMARK(bn::BM_Fq12Mul)->Name("BN254_Fq12Mul");
BENCHMARK(bn::BM_Fq12CyclotomicSqr)->Name("BN254_Fq12CyclotomicSqr");

