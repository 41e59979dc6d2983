#pragma once
// The public MSM entry points (msm.hpp), generic over the curve, and the macros that define
// one curve's in its translation unit (msm_g1.cu, msm_g2.cu, msm_g1_bn254.cu, msm_g2_bn254.cu).
#include "msm_impl.cuh"

namespace cuzk::cuda::msm_detail {

// The public entry points' bodies (msm_g1*.cu, msm_g2*.cu): Σ scalars[i]·bases[first + i]
// over resident bases, or over a window table's multiples of them.
template <class HostAffine, class Fr>
auto msm_resident(Context& ctx, const ResidentBases<HostAffine>& bases, Scalars<Fr> sc, std::size_t n,
                  std::size_t first) {
  using HC = typename HostCurveOf<HostAffine>::type;
  return run<DeviceCurve<HC>, ec::Jacobian<HC>, ec::XYZZ<HC>>(ctx, BaseSource{bases.device_xy(), bases.size(), 0, 0},
                                                                sc, n, first);
}
template <class HostAffine, class Fr>
auto msm_windowed(Context& ctx, const WindowTable<HostAffine>& table, Scalars<Fr> sc, std::size_t n,
                  std::size_t first) {
  using HC = typename HostCurveOf<HostAffine>::type;
  if (table.windows() == 0 && n) throw Error(Error::Kind::BadInput, "MSM over a window table that was not built");
  return run<DeviceCurve<HC>, ec::Jacobian<HC>, ec::XYZZ<HC>>(
      ctx, BaseSource{table.device_xy(), table.size(), table.size(), table.window_bits()}, sc, n, first);
}

}  // namespace cuzk::cuda::msm_detail

// One curve's public MSM entry points (msm.hpp) and explicit instantiations, expanded once in
// that curve's translation unit (msm_g1.cu, msm_g2.cu, msm_g1_bn254.cu, msm_g2_bn254.cu):
// FN (msm_g1 / msm_g2) over NS's group G (G1 / G2) with Montgomery or canonical scalars, and
// for G1 the window table's.
#define CUZK_MSM_ENTRY_POINTS(NS, G, FN)                                                                      \
  template class ResidentBases<NS::G##Affine>;                                                                \
  NS::G FN(Context& ctx, const ResidentBases<NS::G##Affine>& bases, const NS::Fr* scalars, std::size_t n,     \
           std::size_t first) {                                                                               \
    return msm_detail::msm_resident(ctx, bases, msm_detail::montgomery_scalars(scalars), n, first);           \
  }                                                                                                           \
  NS::G FN(Context& ctx, const ResidentBases<NS::G##Affine>& bases, const NS::Fr::Repr* scalars, std::size_t n, \
           std::size_t first) {                                                                               \
    return msm_detail::msm_resident(ctx, bases, msm_detail::canonical_scalars<NS::Fr>(scalars), n, first);   \
  }
#define CUZK_MSM_TABLE_ENTRY_POINT(NS)                                                                         \
  template class WindowTable<NS::G1Affine>;                                                                   \
  NS::G1 msm_g1(Context& ctx, const WindowTable<NS::G1Affine>& table, const NS::Fr* scalars, std::size_t n,    \
                std::size_t first) {                                                                          \
    return msm_detail::msm_windowed(ctx, table, msm_detail::montgomery_scalars(scalars), n, first);           \
  }
