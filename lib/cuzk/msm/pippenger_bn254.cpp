// pippenger() / msm_naive() for BN254's G1 and G2 (bodies in pippenger_impl.hpp; apart from
// the BLS12-381 instances so their code is compiled as before).
#include "cuzk/msm/pippenger_impl.hpp"

namespace cuzk::msm {

template ec::Jacobian<bn254::G1Curve> pippenger(const ec::Affine<bn254::G1Curve>*, const Limbs<4>*, std::size_t,
                                                const MsmConfig&);
template ec::Jacobian<bn254::G2Curve> pippenger(const ec::Affine<bn254::G2Curve>*, const Limbs<4>*, std::size_t,
                                                const MsmConfig&);
template ec::Jacobian<bn254::G1Curve> msm_naive(const ec::Affine<bn254::G1Curve>*, const Limbs<4>*, std::size_t);
template ec::Jacobian<bn254::G2Curve> msm_naive(const ec::Affine<bn254::G2Curve>*, const Limbs<4>*, std::size_t);

}  // namespace cuzk::msm
