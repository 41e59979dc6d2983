// BN254 field benchmarks (dependent chains = latency; _tp8 = throughput), linked into bench_field (a separate translation unit: see
// CMakeLists.txt).
#include "cuzk/ff/bn254.hpp"
#include "field_benches.hpp"

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
BENCHMARK(BM_inverse<cuzk::bn254::Fq>)->Name("BN254_Fq_inverse");
BENCHMARK(BM_inverse<cuzk::bn254::Fr>)->Name("BN254_Fr_inverse");

