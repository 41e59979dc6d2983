// G1 MSM instantiation, the window choice, G1 resident bases and window tables.
#include <cstring>

#include "msm_table.cuh"

namespace cuzk::cuda {

unsigned msm_window_bits(std::size_t n, const char* curve, const CudaOptions& options) {
  const unsigned fixed = std::strcmp(curve, "G2") == 0 ? options.msm_window_bits_g2 : options.msm_window_bits_g1;
  if (fixed >= kMsmWindowMinBits && fixed <= kMsmWindowMaxBits) return fixed;
  // cost(c) ≈ n·W (bucket additions) + 16·W·2^(c−1) (per-bucket cost in mixed-addition
  // units: chunk bookkeeping and partial writes, the segment reduction's two full
  // additions), fitted to H200 timings at 2^24 with c = 16 and c = 19 (0.58 ns a point
  // addition, 8.6 ns a bucket); buckets keep ≥ ~64 points on average (c ≤ log2 n − 5).
  unsigned best = 4, cmax = 4;
  while ((std::size_t(1) << (cmax + 1 + 5)) <= n && cmax < 20) ++cmax;
  double best_cost = 1e300;
  for (unsigned c = 4; c <= cmax; ++c) {
    double W = (msm_detail::SCALAR_BITS + c - 1) / c;
    double cost = double(n) * W + W * double(1u << (c - 1)) * 16.0;
    if (cost < best_cost) best_cost = cost, best = c;
  }
  return best;
}

template class ResidentBases<bls12_381::G1Affine>;

bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first) {
  return msm_detail::run<DG1Curve, bls12_381::G1, bls12_381::G1XYZZ>(
      ctx, msm_detail::BaseSource{bases.device_xy(), bases.size(), 0, 0}, scalars, n, first);
}

template class WindowTable<bls12_381::G1Affine>;

bls12_381::G1 msm_g1(Context& ctx, const WindowTableG1& table, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first) {
  if (table.windows() == 0 && n) throw Error(Error::Kind::BadInput, "MSM over a window table that was not built");
  return msm_detail::run<DG1Curve, bls12_381::G1, bls12_381::G1XYZZ>(
      ctx, msm_detail::BaseSource{table.device_xy(), table.size(), table.size(), table.window_bits()}, scalars, n,
      first);
}

}  // namespace cuzk::cuda
