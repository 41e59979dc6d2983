// The lab's NTT kernels (lab.hpp): the tile kernel's other shapes, launches and product
// forms, each run through the product's ntt_detail::run. Compiled into the lab only. Their
// timings chose the product's kernel (t10b3S; ntt.cu says by how much).
//
// Names: tLOGTbB = tiles of 2^LOGT, 256 threads, B blocks an SM; tLOGThB = 128 threads.
// Suffixes: s = non-last tiles of 2^10 in the 2^11 kernel (twice the blocks), w = a single
// column allowed (t10b3w: 2^20 in two passes of 2^10 tiles; t11b3w: 2^21 and 2^22 in two
// passes of 2^11 tiles), l10 = a 10-level last pass in the 2^11 kernel; n = launched plainly,
// p = with the next pass launched at each block's start (PDL = 1; slower at 2^18), none =
// launched by programmatic dependent launch at each block's exit (PDL = 2, the product's);
// S = Shoup's products throughout, H = Shoup's in the butterflies only.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstring>
#include <iterator>

#include "lab.hpp"
#include "ntt_kernel.cuh"

namespace cuzk::cuda::lab {
namespace {
using namespace ntt_detail;

// A pass launched plainly (PDL = 0; the product's launcher always uses programmatic
// dependent launch).
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int SHOUP>
void launch_plain(Context& ctx, const Fr* in, Fr* out, const TilePass& p, std::size_t n) {
  auto* f = dif_tile<LOGT, THREADS, MINB, 0, SHOUP>;
  allow_smem(f, int(sizeof(Fr)) << LOGT, ctx.device());
  const std::size_t te = std::size_t(1) << (p.k + p.logc);
  f<<<unsigned(n / te), THREADS, te * sizeof(Fr), ctx.stream()>>>(in, out, p);
  CUZK_CUDA_CHECK_LAUNCH();
}
template <unsigned LOGT, unsigned THREADS, unsigned MINB, int SHOUP = 0>
constexpr NttKernel plain(const char* name, unsigned tile = LOGT, unsigned cmin = 2, unsigned last = LOGT) {
  return tile_kernel<LOGT, THREADS, MINB, 0, SHOUP, launch_plain<LOGT, THREADS, MINB, SHOUP>>(name, tile, cmin, last);
}

}  // namespace
}  // namespace cuzk::cuda::lab

// Every tile kernel below is reached only through a function pointer in a constant expression,
// which nvcc's device pass does not instantiate (each translation unit has its own device
// code: the product's instantiations in ntt.cu do not serve this one). Without these the lab's
// NTTs fail at launch with "invalid resource handle" (seen on an H100, 2026-12-07).
namespace cuzk::cuda::ntt_detail {
#define CUZK_LAB_TILE(LOGT, THREADS, MINB, PDL, SHOUP) \
  template __global__ void dif_tile<LOGT, THREADS, MINB, PDL, SHOUP>(const Fr*, Fr*, TilePass);
CUZK_LAB_TILE(10, 256, 3, 2, 2)
CUZK_LAB_TILE(10, 256, 3, 2, 0)
CUZK_LAB_TILE(11, 256, 3, 2, 0)
CUZK_LAB_TILE(10, 256, 3, 2, 1)
CUZK_LAB_TILE(10, 256, 2, 0, 0)
CUZK_LAB_TILE(11, 256, 2, 0, 0)
CUZK_LAB_TILE(11, 256, 3, 0, 0)
CUZK_LAB_TILE(10, 128, 4, 0, 0)
CUZK_LAB_TILE(10, 128, 6, 0, 0)
CUZK_LAB_TILE(10, 256, 3, 0, 0)
CUZK_LAB_TILE(10, 256, 3, 1, 0)
CUZK_LAB_TILE(11, 256, 3, 1, 0)
CUZK_LAB_TILE(11, 256, 3, 2, 2)
CUZK_LAB_TILE(11, 256, 3, 2, 1)
CUZK_LAB_TILE(10, 256, 2, 2, 2)
#undef CUZK_LAB_TILE
}  // namespace cuzk::cuda::ntt_detail

namespace cuzk::cuda::lab {
namespace {
using namespace ntt_detail;

constexpr NttKernel kKernels[] = {
    kSmemKernel,
    tile_kernel<10, 256, 3, 2, 2>("t10b3S"),  // the product's
    tile_kernel<10, 256, 3, 2, 0>("t10b3"),
    tile_kernel<11, 256, 3, 2, 0>("t11b3s", 10, 1, 11),
    tile_kernel<10, 256, 3, 2, 1>("t10b3H"),
    plain<10, 256, 2>("t10b2"),
    plain<11, 256, 2>("t11b2"),
    plain<11, 256, 3>("t11b3"),
    plain<10, 128, 4>("t10h4"),
    plain<10, 128, 6>("t10h6"),
    plain<10, 256, 3>("t10b3w", 10, 0, 10),
    plain<11, 256, 3>("t11b3l10", 11, 1, 10),
    plain<11, 256, 3>("t11b3w", 11, 0, 11),
    plain<10, 256, 3>("t10b3n"),
    plain<11, 256, 3>("t11b3sn", 10, 1, 11),
    tile_kernel<10, 256, 3, 1, 0>("t10b3p"),
    tile_kernel<11, 256, 3, 1, 0>("t11b3sp", 10, 1, 11),
    tile_kernel<11, 256, 3, 2, 2>("t11b3sS", 10, 1, 11),
    tile_kernel<11, 256, 3, 2, 1>("t11b3sH", 10, 1, 11),
    tile_kernel<10, 256, 2, 2, 2>("t10b2S"),  // t10b3S with 2 blocks an SM (128 registers)
};
static_assert(std::all_of(std::begin(kKernels), std::end(kKernels), plan_fits),
              "an NTT kernel's plan does not fit its tiles");

}  // namespace

std::vector<std::string> ntt_kernels() {
  std::vector<std::string> names;
  for (const auto& k : kKernels) names.push_back(k.name);
  return names;
}

void ntt(Context& ctx, bls12_381::Fr* data, unsigned log_n, int mode, const std::string& kernel) {
  const auto it = std::find_if(std::begin(kKernels), std::end(kKernels),
                               [&](const NttKernel& k) { return kernel == k.name; });
  if (it == std::end(kKernels))
    throw Error(Error::Kind::BadInput, "NTT kernel \"" + kernel + "\" is not one of the lab's");
  if (mode == 2) {
    ntt_detail::run(ctx, data, log_n, 2, *it);
    mode = 0;
  }
  ntt_detail::run(ctx, data, log_n, mode, *it);
}

}  // namespace cuzk::cuda::lab
