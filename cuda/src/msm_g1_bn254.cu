// BN254 G1 MSM instantiation, G1 resident bases and window tables (the same kernels as
// BLS12-381's in msm_g1.cu, on BN254's device curve: cuzk/cuda/bn254_curves.cuh).
#include "cuzk/cuda/bn254_curves.cuh"
#include "msm_entry.cuh"
#include "msm_table.cuh"

namespace cuzk::cuda {

CUZK_MSM_ENTRY_POINTS(bn254, G1, msm_g1)
CUZK_MSM_TABLE_ENTRY_POINT(bn254)

}  // namespace cuzk::cuda
