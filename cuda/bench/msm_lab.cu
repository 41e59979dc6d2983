// The lab's MSM modes (lab.hpp): the product's msm_impl.cuh instantiated with the event probe
// and, for G2, with one thread a point. Compiled into the lab only.
#include <cstdlib>
#include <string>

#include "lab.hpp"
#include "msm_impl.cuh"
#include "msm_probe.cuh"

namespace cuzk::cuda::lab {
namespace {
template <class DC, class HostJac, class HostXYZZ, bool kG2Pairs, class Bases>
HostJac run(Context& ctx, const Bases& bases, const bls12_381::Fr* scalars, std::size_t n, const MsmMode& mode) {
  EventProbe probe(mode.profile);
  return msm_detail::run<DC, HostJac, HostXYZZ, kG2Pairs>(
      ctx, msm_detail::BaseSource{bases.device_xy(), bases.size(), 0, 0}, {scalars, false}, n, 0, probe);
}
}  // namespace

MsmMode msm_mode(const std::function<const char*(const char*)>& getenv) {
  MsmMode m;
  auto bad = [](const char* var, const std::string& v, const char* want) {
    throw Error(Error::Kind::BadInput, std::string(var) + ": \"" + v + "\" is not " + want);
  };
  if (const char* e = getenv("CUZK_MSM_PROFILE"); e && *e) {
    const std::string v = e;
    if (v == "on" || v == "1") m.profile = true;
    else if (v != "off" && v != "0") bad("CUZK_MSM_PROFILE", v, "on or off (1 or 0)");
  }
  if (const char* e = getenv("CUZK_MSM_G2_LANES"); e && *e) {
    const std::string v = e;
    if (v != "1" && v != "2") bad("CUZK_MSM_G2_LANES", v, "1 or 2");
    m.g2_lanes = unsigned(v[0] - '0');
  }
  if (const char* e = getenv("CUZK_MSM_ACC_G1"); e && *e) check_acc_launch(false, m.acc_g1 = e);
  if (const char* e = getenv("CUZK_MSM_ACC_G2"); e && *e) check_acc_launch(true, m.acc_g2 = e);
  return m;
}

bls12_381::G1 msm_g1(Context& ctx, const ResidentG1& bases, const bls12_381::Fr* scalars, std::size_t n,
                     const MsmMode& mode) {
  return run<DG1Curve, bls12_381::G1, bls12_381::G1XYZZ, true>(ctx, bases, scalars, n, mode);
}

bls12_381::G2 msm_g2(Context& ctx, const ResidentG2& bases, const bls12_381::Fr* scalars, std::size_t n,
                     const MsmMode& mode) {
  if (mode.g2_lanes == 1) return run<DG2Curve, bls12_381::G2, bls12_381::G2XYZZ, false>(ctx, bases, scalars, n, mode);
  return run<DG2Curve, bls12_381::G2, bls12_381::G2XYZZ, true>(ctx, bases, scalars, n, mode);
}

}  // namespace cuzk::cuda::lab
