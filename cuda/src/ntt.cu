// Fr NTT on the device.
//
// Algorithm: in-place decimation-in-frequency (Gentleman–Sande) split into passes, each
// pass a batch of K = 2^k point DFTs followed by the inter-pass twiddle (the "four-step"
// decomposition, Bailey 1990): for a sub-problem of size N = 2^h and index i = J·M + l
// (J < K, l < M = N/K)
//   Y[l][q0] = Σ_J x[J·M + l]·ω_K^(J·q0)      (K-point DIF, output slot J = bitrev_k(q0))
//   Y[l][q0] ·= ω_N^(l·q0)                      (skipped in the last pass, M = 1)
// and the M-point problems over l follow. The composite output is in bit-reversed order;
// the last pass stores each element at its natural-order index (no separate gather pass),
// and for the inverse also maps k ↦ n − k and scales by n⁻¹ (iNTT(x)[k] = n⁻¹·NTT(x)[−k]),
// optionally times ω_2n^k for the coset.
//
// Kernels: for n ≥ 1024 the tile kernel (ntt_tile.cuh: butterflies in registers, one
// barrier per two levels, inter-pass twiddles from per-pass tables, one product an
// element, every product Shoup's: shoup.cuh); below that the shared-memory kernel
// (ntt_smem.cuh). Pass plan of the tile kernel with tiles of 2^t elements: the last pass
// takes min(L, t) levels, the others at most t − 2 each (C ≥ 4 adjacent columns, so
// device-memory accesses come in runs of ≥ 128 bytes), balanced. run() takes the kernel as
// an argument (ntt_kernel.cuh) so that the lab (cuda/bench) can time other kernels and
// plans through the same code.
#include "ntt_impl.cuh"

namespace cuzk::cuda {
// kProduct names its kernel only through a function pointer in a constant expression, and
// nvcc's device pass does not instantiate a kernel template reached that way: without this
// explicit instantiation the fatbin lacks dif_tile and every launch fails with "invalid
// resource handle". Keep the arguments those of kProduct's tile_kernel (below).
template __global__ void ntt_detail::dif_tile<10, 256, 3, 2, 2>(const Fr*, Fr*, ntt_detail::TilePass);
template void ntt_detail::run<Fr>(Context&, Fr*, unsigned, int, const ntt_detail::NttKernel&);

namespace {
using namespace ntt_detail;

// The product's kernel: 2^10-element tiles capped at 80 registers (3 blocks an SM), passes
// launched by programmatic dependent launch, every product Shoup's (dif_tile's SHOUP = 2).
// On an H100 it ran 10–14 % faster than the same tiles with Montgomery products at every
// size from 2^16 to 2^27, and fastest of the kernels tried there (2^11-element tiles, 2
// blocks an SM, Shoup's products in the butterflies only). Its inter-pass twiddle tables
// take 64 bytes an entry (2^h a pass: 1 GiB at 2^24, 8 GiB at 2^27 for the first pass),
// twice the Montgomery tables; Shoup's products in the butterflies only keep 32 bytes and
// were 3–4 % slower at 2^26 and 2^27.
constexpr NttKernel kProduct = tile_kernel<10, 256, 3, 2, 2>("t10b3S");
static_assert(plan_fits(kProduct), "the NTT kernel's plan does not fit its tiles");

}  // namespace

CUZK_NTT_ENTRY_POINTS(Fr, kProduct)

}  // namespace cuzk::cuda
