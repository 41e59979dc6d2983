// BLS12-381 G2 MSM instantiation and G2 resident bases.
#include "msm_impl.cuh"

namespace cuzk::cuda {

template class ResidentBases<bls12_381::G2Affine>;

bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr* scalars, std::size_t n,
                     std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::montgomery_scalars(scalars), n, first);
}
bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr::Repr* scalars, std::size_t n,
                     std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::canonical_scalars<bls12_381::Fr>(scalars), n, first);
}

}  // namespace cuzk::cuda
