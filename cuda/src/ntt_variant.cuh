#pragma once
// NTT kernel variants (cuda/src and cuda/bench only): which kernel runs and with what pass
// plan. The product (ntt.cu) builds only the variants it selects (kNttKernels in
// cuzk/cuda/options.hpp); the benchmark adds the others from cuda/bench/ntt_bench_variants.cu
// through add_ntt_variants, so their kernels are compiled into bench_cuda alone.
//
// A variant is the shared-memory reference (no launcher), or the tile kernel launched with
// the template's tile capacity 2^LOGT, threads a block and __launch_bounds__ minimum blocks
// per SM (register cap 65536 / (threads·blocks)): tLOGTbB = 256 threads, B blocks; tLOGThB =
// 128 threads. The plan: non-last passes use tiles of 2^tile elements with at least 2^cmin
// columns (k ≤ tile − cmin levels; C = 2^(tile − k)), the last pass tiles of 2^last (C = 1).
// Suffixes: s = non-last tiles of 2^10 in the 2^11 kernel (twice the blocks), w = a single
// column allowed (t10b3w: 2^20 in two passes of 2^10 tiles; t11b3w: 2^21 and 2^22 in two
// passes of 2^11 tiles), l10 = a 10-level last pass in the 2^11 kernel; the product's two
// launch their passes by programmatic dependent launch (PDL = 2), n = the same plainly,
// p = with the next pass launched at each block's start (PDL = 1); S = Shoup's products
// (tables of canonical factors and quotients, shoup.cuh) instead of Montgomery's, H = Shoup's
// in the butterflies only (dif_tile's SHOUP = 2 and 1).
#include <cstddef>
#include <mutex>
#include <set>
#include <utility>

#include "cuzk/cuda/check.hpp"
#include "cuzk/cuda/context.hpp"
#include "ntt_tile.cuh"

namespace cuzk::cuda::ntt_detail {

// Raises the dynamic shared-memory limit of a tile kernel once per device.
template <class Kernel>
void allow_smem(Kernel* f, int bytes, int device) {
  static std::mutex mu;
  static std::set<std::pair<const void*, int>> done;
  std::lock_guard<std::mutex> lk(mu);
  if (done.insert({reinterpret_cast<const void*>(f), device}).second)
    CUZK_CUDA_CHECK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes));
}

// PDL ≠ 0: launched with programmatic stream serialization (dif_tile's PDL modes).
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL = 0, int SHOUP = 0>
void launch_tile(Context& ctx, const Fr* in, Fr* out, const TilePass& p, std::size_t n) {
  auto* f = dif_tile<LOGT, THREADS, MINB, PDL, SHOUP>;
  allow_smem(f, int(sizeof(Fr)) << LOGT, ctx.device());
  const std::size_t te = std::size_t(1) << (p.k + p.logc);
  if constexpr (PDL != 0) {
    cudaLaunchConfig_t cfg{};
    cfg.gridDim = dim3(unsigned(n / te));
    cfg.blockDim = dim3(THREADS);
    cfg.dynamicSmemBytes = te * sizeof(Fr);
    cfg.stream = ctx.stream();
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attr[0].val.programmaticStreamSerializationAllowed = 1;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    CUZK_CUDA_CHECK(cudaLaunchKernelEx(&cfg, f, in, out, p));
  } else {
    f<<<unsigned(n / te), THREADS, te * sizeof(Fr), ctx.stream()>>>(in, out, p);
    CUZK_CUDA_CHECK_LAUNCH();
  }
}

using TileLaunch = void (*)(Context&, const Fr*, Fr*, const TilePass&, std::size_t);
struct Variant {
  const char* name;
  TileLaunch launch;  // null: the shared-memory kernel
  unsigned logt;      // the kernel's tile capacity (shared memory, units per thread)
  unsigned tile, cmin, last;
  int shoup = 0;  // Shoup tables: 1 for the inner roots (TilePass::wq), 2 also the twiddles (twq)
};
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL = 0, int SHOUP = 0>
constexpr Variant tile_variant(const char* name, unsigned tile = LOGT, unsigned cmin = 2, unsigned last = LOGT) {
  return {name, launch_tile<LOGT, THREADS, MINB, PDL, SHOUP>, LOGT, tile, cmin, last, SHOUP};
}
template <std::size_t N>
constexpr bool plans_fit(const Variant (&vs)[N]) {
  for (const auto& v : vs)  // tiles within the kernel's capacity, ≥ 2 levels a pass
    if (v.tile > v.logt || v.last > v.logt || v.tile < v.cmin + 2 || v.last < 2) return false;
  return true;
}

// Adds variants that CudaOptions::ntt_kernel may then name (the array must outlive every
// NTT call; a name already known is skipped). Call before NTTs run on other threads.
void add_ntt_variants(const Variant* v, std::size_t n);

}  // namespace cuzk::cuda::ntt_detail
