#pragma once
// Per-context caches (private to cuda/src): NTT twiddle tables per size and scratch
// buffers that grow to the largest request and are reused; the NTT's per curve.
#include <cstdint>
#include <map>
#include <tuple>
#include <type_traits>
#include <utility>

#include "cuzk/cuda/context.hpp"
#include "cuzk/ff/bls12_381.hpp"
#include "cuzk/ff/bn254.hpp"

namespace cuzk::cuda {

template <class HFr>
struct NttTables {
  // ω_n^E = lo[E & (2^s − 1)] · hi[E >> s]; coset_lo/hi likewise give n⁻¹·ω_2n^i.
  unsigned log_n = 0, s = 0;
  HFr ninv;  // n⁻¹
  DeviceBuffer<HFr> lo, hi, coset_lo, coset_hi;
  // Inter-pass twiddles of the tile kernel, per (log N, k) of a pass: N entries laid out
  // like the data, entry J·M + l = ω_N^(l·bitrev_k(J)) (M = N/2^k); in Montgomery form, or
  // for the Shoup kernels (key's third member true) canonical in w beside quotients in q.
  struct PassTable {
    DeviceBuffer<HFr> w, q;
  };
  std::map<std::tuple<unsigned, unsigned, bool>, PassTable> pass;
};

// One curve's NTT state (HFr: bls12_381::Fr or bn254::Fr).
template <class HFr>
struct NttCache {
  std::map<unsigned, NttTables<HFr>> ntt;
  DeviceBuffer<HFr> w2048;                    // ω_2048^j, j < 1024: the inner DFT roots
  DeviceBuffer<HFr> w2048_plain, w2048_quot;  // the same for Shoup: canonical, quotients
  DeviceBuffer<HFr> ntt_scratch;
};

struct ContextCaches {
  NttCache<bls12_381::Fr> ntt_bls12_381;
  NttCache<bn254::Fr> ntt_bn254;
  template <class HFr>
  NttCache<HFr>& ntt_for() {
    if constexpr (std::is_same_v<HFr, bn254::Fr>)
      return ntt_bn254;
    else
      return ntt_bls12_381;
  }
  DeviceBuffer<std::uint8_t> msm_class;    // canonical scalars, big / ones index lists, counts
  DeviceBuffer<std::uint8_t> msm_arena;    // keys, values, sort temp, buckets
  DeviceBuffer<std::uint8_t> msm_scalars;  // host scalars staged here (32 bytes each, either curve's Fr)
};

}  // namespace cuzk::cuda
