// G1 MSM instantiation, the window choice, and G1 resident bases.
#include "msm_impl.cuh"

namespace cuzk::cuda {

unsigned msm_window_bits(std::size_t n) {
  // cost(c) ≈ n·W (bucket additions) + W·2^(c−1)·(1.5c + 1) (weights and reduction)
  unsigned best = 4;
  double best_cost = 1e300;
  for (unsigned c = 4; c <= 20; ++c) {
    double W = (msm_detail::SCALAR_BITS + c - 1) / c;
    double cost = double(n) * W + W * double(1u << (c - 1)) * (1.5 * c + 1);
    if (cost < best_cost) best_cost = cost, best = c;
  }
  return best;
}

template class ResidentBases<bls12_381::G1Affine>;

bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first) {
  return msm_detail::run<DG1Curve, bls12_381::G1, bls12_381::G1XYZZ>(ctx, bases, scalars, n, first);
}

}  // namespace cuzk::cuda
