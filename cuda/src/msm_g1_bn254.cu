// BN254 G1 MSM instantiation, G1 resident bases and window tables (the same kernels as
// BLS12-381's in msm_g1.cu, on BN254's device curve: cuzk/cuda/bn254_curves.cuh).
#include "cuzk/cuda/bn254_curves.cuh"
#include "msm_table.cuh"

namespace cuzk::cuda {

template class ResidentBases<bn254::G1Affine>;
template class WindowTable<bn254::G1Affine>;

bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::montgomery_scalars(scalars), n, first);
}
bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr::Repr* scalars, std::size_t n,
                 std::size_t first) {
  return msm_detail::msm_resident(ctx, bases, msm_detail::canonical_scalars<bn254::Fr>(scalars), n, first);
}
bn254::G1 msm_g1(Context& ctx, const WindowTableG1Bn254& table, const bn254::Fr* scalars, std::size_t n,
                 std::size_t first) {
  return msm_detail::msm_windowed(ctx, table, msm_detail::montgomery_scalars(scalars), n, first);
}

}  // namespace cuzk::cuda
