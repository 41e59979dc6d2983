// The NTT kernel variants that only benchmarks need (ntt_variant.cuh): compiled into
// bench_cuda and cuda_test_ntt_bench_variants only, not into cuzk_cuda. Timings that chose
// the product's default among them: docs/experiments/PERF.md (v6, v7).
#include <iterator>
#include <mutex>

#include "ntt_bench_variants.hpp"
#include "ntt_variant.cuh"

namespace cuzk::cuda {
namespace {
using ntt_detail::tile_variant;
constexpr ntt_detail::Variant kBenchVariants[] = {
    tile_variant<10, 256, 2>("t10b2"),
    tile_variant<11, 256, 2>("t11b2"),
    tile_variant<11, 256, 3>("t11b3"),
    tile_variant<10, 128, 4>("t10h4"),
    tile_variant<10, 128, 6>("t10h6"),
    tile_variant<10, 256, 3>("t10b3w", 10, 0, 10),
    tile_variant<11, 256, 3>("t11b3l10", 11, 1, 10),
    tile_variant<11, 256, 3>("t11b3w", 11, 0, 11),
    // The product's t10b3 / t11b3s (passes by programmatic dependent launch, the next
    // pass launched at each block's exit) launched otherwise: n = plainly (before 12-06),
    // p = the next pass launched at each block's start (slower at 2^18: PERF.md)
    tile_variant<10, 256, 3>("t10b3n"),
    tile_variant<11, 256, 3>("t11b3sn", 10, 1, 11),
    tile_variant<10, 256, 3, 1>("t10b3p"),
    tile_variant<11, 256, 3, 1>("t11b3sp", 10, 1, 11),
    // t11b3s with Shoup's products (shoup.cuh) instead of Montgomery's, in every product
    // (S) or in the butterflies only (H); the product has t10b3S / t10b3H
    tile_variant<11, 256, 3, 2, 2>("t11b3sS", 10, 1, 11),
    tile_variant<11, 256, 3, 2, 1>("t11b3sH", 10, 1, 11),
    tile_variant<10, 256, 2, 2, 2>("t10b2S"),  // t10b3S with 2 blocks an SM (128 registers)
};
static_assert(ntt_detail::plans_fit(kBenchVariants), "an NTT variant's plan does not fit its kernel");
}  // namespace

std::vector<std::string> add_bench_ntt_variants() {
  static std::once_flag once;
  std::call_once(once, [] { ntt_detail::add_ntt_variants(kBenchVariants, std::size(kBenchVariants)); });
  std::vector<std::string> names;
  for (const auto& v : kBenchVariants) names.push_back(v.name);
  return names;
}

}  // namespace cuzk::cuda
