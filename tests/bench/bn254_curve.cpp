// BN254 point benchmarks, linked into bench_curve (a separate translation unit: see
// CMakeLists.txt).
#include "cuzk/ec/bn254_curves.hpp"
#include "curve_benches.hpp"

using namespace cuzk;

BENCHMARK(BM_add<bn254::G1Curve>)->Name("BN254_G1_add");
BENCHMARK(BM_madd<bn254::G1Curve>)->Name("BN254_G1_madd");
BENCHMARK(BM_dbl<bn254::G1Curve>)->Name("BN254_G1_dbl");
BENCHMARK(BM_xyzz_madd<bn254::G1Curve>)->Name("BN254_G1_xyzz_madd");
BENCHMARK(BM_to_affine<bn254::G1Curve>)->Name("BN254_G1_to_affine");
BENCHMARK(BM_add<bn254::G2Curve>)->Name("BN254_G2_add");
BENCHMARK(BM_madd<bn254::G2Curve>)->Name("BN254_G2_madd");
BENCHMARK(BM_dbl<bn254::G2Curve>)->Name("BN254_G2_dbl");
BENCHMARK(BM_xyzz_madd<bn254::G2Curve>)->Name("BN254_G2_xyzz_madd");

