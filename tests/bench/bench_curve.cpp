// Point operations (dependent chains): G1/G2 Jacobian add, mixed add, double; XYZZ madd
// (BLS12-381; BN254 in bn254_curve.cpp).
#include <benchmark/benchmark.h>

#include "cuzk/ec/bls12_381_curves.hpp"
#include "curve_benches.hpp"

using namespace cuzk;
using namespace cuzk::bls12_381;

BENCHMARK(BM_add<G1Curve>)->Name("G1_add");
BENCHMARK(BM_madd<G1Curve>)->Name("G1_madd");
BENCHMARK(BM_dbl<G1Curve>)->Name("G1_dbl");
BENCHMARK(BM_xyzz_madd<G1Curve>)->Name("G1_xyzz_madd");
BENCHMARK(BM_to_affine<G1Curve>)->Name("G1_to_affine");
BENCHMARK(BM_add<G2Curve>)->Name("G2_add");
BENCHMARK(BM_madd<G2Curve>)->Name("G2_madd");
BENCHMARK(BM_dbl<G2Curve>)->Name("G2_dbl");
BENCHMARK(BM_xyzz_madd<G2Curve>)->Name("G2_xyzz_madd");

BENCHMARK_MAIN();
