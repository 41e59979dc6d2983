// BLS12-381 G2 MSM instantiation and G2 resident bases.
#include "msm_entry.cuh"

namespace cuzk::cuda {

CUZK_MSM_ENTRY_POINTS(bls12_381, G2, msm_g2)

}  // namespace cuzk::cuda
