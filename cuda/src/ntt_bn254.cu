// The NTT over BN254's Fr: ntt.cu's algorithm and product kernel (t10b3S: 2^10-element
// tiles, 3 blocks an SM, Shoup's products, programmatic dependent launch; the shared-memory
// kernel below 2^10), instantiated for bn254::Fr. Untuned for BN254: its Fr has the same
// 8 limbs as BLS12-381's, so the same kernel is the expected best.
#include "ntt_impl.cuh"

namespace cuzk::cuda {
using BnFr = bn254::Fr;
// Every kernel explicitly (the tile kernel is named only through a function pointer: see
// ntt.cu); checked by tests/cuda/check_fatbin_kernels.py.
template __global__ void ntt_detail::dif_tile<10, 256, 3, 2, 2, BnFr>(const BnFr*, BnFr*,
                                                                       ntt_detail::BasicTilePass<BnFr>);
template __global__ void ntt_detail::dif_pass_smem<BnFr>(const BnFr*, BnFr*, unsigned, unsigned, unsigned, unsigned,
                                                         const BnFr*, const BnFr*, const BnFr*, unsigned,
                                                         ntt_detail::BasicPermute<BnFr>);
template void ntt_detail::run<BnFr>(Context&, BnFr*, unsigned, int, const ntt_detail::BasicNttKernel<BnFr>&);

namespace {
constexpr auto kProductBn254 = ntt_detail::tile_kernel_for<BnFr, 10, 256, 3, 2, 2>("t10b3S");
static_assert(ntt_detail::plan_fits(kProductBn254), "the NTT kernel's plan does not fit its tiles");
}  // namespace

CUZK_NTT_ENTRY_POINTS(BnFr, kProductBn254)

}  // namespace cuzk::cuda
