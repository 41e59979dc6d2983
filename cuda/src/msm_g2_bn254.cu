// BN254 G2 MSM instantiation and G2 resident bases (BLS12-381's kernels, msm_g2.cu, on
// BN254's device curve: cuzk/cuda/bn254_curves.cuh; lane pairs as for BLS12-381).
#include "cuzk/cuda/bn254_curves.cuh"
#include "msm_impl.cuh"

namespace cuzk::cuda {

template class ResidentBases<bn254::G2Affine>;

bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::montgomery_scalars(scalars), n, first);
}
bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr::Repr* scalars, std::size_t n,
                 std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::canonical_scalars<bn254::Fr>(scalars), n, first);
}

}  // namespace cuzk::cuda
