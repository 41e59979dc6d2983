#pragma once
// The lab (built only with -DCUZK_LAB=ON; product code never includes it, check-layers.py
// sees to that): the NTT kernels and MSM modes that lost to the product's, kept so that
// experiments can time them beside it on the same data. bench_cuda and the lab tests use it.
#include <functional>
#include <string>
#include <vector>

#include "cuzk/cuda/context.hpp"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ff/bls12_381.hpp"

namespace cuzk::cuda::lab {

// The NTT kernels by name (ntt_lab.cu): "smem" (the shared-memory kernel at every size),
// "t10b3S" (the product's tile kernel), and the others the product's was chosen over.
// Every one computes the same results.
std::vector<std::string> ntt_kernels();
// mode 0 forward, 1 inverse, 2 to the odd coset (as cuzk/cuda/ntt.hpp), in place on 2^log_n
// device elements, with the kernel named; an unknown name is Error(BadInput).
void ntt(Context& ctx, bls12_381::Fr* data, unsigned log_n, int mode, const std::string& kernel);

// MSM modes beside the product's: per-stage CUDA-event times of each call on stderr, and G2
// with one thread a point (lanes 1) instead of the product's lane pairs (2).
struct MsmMode {
  bool profile = false;
  unsigned g2_lanes = 2;
  std::string acc_g1, acc_g2;  // BN254's accumulation launches ("": the product's; bn254_acc_launches)
  bool is_product() const { return !profile && g2_lanes == 2 && acc_g1.empty() && acc_g2.empty(); }
};
// CUZK_MSM_PROFILE (on|off|1|0), CUZK_MSM_G2_LANES (1|2) and CUZK_MSM_ACC_G1 / _G2 (a name
// from bn254_acc_launches) from `getenv`; a bad value is Error(BadInput) naming the variable.
MsmMode msm_mode(const std::function<const char*(const char*)>& getenv);

bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr* scalars, std::size_t n,
                     const MsmMode& mode);
bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr* scalars, std::size_t n,
                     const MsmMode& mode);

// BN254 (msm_lab_bn254.cu): the product's MSM with the probe, and with the bucket
// accumulation launched otherwise: "threads/SM threads/lock|free" (threads a block, the
// resident threads an SM its launch bound asks for, in step or not); "" is the product's.
std::vector<std::string> bn254_acc_launches(bool g2);
void check_acc_launch(bool g2, const std::string& name);  // Error(BadInput) listing the launches
bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 const MsmMode& mode);
bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 const MsmMode& mode);

}  // namespace cuzk::cuda::lab
