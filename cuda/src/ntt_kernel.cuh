#pragma once
// An NTT kernel and its pass plan (cuda/src, and the lab's NTT variants in cuda/bench): the
// product runs one (ntt.cu: the shared-memory kernel below 2^10, the tile kernel t10b3S from
// there on); the lab times others through the same run().
//
// A kernel is the shared-memory reference (no launcher), or the tile kernel launched with
// the template's tile capacity 2^LOGT, threads a block and __launch_bounds__ minimum blocks
// per SM (register cap 65536 / (threads·blocks)). The plan: non-last passes use tiles of
// 2^tile elements with at least 2^cmin columns (k ≤ tile − cmin levels; C = 2^(tile − k)),
// the last pass tiles of 2^last (C = 1). `shoup` says which tables hold Shoup's pairs
// (dif_tile's SHOUP: 0 none, 1 the butterflies' roots, 2 also the inter-pass twiddles).
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

// One pass of dif_tile, launched with programmatic stream serialization (PDL = 2: the next
// pass's launch overlaps this one's drain; measured 0 … 2 % faster than plain launches).
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL, int SHOUP, class HFr = Fr>
void launch_tile(Context& ctx, const HFr* in, HFr* out, const BasicTilePass<HFr>& p, std::size_t n) {
  static_assert(PDL != 0, "dif_tile without programmatic dependent launch is a lab variant (cuda/bench)");
  auto* f = dif_tile<LOGT, THREADS, MINB, PDL, SHOUP, HFr>;
  allow_smem(f, int(sizeof(HFr)) << LOGT, ctx.device());
  const std::size_t te = std::size_t(1) << (p.k + p.logc);
  cudaLaunchConfig_t cfg{};
  cfg.gridDim = dim3(unsigned(n / te));
  cfg.blockDim = dim3(THREADS);
  cfg.dynamicSmemBytes = te * sizeof(HFr);
  cfg.stream = ctx.stream();
  cudaLaunchAttribute attr[1];
  attr[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr[0].val.programmaticStreamSerializationAllowed = 1;
  cfg.attrs = attr;
  cfg.numAttrs = 1;
  CUZK_CUDA_CHECK(cudaLaunchKernelEx(&cfg, f, in, out, p));
}

template <class HFr>
using BasicTileLaunch = void (*)(Context&, const HFr*, HFr*, const BasicTilePass<HFr>&, std::size_t);
using TileLaunch = BasicTileLaunch<Fr>;
template <class HFr>
struct BasicNttKernel {
  const char* name;
  BasicTileLaunch<HFr> launch;  // null: the shared-memory kernel
  unsigned logt;      // the kernel's tile capacity (shared memory, units per thread)
  unsigned tile, cmin, last;
  int shoup = 0;  // Shoup tables: 1 for the inner roots (TilePass::wq), 2 also the twiddles (twq)
};
using NttKernel = BasicNttKernel<Fr>;  // BLS12-381's (the lab's variants)
// Tiles within the kernel's capacity, ≥ 2 levels a pass (static_assert it where a kernel
// entry is made).
// (A function object, not a template: the lab passes it to std::all_of.)
inline constexpr auto plan_fits = [](const auto& k) {
  return !k.launch || (k.tile <= k.logt && k.last <= k.logt && k.tile >= k.cmin + 2 && k.last >= 2);
};
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL, int SHOUP,
          TileLaunch Launch = launch_tile<LOGT, THREADS, MINB, PDL, SHOUP>>
constexpr NttKernel tile_kernel(const char* name, unsigned tile = LOGT, unsigned cmin = 2, unsigned last = LOGT) {
  return {name, Launch, LOGT, tile, cmin, last, SHOUP};
}
// The same over another curve's scalars (HFr = bn254::Fr).
template <class HFr, unsigned LOGT, unsigned THREADS, unsigned MINB, int PDL, int SHOUP>
constexpr BasicNttKernel<HFr> tile_kernel_for(const char* name) {
  return {name, launch_tile<LOGT, THREADS, MINB, PDL, SHOUP, HFr>, LOGT, LOGT, 2, LOGT, SHOUP};
}

// The shared-memory kernel (every size; the product's below 2^10): passes of ≤ 8 levels,
// the last ≤ 10.
inline constexpr NttKernel kSmemKernel{"smem", nullptr, 10, 10, 2, 10};

// mode 0 forward, 1 inverse, 2 the inverse's coset scaling (ntt.hpp), in place on 2^L
// device elements with kernel k (the shared-memory one for L < 10 whatever k is).
// Instantiated for bls12_381::Fr (ntt.cu) and bn254::Fr (ntt_bn254.cu).
template <class HFr>
void run(Context& ctx, HFr* data, unsigned L, int mode, const BasicNttKernel<HFr>& k);

}  // namespace cuzk::cuda::ntt_detail
