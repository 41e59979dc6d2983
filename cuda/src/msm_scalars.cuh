#pragma once
// The MSM's scalar-field parameters (cuda/src, msm_impl.cuh): the window model's width and
// the reductions of canonical scalars, derived from the curve's scalar field (BLS12-381's or
// BN254's Fr), and a call's scalars (Montgomery form or canonical integers).
#include <cstddef>

#include "cuzk/cuda/curves.cuh"
#include "cuzk/cuda/msm.hpp"
#include "cuzk/ff/bigint.hpp"

namespace cuzk::cuda::msm_detail {

// The window model's scalar width for a device scalar field DFr: bits(r) + 1, so that the
// signed digits of any s < r end without a carry (the top window's raw value is below
// 2^(c−1) when W·c ≥ bits(r) + 1).
template <class DFr>
inline constexpr unsigned kScalarBits = unsigned(DFr::HostType::BITS + 1);
static_assert(kScalarBits<DFr> == 256 && kScalarBits<DFr> == kMsmScalarBits<bls12_381::G1Affine>,
              "BLS12-381's window model is unchanged");

// Reductions that take any 256-bit integer below r by conditional subtractions: the most
// multiples of r below 2^256 (BLS12-381: 2, as 3r > 2^256; BN254: 5, as 6r > 2^256).
template <class DFr>
inline constexpr int kCanonicalReductions = [] {
  namespace bi = ff::bi;
  constexpr std::size_t H = DFr::HostType::N;
  ff::Limbs<H + 1> acc{}, r = bi::resize<H + 1>(DFr::HostType::P);
  int k = 0;
  for (;;) {
    bi::add(acc, r);
    if (acc[H] != 0) return k;  // (k + 1)·r ≥ 2^256
    ++k;
  }
}();
static_assert(kCanonicalReductions<DFr> == 2, "BLS12-381: two subtractions, as before");
template <class DFr>
__device__ __forceinline__ void reduce_any(DFr& s) {
#pragma unroll
  for (int k = 0; k < kCanonicalReductions<DFr>; ++k) s.reduce_once();
}

// The scalars of a call: host or device memory (detected from the pointer), 32 bytes each,
// Montgomery-form Fr or canonical integers (a witness).
template <class Fr>
struct Scalars {
  const Fr* data;
  bool canonical;
};
template <class Fr>
Scalars<Fr> montgomery_scalars(const Fr* s) {
  return {s, false};
}
// (Fr::Repr is the same limb array for every 4-limb field: Fr is named by the caller.)
template <class Fr>
Scalars<Fr> canonical_scalars(const typename Fr::Repr* s) {
  static_assert(sizeof(typename Fr::Repr) == sizeof(Fr), "canonical scalars share Fr's size and limb order");
  return {reinterpret_cast<const Fr*>(s), true};
}

}  // namespace cuzk::cuda::msm_detail
