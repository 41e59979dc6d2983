// Field kernels: dependent chains, so the figure is latency per operation.
// Fq_mul / Fr_mul time `a *= b` (in place, through memory), the loop blst_bench's "Fp/Fr mul"
// lines time (blst_fp_mul(&a, &a, &b), 2^22 times); *_mul_copy time `a = a * b`, which adds
// the copy of a temporary.
#include <benchmark/benchmark.h>

#include "cuzk/ff/bls12_381.hpp"
#include "field_benches.hpp"

using namespace cuzk::bls12_381;

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
BENCHMARK_MAIN();
