// BN254 G2 MSM instantiation and G2 resident bases (BLS12-381's kernels, msm_g2.cu, on
// BN254's device curve: cuzk/cuda/bn254_curves.cuh; lane pairs as for BLS12-381).
#include "cuzk/cuda/bn254_curves.cuh"
#include "msm_entry.cuh"

namespace cuzk::cuda {

CUZK_MSM_ENTRY_POINTS(bn254, G2, msm_g2)

}  // namespace cuzk::cuda
