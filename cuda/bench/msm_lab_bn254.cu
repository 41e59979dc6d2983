// The lab's BN254 MSMs: the product's msm_impl.cuh with the event probe and with other
// launches of the bucket accumulation (AccLaunch: threads a block, the launch bound, in step
// or not), so that one bench run times each against the product's on the same inputs.
// BN254's field is 8 limbs where BLS12-381's Fq is 12: its points need two thirds of the
// registers, and the launch the product took over from BLS12-381 was never measured for it.
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "cuzk/cuda/bn254_curves.cuh"
#include "lab.hpp"
#include "msm_impl.cuh"
#include "msm_probe.cuh"

namespace cuzk::cuda::lab {
namespace {

using msm_detail::AccLaunch;
using bn254_device::DG1Curve;
using bn254_device::DG2Curve;

// The accumulation kernel's registers and local (spilled) bytes a thread, on stderr once a
// launch when profiling, so that a timing can be read beside what ptxas made of the bound.
template <class DC, class L, bool kPairs>
void print_kernel(const char* what) {
  cudaFuncAttributes fa{};
  if constexpr (DC::kExtension && kPairs)
    CUZK_CUDA_CHECK(cudaFuncGetAttributes(&fa, msm_detail::accumulate_segments_pairs<DC, L>));
  else
    CUZK_CUDA_CHECK(cudaFuncGetAttributes(&fa, msm_detail::accumulate_segments<DC, L>));
  std::fprintf(stderr, "acc %s %u/%u/%s: %d registers, %zu B local a thread\n", what, L::threads,
               L::threads * L::min_blocks, L::lockstep ? "lock" : "free", fa.numRegs, fa.localSizeBytes);
}

// kPairs: G2 on lane pairs (the product's) or one thread a point.
template <class DC, class HostJac, class HostXYZZ, class Acc, class Bases, bool kPairs = true>
HostJac run(Context& ctx, const Bases& bases, const bn254::Fr* scalars, std::size_t n, bool profile) {
  if (profile) {
    using AC = std::conditional_t<DC::kExtension && kPairs, DPairCurve<DC>, DC>;
    print_kernel<DC, std::conditional_t<std::is_void_v<Acc>, msm_detail::AccDefault<DC, AC>, Acc>, kPairs>(
        DC::kExtension ? (kPairs ? "G2" : "G2 one lane") : "G1");
  }
  EventProbe probe(profile);
  return msm_detail::run<DC, HostJac, HostXYZZ, kPairs, EventProbe, Acc>(
      ctx, msm_detail::BaseSource{bases.device_xy(), bases.size(), 0, 0}, {scalars, false}, n, 0, probe);
}

// The launches compiled into the lab, by name "threads/SM threads/lock|free"; "" is the
// product's (AccDefault: G1 384/768/lock, G2 pairs 512/512/lock, chosen with this list), and
// BLS12-381's launch is kept beside it. Each is a kernel of its own: keep the lists short.
template <class DC, class HostJac, class HostXYZZ, class Bases>
struct Variant {
  const char* name;
  HostJac (*fn)(Context&, const Bases&, const bn254::Fr*, std::size_t, bool);
};
constexpr bool kStep_lock = true, kStep_free = false;
#define CUZK_LAB_ACC(DC, J, X, B, T, S, STEP) \
  Variant<DC, J, X, B> { #T "/" #S "/" #STEP, &run<DC, J, X, AccLaunch<T, S, kStep_##STEP>, B> }
// the product's accumulation with the window segments' bound at SEG blocks of 128 an SM
#define CUZK_LAB_SEG(DC, J, X, B, T, S, STEP, SEG) \
  Variant<DC, J, X, B> { #T "/" #S "/" #STEP "/seg" #SEG, &run<DC, J, X, AccLaunch<T, S, kStep_##STEP, SEG>, B> }

using G1V = Variant<DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254>;
using G2V = Variant<DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254>;

const std::vector<G1V>& g1_variants() {
  static const std::vector<G1V> v = {
      {"", &run<DG1Curve, bn254::G1, bn254::G1XYZZ, void, ResidentG1Bn254>},
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 512, 512, free),
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 640, 640, lock),
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 768, 768, lock),
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 512, 512, lock),  // BLS12-381's
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 256, 768, free),
      CUZK_LAB_ACC(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 1024, 1024, lock),
      CUZK_LAB_SEG(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 384, 768, lock, 2),
      CUZK_LAB_SEG(DG1Curve, bn254::G1, bn254::G1XYZZ, ResidentG1Bn254, 384, 768, lock, 4),
  };
  return v;
}
const std::vector<G2V>& g2_variants() {
  static const std::vector<G2V> v = {
      {"", &run<DG2Curve, bn254::G2, bn254::G2XYZZ, void, ResidentG2Bn254>},
      CUZK_LAB_ACC(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 512, 512, free),
      CUZK_LAB_ACC(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 384, 384, free),  // BLS12-381's
      CUZK_LAB_ACC(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 256, 512, free),
      CUZK_LAB_ACC(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 640, 640, free),
      CUZK_LAB_ACC(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 384, 384, lock),
      CUZK_LAB_SEG(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 512, 512, lock, 2),
      CUZK_LAB_SEG(DG2Curve, bn254::G2, bn254::G2XYZZ, ResidentG2Bn254, 512, 512, lock, 4),
      // one thread a point (no lane pairs): BN254's Fq2 point is the size of BLS12-381's G1 one
      {"1lane/128/256/free", &run<DG2Curve, bn254::G2, bn254::G2XYZZ, AccLaunch<128, 256, false>, ResidentG2Bn254, false>},
      {"1lane/256/256/lock", &run<DG2Curve, bn254::G2, bn254::G2XYZZ, AccLaunch<256, 256, true>, ResidentG2Bn254, false>},
  };
  return v;
}
#undef CUZK_LAB_ACC
#undef CUZK_LAB_SEG

template <class V>
const V& find(const std::vector<V>& list, const std::string& name, const char* var) {
  for (const V& v : list)
    if (name == v.name) return v;
  std::string all;
  for (const V& v : list) all += std::string(all.empty() ? "" : ", ") + (*v.name ? v.name : "\"\" (the product's)");
  throw Error(Error::Kind::BadInput, std::string(var) + ": \"" + name + "\" is not one of the lab's launches: " + all);
}

}  // namespace

std::vector<std::string> bn254_acc_launches(bool g2) {
  std::vector<std::string> names;
  if (g2)
    for (const auto& v : g2_variants()) names.push_back(v.name);
  else
    for (const auto& v : g1_variants()) names.push_back(v.name);
  return names;
}

void check_acc_launch(bool g2, const std::string& name) {
  if (g2) (void)find(g2_variants(), name, "CUZK_MSM_ACC_G2");
  else (void)find(g1_variants(), name, "CUZK_MSM_ACC_G1");
}

bn254::G1 msm_g1(Context& ctx, const ResidentG1Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 const MsmMode& mode) {
  return find(g1_variants(), mode.acc_g1, "CUZK_MSM_ACC_G1").fn(ctx, bases, scalars, n, mode.profile);
}

bn254::G2 msm_g2(Context& ctx, const ResidentG2Bn254& bases, const bn254::Fr* scalars, std::size_t n,
                 const MsmMode& mode) {
  return find(g2_variants(), mode.acc_g2, "CUZK_MSM_ACC_G2").fn(ctx, bases, scalars, n, mode.profile);
}

}  // namespace cuzk::cuda::lab
