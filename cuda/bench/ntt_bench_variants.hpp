#pragma once
// bench_cuda's extra NTT kernel variants (ntt_bench_variants.cu). add_bench_ntt_variants()
// makes them selectable by CudaOptions::ntt_kernel (once; later calls do nothing more) and
// returns their names. Call it before any NTT runs.
#include <string>
#include <vector>

namespace cuzk::cuda {
std::vector<std::string> add_bench_ntt_variants();
}
