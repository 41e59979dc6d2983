// BLS12-381 G1 MSM instantiation, the window choice, G1 resident bases and window tables.
#include <algorithm>
#include <cstring>

#include "msm_entry.cuh"
#include "msm_table.cuh"

namespace cuzk::cuda {

unsigned msm_window_bits(std::size_t n, const char* curve, const CudaOptions& options, unsigned scalar_bits) {
  const unsigned fixed = std::strcmp(curve, "G2") == 0 ? options.msm_window_bits_g2 : options.msm_window_bits_g1;
  if (fixed >= kMsmWindowMinBits && fixed <= kMsmWindowMaxBits) return fixed;
  // cost(c) ≈ n·W (bucket additions) + 4·W·2^(c−1) (a bucket's cost in mixed-addition
  // units: its chunk partials, the tree, the segment reduction's two full additions)
  // + (c−1)·min(W·2^(c−1), S) (each segment thread's double-and-add by its offset, ~c − 1
  // steps; S = 50688 threads fill an H100/H200's 132 SMs at the segment kernel's 3 blocks of
  // 128), c ≤ log2 n − 4. Fitted to H100 sweeps of the width on distinct points, G1 and G2
  // alike: it picks 10 / 13 / 16 / 16 / 20 / 20 at 2^16 … 2^26, the measured best of the
  // widths tried at each (2^16: 10 against 12, +44 % on G1; 2^18: 13 against 12; 2^26: c = 20
  // and 22 tie). The bucket weight is bracketed by
  // 2.9 (c = 16 over 18 at 2^22) and 5.3 (c = 20 over 19 at 2^24).
  unsigned best = 4, cmax = 4;
  while ((std::size_t(1) << (cmax + 1 + 4)) <= n && cmax < kMsmWindowMaxBits) ++cmax;
  double best_cost = 1e300;
  for (unsigned c = 4; c <= cmax; ++c) {
    const double W = (scalar_bits + c - 1) / c, buckets = W * double(1u << (c - 1));
    const double cost = double(n) * W + 4.0 * buckets + double(c - 1) * std::min(buckets, 50688.0);
    if (cost < best_cost) best_cost = cost, best = c;
  }
  return best;
}

CUZK_MSM_ENTRY_POINTS(bls12_381, G1, msm_g1)
CUZK_MSM_TABLE_ENTRY_POINT(bls12_381)

}  // namespace cuzk::cuda
